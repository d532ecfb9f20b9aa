import { describe, expect, test } from "vitest";
import { GROUP_WITHIN_MS, startsGroup } from "~/components/chat/message-groups";
import { chatMessage } from "#tests/support/chat-messages";

/* Which messages show their sender's name and avatar: the first of each run of one sender's messages. */

const start = Date.parse("2026-03-02T09:00:00.000Z");

const message = (senderId: string | null, minutesIn: number) =>
  chatMessage(`${senderId}-${minutesIn}`, {
    senderId,
    senderName: senderId ?? "Unknown User",
    content: "Hello",
    createdAt: new Date(start + minutesIn * 60_000).toISOString(),
  });

describe("grouping a sender's consecutive messages", () => {
  test("the first message of the chat opens a group", () => {
    expect(startsGroup(undefined, message("ada", 0))).toBe(true);
  });

  test("the same sender within a few minutes continues the group", () => {
    expect(startsGroup(message("ada", 0), message("ada", 1))).toBe(false);
    expect(startsGroup(message("ada", 0), message("ada", GROUP_WITHIN_MS / 60_000))).toBe(false);
  });

  test("a longer pause, or another sender, opens a new group", () => {
    expect(startsGroup(message("ada", 0), message("ada", GROUP_WITHIN_MS / 60_000 + 1))).toBe(true);
    expect(startsGroup(message("ada", 0), message("olivia", 1))).toBe(true);
  });

  test("messages of senders whose accounts are gone are never grouped: they may be different people", () => {
    expect(startsGroup(message(null, 0), message(null, 1))).toBe(true);
  });

  test("a message shown after a later one (a clock out of step) opens a group", () => {
    expect(startsGroup(message("ada", 3), message("ada", 1))).toBe(true);
  });
});
