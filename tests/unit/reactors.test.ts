import { describe, expect, test } from "vitest";
import { reactedBy } from "~/components/chat/reactors";
import { emptyReactions, type ChatMessage } from "~/shared/chat-message";

/* Who reacted to a message, as the reaction's tooltip and description say it. */

const message: ChatMessage = {
  id: "m1",
  clientId: "c1",
  spaceId: "space",
  senderId: "ada",
  senderName: "Ada Owner",
  senderAvatar: null,
  content: "The designs are ready",
  attachment: null,
  createdAt: "2026-03-02T09:00:00.000Z",
  editedAt: null,
  deletedAt: null,
  reactions: emptyReactions(),
  readers: [
    { id: "olivia", name: "Olivia Chen", avatar: null },
    { id: "sam", name: "Sam Rivera", avatar: null },
  ],
  mentions: [],
  replyTo: null,
  linkPreview: null,
};

describe("who reacted", () => {
  test("the viewer is You, and comes first", () => {
    expect(reactedBy(message, ["olivia", "viewer"], "viewer")).toBe("You and Olivia Chen");
    expect(reactedBy(message, ["viewer"], "viewer")).toBe("You");
  });

  test("the sender and the readers are named; three or more read as a list", () => {
    expect(reactedBy(message, ["ada", "olivia", "sam"], "viewer")).toBe("Ada Owner, Olivia Chen and Sam Rivera");
  });

  test("someone the message does not know (gone from the space) is an Unknown User", () => {
    expect(reactedBy(message, ["gone"], "viewer")).toBe("Unknown User");
  });
});
