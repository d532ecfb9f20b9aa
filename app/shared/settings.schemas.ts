import { z } from "zod";
import { formatPhone, nationalDigits, THEMES, timeZoneNames } from "~/shared";
import { mismatch, newPassword, passwordsMatch } from "./auth.schemas";

/* The forms of the settings pages (SPEC §2.12); conform uses them in the browser too. */

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} is too long.`);

/** SPEC §5: digits only, formatted like (555) 123-4567; optional in a profile, and then empty. */
const optionalPhone = z
  .string()
  .optional()
  .refine(
    (value) => !value || nationalDigits(value).length === 10,
    "Please enter a 10-digit mobile number, like (555) 123-4567.",
  )
  .transform((value) => (value ? formatPhone(value) : null));

export const AgencyProfileSchema = z.object({
  intent: z.literal("profile"),
  agencyName: required("Agency name", 120),
  firstName: required("First name", 80),
  lastName: required("Last name", 80),
  mobileNumber: optionalPhone,
  url: z
    .string({ error: "Agency website URL is required." })
    .trim()
    .refine((value) => /^https?:\/\//i.test(value), "The website must start with http:// or https://")
    .pipe(z.url({ error: "Please enter a valid website address." }).max(300, "The website address is too long.")),
});

export const TeamMemberProfileSchema = z.object({
  intent: z.literal("profile"),
  name: required("Name", 80),
  mobileNumber: optionalPhone,
});

export const ClientProfileSchema = z.object({
  intent: z.literal("profile"),
  name: required("Name", 80),
  mobileNumber: optionalPhone,
  // SPEC §9: an extension has at most 10 characters.
  extension: z
    .string()
    .trim()
    .max(10, "The extension has at most 10 digits.")
    .regex(/^\d*$/, "The extension can only contain digits.")
    .optional()
    .transform((value) => value || null),
});

/** The profile's Time zone: empty is Automatic (the browser's zone), else a zone of Intl's list. */
export const TimeZoneSchema = z.object({
  intent: z.literal("time-zone"),
  timeZone: z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || timeZoneNames().includes(value), "Choose a time zone from the list.")
    .transform((value) => value || null),
});

/** Appearance (issue 21): System, Light or Dark. */
export const ThemeSchema = z.object({
  intent: z.literal("theme"),
  theme: z.enum(THEMES, { error: "Choose System, Light or Dark." }),
});

/** "Show when I'm active" (issue 21): an unchecked box sends nothing, which is off. */
export const PresenceSettingSchema = z.object({
  intent: z.literal("presence"),
  showPresence: z.boolean().default(false),
});

export type AgencyProfileInput = z.infer<typeof AgencyProfileSchema>;
export type TeamMemberProfileInput = z.infer<typeof TeamMemberProfileSchema>;
export type ClientProfileInput = z.infer<typeof ClientProfileSchema>;

/** SPEC §3: newClient, teamActivity and marketing (true, true, false), and the unread-message, mention and sign-off notices. */
export const NotificationPreferencesSchema = z.object({
  newClient: z.boolean().default(false),
  teamActivity: z.boolean().default(false),
  unreadMessages: z.boolean().default(false),
  mentions: z.boolean().default(false),
  signOffs: z.boolean().default(false),
  marketing: z.boolean().default(false),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

export const ChangePasswordSchema = z
  .object({
    intent: z.literal("change-password"),
    currentPassword: z.string({ error: "Please enter your current password." }),
    password: newPassword,
    confirmPassword: z.string({ error: "Please confirm your new password." }),
  })
  .refine(passwordsMatch, mismatch);

/** A code from the authenticator app, or a recovery code; which one it is, the model decides. */
export const TwoFactorCodeSchema = z.object({
  code: z
    .string({ error: "Please enter the code from your authenticator app." })
    .trim()
    .max(40, "That code is too long."),
});

export const SignOutSessionSchema = z.object({
  intent: z.literal("sign-out-session"),
  session: z.string({ error: "Choose a session." }).max(64),
});

/** The agency owner's "Let client owners export their spaces" (an unticked box posts nothing: off). */
export const ClientExportsSchema = z.object({
  intent: z.literal("client-exports"),
  allowed: z.boolean().default(false),
});

export const TwoFactorRequirementSchema = z.object({
  intent: z.literal("require-two-factor"),
  required: z.enum(["true", "false"]).transform((value) => value === "true"),
});
