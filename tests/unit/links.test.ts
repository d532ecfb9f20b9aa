import { describe, expect, test } from "vitest";
import { firstLinkIn, splitLinks } from "~/shared/chat-message";

/* Which link of a message gets a preview (issue 21): the first, as a reader would take it. */

describe("the first link of a message", () => {
  test.each([
    ["See https://example.com/launch.", "https://example.com/launch"],
    ["https://example.com/a, and https://example.com/b", "https://example.com/a"],
    ["Draft (see https://example.com/draft)", "https://example.com/draft"],
    ["https://en.wikipedia.org/wiki/Mars_(planet)!", "https://en.wikipedia.org/wiki/Mars_(planet)"],
    ["Is it http://example.com/?q=1&x=2?", "http://example.com/?q=1&x=2"],
    ["<https://example.com/x>", "https://example.com/x"],
    ["HTTPS://EXAMPLE.COM/Path", "HTTPS://EXAMPLE.COM/Path"],
  ])("in %j is %j", (content, link) => {
    expect(firstLinkIn(content)).toBe(link);
  });

  test.each(["No link here", "ftp://example.com/file", "mailto:someone@example.com", "www.example.com", "https://"])(
    "%j has none",
    (content) => {
      expect(firstLinkIn(content)).toBeNull();
    },
  );

  test("a link longer than 2,048 characters gets no preview", () => {
    expect(firstLinkIn(`https://example.com/${"a".repeat(2_100)}`)).toBeNull();
  });
});

describe("a message's text with its links", () => {
  test("comes in plain pieces and links, the sentence's punctuation left in the text", () => {
    expect(splitLinks("See https://example.com/a. Or (https://example.com/b)!")).toEqual([
      "See ",
      { link: "https://example.com/a" },
      ". Or (",
      { link: "https://example.com/b" },
      ")!",
    ]);
    expect(splitLinks("No links")).toEqual(["No links"]);
  });
});
