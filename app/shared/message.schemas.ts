import { z } from "zod";
import { MESSAGE_MAX_LENGTH, MESSAGE_TEXT, REACTION_TYPES } from "~/shared";

/* The schemas of the chat's commands, from a form or over the socket. */

const clientId = z
  .string({ error: "Could not send message." })
  .min(1, "Could not send message.")
  .max(100, "Could not send message.");
const messageId = z.string({ error: "Message not found" }).max(64);

/**
 * Text as typed; whether it may be empty depends on a file coming with it, which the model decides.
 * Text that is not a string (only a broken socket client sends it) gets the edit's words for it.
 */
const content = z.string({ error: MESSAGE_TEXT.empty }).max(MESSAGE_MAX_LENGTH, MESSAGE_TEXT.tooLong).default("");

/**
 * Each chat command's fields, whether a form posts them (ChatFormSchema, with its
 * `intent`) or the page's script sends them over the socket (app/realtime): one set
 * of rules and words for both.
 */
export const ChatCommandSchemas = {
  send: z.object({
    clientId,
    content,
    // The message it replies to; the model checks it is of the same space.
    replyToId: z.string({ error: "Message not found" }).max(64, "Message not found").optional(),
  }),
  edit: z.object({
    messageId,
    content: z
      .string({ error: MESSAGE_TEXT.empty })
      .trim()
      .min(1, MESSAGE_TEXT.empty)
      .max(MESSAGE_MAX_LENGTH, MESSAGE_TEXT.tooLong),
  }),
  delete: z.object({ messageId }),
  react: z.object({ messageId, reaction: z.enum(REACTION_TYPES, { error: "Reaction not found" }) }),
  removePreview: z.object({ messageId }),
  // Issue 38: a team-only message copied into the client chat (app/models/chat-sides.server.ts).
  share: z.object({ messageId }),
  read: z.object({ upTo: messageId.optional() }),
};

/** The send form, which is also what the browser's scripts post with a file. */
export const ChatSendFormSchema = ChatCommandSchemas.send.extend({ intent: z.literal("send") });

/** The chat page's forms, without JavaScript; opening the page reads the space, so no form does. */
export const ChatFormSchema = z.discriminatedUnion("intent", [
  ChatSendFormSchema,
  ChatCommandSchemas.edit.extend({ intent: z.literal("edit") }),
  ChatCommandSchemas.delete.extend({ intent: z.literal("delete") }),
  ChatCommandSchemas.react.extend({ intent: z.literal("react") }),
  ChatCommandSchemas.removePreview.extend({ intent: z.literal("remove-preview") }),
  ChatCommandSchemas.share.extend({ intent: z.literal("share") }),
]);
export type ChatFormInput = z.infer<typeof ChatFormSchema>;
