import { emptyReactions, type ChatMessage } from "~/shared/chat-message";

/** A message as the chat shows it, for tests of the browser's chat code: plain text, unread, unreacted. */
export function chatMessage(id: string, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    clientId: `client-${id}`,
    spaceId: "space",
    senderId: "agency",
    senderName: "Ada Owner",
    senderAvatar: null,
    content: `Message ${id}`,
    attachment: null,
    createdAt: "2026-01-01T10:00:00.000Z",
    editedAt: null,
    deletedAt: null,
    reactions: emptyReactions(),
    readers: [],
    mentions: [],
    replyTo: null,
    linkPreview: null,
    viaEmail: false,
    signOff: null,
    signOffCardMessageId: null,
    ...overrides,
  };
}
