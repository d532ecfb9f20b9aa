import { z } from "zod";
import { emailField } from "./auth.schemas";
import { optionalUrl } from "./invitation.schemas";

/*
 * The forms of the team and client rosters (SPEC §2.9, §2.10, §5): Edit Team Member,
 * the client card's inline edit, and the per-person actions, one `intent` each.
 */

const name = z
  .string({ error: "Name is required." })
  .trim()
  .min(1, "Name is required.")
  .max(80, "Name must be at most 80 characters.");

export const UpdateTeamMemberSchema = z.object({
  intent: z.literal("update"),
  name,
  email: z.string({ error: "Email is required." }).pipe(emailField),
  role: z.enum(["OWNER", "ACCOUNT_MANAGER", "SEO_SPECIALIST", "DESIGNER", "CONTENT_WRITER"], {
    error: "Please choose a role.",
  }),
  mobileNumber: z.string().trim().max(14, "Mobile number must be at most 14 characters.").optional(),
});

export const UpdateClientSchema = z.object({
  intent: z.literal("update"),
  name,
  role: z.enum(["OWNER", "LEAD", "EMPLOYEE"], { error: "Please choose a role." }),
  company: z.string().trim().max(120, "Company must be at most 120 characters.").optional(),
  email: z.string({ error: "Email is required." }).pipe(emailField),
  mobileNumber: z.string().trim().max(14, "Mobile number must be at most 14 characters.").optional(),
  extension: z.string().trim().max(10, "Extension must be at most 10 characters.").optional(),
  url: optionalUrl,
});

const redirectTo = z.string().max(300).optional();
const spaceId = z.string({ error: "Please choose a space." }).max(64);

/** The actions on one person's card or page; `redirectTo` is set by the plain (no-JavaScript) forms. */
export const PersonActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("assign"), spaceId, redirectTo }),
  z.object({ intent: z.literal("unassign"), spaceId, redirectTo }),
  z.object({ intent: z.literal("remove"), redirectTo }),
  z.object({ intent: z.literal("temporary-password") }),
]);

export type UpdateTeamMemberInput = z.infer<typeof UpdateTeamMemberSchema>;
export type UpdateClientInput = z.infer<typeof UpdateClientSchema>;
