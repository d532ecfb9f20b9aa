import { describe, expect, test } from "vitest";
import { reactedBy } from "~/components/chat/reactors";
import { chatMessage } from "#tests/support/chat-messages";

/* Who reacted to a message, as the reaction's tooltip and description say it. */

const message = chatMessage("m1", {
  senderId: "ada",
  content: "The designs are ready",
  readers: [
    { id: "olivia", name: "Olivia Chen", avatar: null },
    { id: "sam", name: "Sam Rivera", avatar: null },
  ],
});

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
