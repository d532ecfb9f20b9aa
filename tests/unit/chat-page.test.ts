import { describe, expect, test } from "vitest";
import { emptyReactions, UNKNOWN_USER } from "~/shared/chat-message";
import { packPage, unpackPage } from "~/shared/chat-page";
import { chatMessage } from "#tests/support/chat-messages";

/* A page of messages goes to the browser packed (each person once) and is shown as the server made it. */

const ada = { id: "agency", name: "Ada Owner", avatar: "/images/ada.webp" };
const olivia = { id: "client", name: "Olivia Chen", avatar: null };

const messages = [
  chatMessage("1", { senderId: ada.id, senderName: ada.name, senderAvatar: ada.avatar, readers: [olivia] }),
  chatMessage("2", {
    senderId: olivia.id,
    senderName: olivia.name,
    senderAvatar: null,
    readers: [ada],
    reactions: { ...emptyReactions(), heart: [ada.id] },
    replyTo: { id: "1", senderName: ada.name, excerpt: "Message 1", deleted: false },
  }),
  // A sender whose account is gone.
  chatMessage("3", { senderId: null, senderName: UNKNOWN_USER, senderAvatar: null, readers: [ada, olivia] }),
];

describe("a page of messages as the browser gets it", () => {
  test("shows every message as the server made it, with what the page says of itself", () => {
    const page = { messages, hasOlder: true, lastSeq: 7 };
    expect(unpackPage("space", packPage(page))).toEqual(page);
  });

  test("a message holding something in every field comes back whole", () => {
    const page = {
      messages: [
        chatMessage("4", {
          senderId: olivia.id,
          senderName: olivia.name,
          senderAvatar: null,
          attachment: { name: "brief.pdf", size: 120_000, type: "application/pdf", url: "/attachments/4" },
          editedAt: "2026-11-30T10:00:00.000Z",
          readers: [ada],
          reactions: { smile: [ada.id], heart: [olivia.id], thumbsup: [ada.id, olivia.id], angry: [ada.id] },
          mentions: [{ userId: ada.id, start: 0, length: 10, name: ada.name }],
          replyTo: { id: "2", senderName: olivia.name, excerpt: "Message 2", deleted: false },
          linkPreview: { url: "https://example.com", title: "Example", description: null, siteName: null, image: null },
          viaEmail: true,
          signOff: {
            id: "sign-off",
            spaceId: "space",
            messageId: "4",
            state: "waiting",
            askedBy: ada.name,
            note: "",
            dueOn: null,
            asked: [{ id: olivia.id, name: olivia.name }],
            versions: [
              {
                number: 1,
                messageId: "4",
                file: { name: "brief.pdf", url: "/attachments/4" },
                createdAt: "2026-11-30T10:00:00.000Z",
                answer: null,
              },
            ],
            withdrawn: null,
            createdAt: "2026-11-30T10:00:00.000Z",
          },
          signOffCardMessageId: "4",
        }),
      ],
    };
    expect(unpackPage("space", packPage(page))).toEqual(page);
  });

  test("names each person once, and no message carries a name or an avatar of its people", () => {
    const packed = packPage({ messages });
    expect(packed.people).toEqual({
      [ada.id]: { name: ada.name, avatar: ada.avatar },
      [olivia.id]: { name: olivia.name, avatar: null },
    });
    expect(packed.messages.map((message) => message.readers)).toEqual([[olivia.id], [ada.id], [ada.id, olivia.id]]);
    expect(JSON.stringify(packed.messages)).not.toContain(olivia.name);
  });

  test("a message sends only what it holds: a plain text unread and unreacted is its text, time and ids", () => {
    const [plain] = packPage({ messages: [chatMessage("1")] }).messages;
    expect(plain).toEqual({
      id: "1",
      clientId: "client-1",
      senderId: "agency",
      content: "Message 1",
      createdAt: expect.any(String),
    });
  });
});
