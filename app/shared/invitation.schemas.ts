import { z } from "zod";
import { type ClientRole, type TeamRole, formatPhone, nationalDigits } from "~/shared";
import { emailField, mismatch, newPassword, passwordsMatch } from "./auth.schemas";

/*
 * SPEC §5's invite forms (Basic and Advanced tabs are one form) and the two
 * registrations from a link; conform uses them in the browser too. conform turns an
 * empty field into undefined, so "optional" also means "left empty".
 */

/** Team invites exclude OWNER and default to ACCOUNT_MANAGER (SPEC §5, §9). */
export const TEAM_INVITE_ROLES = [
  "ACCOUNT_MANAGER",
  "SEO_SPECIALIST",
  "DESIGNER",
  "CONTENT_WRITER",
] as const satisfies readonly TeamRole[];
export const DEFAULT_TEAM_INVITE_ROLE: TeamRole = "ACCOUNT_MANAGER";

/** What a client may be invited as: agency and team users offer all three, client owners Employee and Lead. */
export function clientInviteRoles(inviterIsClient: boolean): ClientRole[] {
  return inviterIsClient ? ["EMPLOYEE", "LEAD"] : ["OWNER", "LEAD", "EMPLOYEE"];
}
export function defaultClientInviteRole(inviterIsClient: boolean): ClientRole {
  return inviterIsClient ? "EMPLOYEE" : "OWNER";
}

export const NO_EMAIL_FOR_INVITATION = "This invitation doesn't have an associated email address.";

const optionalText = (label: string, max: number) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters.`).optional();

export const optionalPhone = z
  .string()
  .refine((value) => nationalDigits(value).length === 10, "Please enter a 10-digit mobile number, like (555) 123-4567.")
  .transform(formatPhone)
  .optional();

export const optionalUrl = z
  .string()
  .trim()
  .refine((value) => /^https?:\/\//i.test(value), "The website must start with http:// or https://")
  .pipe(z.url({ error: "Please enter a valid website address." }).max(300, "The website address is too long."))
  .optional();

const common = {
  email: emailField.optional(),
  sendEmail: z.boolean().default(false),
  name: optionalText("Name", 80),
  mobileNumber: optionalPhone,
};

const needsEmailToSend = {
  message: NO_EMAIL_FOR_INVITATION,
  path: ["email"],
};

export const InviteSchema = z
  .discriminatedUnion("kind", [
    z.object({
      kind: z.literal("team"),
      role: z.enum(TEAM_INVITE_ROLES, { error: "Please choose a role." }),
      ...common,
    }),
    z.object({
      kind: z.literal("client"),
      clientRole: z.enum(["OWNER", "LEAD", "EMPLOYEE"], { error: "Please choose a role." }),
      ...common,
      company: optionalText("Company", 120),
      url: optionalUrl,
    }),
  ])
  .refine((value) => !value.sendEmail || Boolean(value.email), needsEmailToSend);

export type InviteInput = z.infer<typeof InviteSchema>;

/** Resend and Delete of one invitation, posted from the invitations tables (without JavaScript with `redirectTo`). */
export const InvitationActionSchema = z.object({
  intent: z.enum(["resend", "delete"], { error: "Please choose Resend or Delete." }),
  redirectTo: z.string().max(500).optional(),
});

/** The link's secret travels in a hidden field, so the form posts back to the invitation it was opened from. */
const invite = z.string({ error: "No invitation ID provided." }).min(1, "No invitation ID provided.").max(200);

export const TeamRegisterSchema = z
  .object({
    invite,
    name: z
      .string({ error: "Name is required." })
      .trim()
      .min(3, "Name must be at least 3 characters.")
      .max(80, "Name is too long."),
    email: emailField,
    mobileNumber: optionalPhone,
    password: newPassword,
    confirmPassword: z.string({ error: "Please confirm your password." }),
    agreeToTerms: z
      .boolean({ error: "Please agree to the Terms of Service and Privacy Policy." })
      .refine((value) => value, "Please agree to the Terms of Service and Privacy Policy."),
  })
  .refine(passwordsMatch, mismatch);

export const ClientRegisterSchema = z
  .object({
    invite,
    name: z.string({ error: "Name is required." }).trim().min(1, "Name is required.").max(80, "Name is too long."),
    email: emailField,
    password: newPassword,
    confirmPassword: z.string({ error: "Please confirm your password." }),
  })
  .refine(passwordsMatch, mismatch);

export type TeamRegisterInput = z.infer<typeof TeamRegisterSchema>;
export type ClientRegisterInput = z.infer<typeof ClientRegisterSchema>;
