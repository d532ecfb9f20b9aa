import { expect, test } from "vitest";
import { MESSAGE_MAX_LENGTH, MESSAGE_TEXT } from "~/shared/chat-message";

test("a message too long is refused with the limit it is held to", () => {
  expect(MESSAGE_TEXT.tooLong).toBe(
    `Message must be at most ${MESSAGE_MAX_LENGTH.toLocaleString("en-US")} characters.`,
  );
});
