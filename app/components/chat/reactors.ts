import { UNKNOWN_USER, type ChatMessage } from "~/shared";

/**
 * Who reacted, as a sentence: "You", "You and Olivia Chen", "You, Olivia Chen and Ada
 * Owner". A reaction holds only user ids; their names are the message's own: its
 * sender's and its readers' (whoever reacted had read it), else SPEC's Unknown User.
 */
export function reactedBy(message: ChatMessage, userIds: string[], viewerId: string): string {
  const names = new Map(message.readers.map((reader) => [reader.id, reader.name]));
  if (message.senderId) names.set(message.senderId, message.senderName);
  const others = userIds.filter((id) => id !== viewerId).map((id) => names.get(id) ?? UNKNOWN_USER);
  const all = userIds.includes(viewerId) ? ["You", ...others] : others;
  return all.length > 1 ? `${all.slice(0, -1).join(", ")} and ${all.at(-1)}` : (all[0] ?? "");
}
