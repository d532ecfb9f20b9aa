import { type ChatMessage } from "~/shared";

/** Messages of one sender this close together read as one group. */
export const GROUP_WITHIN_MS = 5 * 60_000;

/**
 * Whether `message` opens a group (its sender's name and avatar shown) after
 * `previous`, the message shown just before it: it does unless the same sender sent
 * both within GROUP_WITHIN_MS. Senders whose accounts are gone (no id) may be
 * different people, so each of their messages opens a group.
 */
export function startsGroup(previous: ChatMessage | undefined, message: ChatMessage): boolean {
  if (!previous || message.senderId === null || previous.senderId !== message.senderId) return true;
  const gap = Date.parse(message.createdAt) - Date.parse(previous.createdAt);
  return gap < 0 || gap > GROUP_WITHIN_MS;
}
