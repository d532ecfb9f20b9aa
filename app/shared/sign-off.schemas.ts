import { z } from "zod";
import { SIGN_OFF_NOTE_MAX, SIGN_OFF_TEXT } from "~/shared";

/* The forms of a sign-off (issue 39), posted to the chat page with JavaScript or without. */

const signOffId = z.string({ error: "Sign-off not found" }).max(64, "Sign-off not found");

export const SignOffFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("ask-sign-off"),
    messageId: z.string({ error: "Message not found" }).max(64, "Message not found"),
    askedIds: z
      .array(z.string().max(64), { error: SIGN_OFF_TEXT.nobodyAsked })
      .min(1, SIGN_OFF_TEXT.nobodyAsked)
      .max(100),
    dueOn: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "Please enter a date.")
      .refine((value) => !Number.isNaN(Date.parse(value)), "Please enter a date.")
      .optional(),
    note: z.string().max(SIGN_OFF_NOTE_MAX, `A note must be at most ${SIGN_OFF_NOTE_MAX} characters.`).default(""),
  }),
  z.object({ intent: z.literal("approve"), signOffId }),
  z.object({
    intent: z.literal("request-changes"),
    signOffId,
    comment: z
      .string({ error: SIGN_OFF_TEXT.commentRequired })
      .trim()
      .min(1, SIGN_OFF_TEXT.commentRequired)
      .max(SIGN_OFF_NOTE_MAX, `A comment must be at most ${SIGN_OFF_NOTE_MAX} characters.`),
  }),
  z.object({ intent: z.literal("withdraw-sign-off"), signOffId }),
  z.object({ intent: z.literal("reopen-sign-off"), signOffId }),
  // The file comes beside the form's fields (the chat's upload), read by the model.
  z.object({ intent: z.literal("sign-off-version"), signOffId }),
]);

export const SIGN_OFF_INTENTS: ReadonlyArray<z.infer<typeof SignOffFormSchema>["intent"]> = [
  "ask-sign-off",
  "approve",
  "request-changes",
  "withdraw-sign-off",
  "reopen-sign-off",
  "sign-off-version",
];
