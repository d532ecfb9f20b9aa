import { type ChatMessage } from "~/shared";

/**
 * The message to mark the space read up to now that the reader sees `latest`, the last
 * message at the foot of the chat, or null. Opening the page read what it brought
 * (`loadChat` in app/web/chat.server.ts), with JavaScript or without, so the browser
 * reads only a message that came after them, live, from someone else, and that the
 * reader has not read since (in another tab): one read for each open, and one for
 * what arrives while the chat is open.
 */
export function unreadOnSight(
  latest: ChatMessage | undefined,
  opened: readonly ChatMessage[],
  viewerId: string,
): ChatMessage | null {
  if (!latest || latest.senderId === viewerId) return null;
  if (latest.readers.some((reader) => reader.id === viewerId)) return null;
  return opened.some((message) => message.id === latest.id) ? null : latest;
}
