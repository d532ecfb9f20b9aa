import { describe, expect, test } from "vitest";
import { unreadOnSight } from "~/components/chat/chat-reads";
import { applyChange, initChatState } from "~/components/chat/chat-state";
import type { ChatMessage, SpaceChange } from "~/shared/chat-message";
import { chatMessage } from "#tests/support/chat-messages";

/* What the browser reads when the reader sees the foot of the chat: only what came after the page. */

const message = (id: string, senderId: string, minute: number) =>
  chatMessage(id, { senderId, senderName: senderId, createdAt: `2026-01-01T10:0${minute}:00.000Z` });

const created = (seq: number, payload: ChatMessage): SpaceChange => ({
  seq,
  kind: "message.created",
  messageId: payload.id,
  userId: payload.senderId,
  payload: payload as unknown as Record<string, unknown>,
  createdAt: payload.createdAt,
});

describe("the browser's reads", () => {
  test("the messages the page opened with are the page's to read, read or not: the browser sends nothing for them", () => {
    // Unread: a page of older messages, or a message that came between the page's read and its list.
    const opened = [message("1", "agency", 1), message("2", "agency", 2)];
    expect(unreadOnSight(opened.at(-1), opened, "client")).toBeNull();
    expect(unreadOnSight(undefined, [], "client")).toBeNull();
  });

  test("a message from someone else that comes while the chat is open is read up to itself, once", () => {
    const opened = [message("1", "agency", 1)];
    let state = initChatState({ messages: opened, hasOlder: false, lastSeq: 2 });
    state = applyChange(state, created(3, message("2", "agency", 2)));
    expect(unreadOnSight(state.messages.at(-1), opened, "client")?.id).toBe("2");

    // The read comes back as a change: the message shows the reader, and is not read again.
    state = applyChange(state, {
      seq: 4,
      kind: "read.advanced",
      messageId: null,
      userId: "client",
      payload: { userId: "client", lastReadAt: "2026-01-01T10:02:00.000Z", user: { name: "Cleo", avatar: null } },
      createdAt: "",
    });
    expect(unreadOnSight(state.messages.at(-1), opened, "client")).toBeNull();
  });

  test("the reader's own message needs no read: sending it moved their watermark", () => {
    const opened = [message("1", "agency", 1)];
    expect(unreadOnSight(message("2", "client", 2), opened, "client")).toBeNull();
  });
});
