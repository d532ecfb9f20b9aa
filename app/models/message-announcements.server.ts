import { firstLinkIn, type ChatMessage } from "~/shared/chat-message";
import { emit } from "./events.server";
import { firstToldOfMention } from "./mention-notices.server";

/*
 * What a message sets going once it is stored, sent or edited: the notices of the people
 * it names for the first time (mention-notices.server.ts) and the card of the link it
 * leads with (link-previews.server.ts), both as domain events for the jobs.
 */

/**
 * Tells whom the message names (its sender aside) and never named before, for their
 * notices: once per person and message, however often an edit takes a name out and puts
 * it back. The message is stored by now, so a failure to note it costs the notices only.
 */
export async function announceMentions(message: ChatMessage) {
  const named = [...new Set(message.mentions.map((mention) => mention.userId))].filter((id) => id !== message.senderId);
  if (!named.length) return;
  try {
    const userIds = await firstToldOfMention(message.id, named);
    if (userIds.length) emit("message.mentioned", { messageId: message.id, spaceId: message.spaceId, userIds });
  } catch (error) {
    console.error("messages: could not note whom a message mentions", error);
  }
}

/** Asks for the card of the message's first link (a job, link-previews.server.ts) when the text leads with a new one. */
export function announceLink(messageId: string, content: string, before: string | null) {
  const url = firstLinkIn(content);
  if (url && url !== (before === null ? null : firstLinkIn(before))) emit("message.linked", { messageId, url });
}
