import type { Person } from "./actors.server";
import { replyAddressFor, threadHeaders } from "./reply-addresses.server";

/*
 * What every notice mail about messages carries (issue 37): the messages' text, so the
 * mail can be read and answered without opening the app; a Reply-To of that person and
 * space, with the line that says so (or "Reply in the app" when there is no reply
 * domain); and the headers that thread a space's notices in the person's mail app.
 */

/** How many messages a notice quotes (the latest), and how much of each. */
const QUOTED_MESSAGES = 10;
const QUOTED_CHARACTERS = 1_000;

type MailedMessage = { sender_id: string | null; content: string; attachment_name: string | null };

/** The latest messages as the mail quotes them: who wrote each, and its text (or its file's name). */
export function quotedMessages(messages: readonly MailedMessage[], people: ReadonlyMap<string, Person>) {
  return messages.slice(-QUOTED_MESSAGES).map((message) => {
    const text = message.content || (message.attachment_name ? `Shared a file: ${message.attachment_name}` : "");
    return {
      from: (message.sender_id && people.get(message.sender_id)?.name) || "Someone",
      text: text.length > QUOTED_CHARACTERS ? `${text.slice(0, QUOTED_CHARACTERS)}…` : text,
    };
  });
}

/** The person's reply address for the space, the line that tells them, and the thread's headers. */
export async function replyPart(userId: string, spaceId: string, spaceName: string, origin: string) {
  const replyTo = await replyAddressFor(userId, spaceId);
  return {
    replyTo: replyTo ?? undefined,
    headers: threadHeaders(spaceId, new URL(origin).hostname),
    line: replyTo ? `Reply to this email to answer in ${spaceName}.` : "Reply in the app: the button below opens it.",
  };
}
