import { describe, expect, test } from "vitest";
import { typingText } from "~/shared/chat-message";

describe("who is typing, under the messages", () => {
  test("names one or two people, counts more, and says nothing for nobody", () => {
    expect(typingText([])).toBeNull();
    expect(typingText(["Olivia Chen"])).toBe("Olivia Chen is typing…");
    expect(typingText(["Olivia Chen", "Sam Rivera"])).toBe("Olivia Chen and Sam Rivera are typing…");
    expect(typingText(["Olivia Chen", "Sam Rivera", "Dan Designer"])).toBe("Several people are typing…");
  });
});
