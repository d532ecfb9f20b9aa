import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { findMentions, splitMentions } from "~/shared/mentions";

/* "@Full Name" in a message's text: which member it names, and the text split around it. */

const members = [
  { id: "ann", name: "Ann" },
  { id: "ann-lee", name: "Ann Lee" },
  { id: "olivia", name: "Olivia Chen" },
];

describe("findMentions", () => {
  test("the longest member name after an @, in any case, at its place", () => {
    expect(findMentions("Hi @ann lee and @ANN.", members)).toEqual([
      { userId: "ann-lee", start: 3, length: 8 },
      { userId: "ann", start: 16, length: 4 },
    ]);
  });

  test("nobody inside a word, in an email address, or in a longer word", () => {
    expect(findMentions("olivia@Olivia Chen.example, @Annabel, @Olivia Chenko", members)).toEqual([]);
  });

  test("any text: each mention is an @ and a member's name, in order and apart", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("@", "a", "n", "A", " ", "L", "e", ".") }), (text) => {
        const found = findMentions(text, members);
        let end = 0;
        for (const mention of found) {
          expect(mention.start).toBeGreaterThanOrEqual(end);
          expect(text[mention.start]).toBe("@");
          const name = members.find((member) => member.id === mention.userId)!.name;
          expect(text.slice(mention.start + 1, mention.start + mention.length).toLowerCase()).toBe(name.toLowerCase());
          end = mention.start + mention.length;
        }
      }),
    );
  });
});

test("splitMentions keeps every character of the text around its mentions", () => {
  const text = "Thanks @Olivia Chen!";
  const pieces = splitMentions(text, [{ userId: "olivia", name: "Olivia Rivera", start: 7, length: 12 }]);
  expect(pieces).toEqual(["Thanks ", { userId: "olivia", name: "Olivia Rivera", start: 7, length: 12 }, "!"]);
  // A mention past the end of an edited text is dropped rather than cut.
  expect(splitMentions("Thanks", [{ userId: "olivia", name: "Olivia", start: 7, length: 12 }])).toEqual(["Thanks"]);
});
