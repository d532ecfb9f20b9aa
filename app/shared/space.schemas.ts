import { z } from "zod";
import { formatPhone, nationalDigits } from "~/shared";

/*
 * SPEC §5's space form, for conform in the browser and for the actions. conform turns
 * an empty field into undefined, so "optional" also means "left empty".
 */

export const SPACE_NAME_MIN = 2;

const spaceName = z
  .string()
  .trim()
  .min(SPACE_NAME_MIN, "Space name must be at least 2 characters.")
  .max(120, "Space name must be at most 120 characters.");

const clientOwnerId = z
  .string({ error: "Please choose a client owner." })
  .min(1, "Please choose a client owner.")
  .max(64, "Please choose a client owner.");

/** The key of a logo uploaded ahead of the form (the model checks it is the user's own, unused upload). */
const logo = z.string().max(200).optional();

/**
 * The New Space dialog (SPEC §2.7): the client owner, the name (filled with the
 * owner's company, which is also used when it is left empty) and the logo.
 */
export const CreateSpaceSchema = z.object({
  clientOwnerId,
  name: spaceName.optional(),
  logo,
});

/** Edit Space (SPEC §2.8): every field of the space. */
export const UpdateSpaceSchema = z.object({
  name: z.string({ error: "Space name must be at least 2 characters." }).pipe(spaceName),
  clientOwnerId,
  company: z.string().trim().max(120, "Company name must be at most 120 characters.").optional(),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: "Please enter a valid email address." }).max(254, "Email is too long."))
    .optional(),
  contactNumber: z
    .string()
    .refine(
      (value) => nationalDigits(value).length === 10,
      "Please enter a 10-digit phone number, like (555) 123-4567.",
    )
    .transform(formatPhone)
    .optional(),
  url: z
    .string()
    .trim()
    .refine((value) => /^https?:\/\//i.test(value), "The website must start with http:// or https://")
    .pipe(z.url({ error: "Please enter a valid website address." }).max(300, "The website address is too long."))
    .optional(),
  logo,
});

export type CreateSpaceInput = z.infer<typeof CreateSpaceSchema>;
export type UpdateSpaceInput = z.infer<typeof UpdateSpaceSchema>;

/** Assigning or un-assigning a team member, adding or removing a client (one form per row). */
export const SpaceMemberSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), memberId: z.string({ error: "Please choose someone to add." }).max(64) }),
  z.object({ intent: z.literal("remove"), memberId: z.string().max(64) }),
]);
