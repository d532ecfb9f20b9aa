import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { EMPTY_SEARCH, isEmptySearch, parseSearch, tsQueryOf, typedText, wordsOf } from "~/shared/search-query";

/*
 * The search box's language (issue 40): words, "exact phrases", and the filters typed
 * among them. What reaches Postgres as a tsquery is built here, so whatever is typed must
 * come out as letters, digits and the query's own operators, never the user's.
 */

/** Only the words and filters that the test names; the rest as an empty search has them. */
const searchOf = (parts: Partial<typeof EMPTY_SEARCH>) => ({ ...EMPTY_SEARCH, ...parts });

describe("parseSearch", () => {
  test("words are letters and digits, lowercased; anything else separates them", () => {
    expect(parseSearch("  Invoice DATE, 2024!  ")).toEqual(searchOf({ words: ["invoice", "date", "2024"] }));
    expect(parseSearch("new-logo_v2.png")).toEqual(searchOf({ words: ["new", "logo", "v2", "png"] }));
  });

  test("words in any language keep their letters and accents", () => {
    expect(parseSearch("Résumé Ärger 東京 μήλο")).toEqual(searchOf({ words: ["résumé", "ärger", "東京", "μήλο"] }));
  });

  test('"quoted words" are a phrase, in their order; one quoted word is a word; an unclosed quote runs to the end', () => {
    expect(parseSearch('"Final Logo" sent')).toEqual(searchOf({ words: ["sent"], phrases: [["final", "logo"]] }));
    expect(parseSearch('"logo" "a, b" "" "  "')).toEqual(searchOf({ words: ["logo"], phrases: [["a", "b"]] }));
    expect(parseSearch('brief "final logo')).toEqual(searchOf({ words: ["brief"], phrases: [["final", "logo"]] }));
  });

  test("in: a space, by a word or by its name in quotes", () => {
    expect(parseSearch("in:Globex logo")).toEqual(searchOf({ words: ["logo"], inSpace: "Globex" }));
    expect(parseSearch('logo in:"Globex Launch"')).toEqual(searchOf({ words: ["logo"], inSpace: "Globex Launch" }));
  });

  test("from: a person by first name, or by full name in quotes; the filter's name in any case", () => {
    expect(parseSearch("from:Nora invoice")).toEqual(searchOf({ words: ["invoice"], from: "Nora" }));
    expect(parseSearch('FROM:"Nora Blake" invoice')).toEqual(searchOf({ words: ["invoice"], from: "Nora Blake" }));
    // The last of a filter typed twice counts.
    expect(parseSearch("from:Nora from:Dana")).toEqual(searchOf({ from: "Dana" }));
  });

  test("has:file; has: anything else is words", () => {
    expect(parseSearch("has:file logo")).toEqual(searchOf({ words: ["logo"], hasFile: true }));
    expect(parseSearch("has:FILE")).toEqual(searchOf({ hasFile: true }));
    expect(parseSearch("has:image")).toEqual(searchOf({ words: ["has", "image"] }));
  });

  test("before: and after: a day (YYYY-MM-DD)", () => {
    expect(parseSearch("after:2024-11-01 before:2024-12-01 invoice")).toEqual(
      searchOf({ words: ["invoice"], after: "2024-11-01", before: "2024-12-01" }),
    );
    expect(parseSearch("before:2024-02-29")).toEqual(searchOf({ before: "2024-02-29" }));
  });

  test("a day that is no day of the calendar is words, not a filter", () => {
    for (const day of [
      "2024-13-01",
      "2024-12-32",
      "2024-00-10",
      "24-12-01",
      "2024-1-5",
      "yesterday",
      "2024-12-01T10:00",
    ]) {
      const parsed = parseSearch(`before:${day}`);
      expect(parsed.before, day).toBeNull();
      expect(parsed.words, day).toEqual(wordsOf(`before:${day}`));
    }
  });

  // Postgres refuses these days ("date/time field value out of range"), which JavaScript's Date.parse rolls over or takes.
  test("a day past its month's end, or of year 0, is words too (Postgres would refuse it)", () => {
    for (const day of ["2024-02-30", "2023-02-29", "2024-04-31", "0000-01-01"]) {
      expect(parseSearch(`after:${day}`).after, day).toBeNull();
      expect(parseSearch(`before:${day}`).before, day).toBeNull();
    }
  });

  test("an unknown filter, a filter without a value and a URL are words", () => {
    expect(parseSearch("is:starred")).toEqual(searchOf({ words: ["is", "starred"] }));
    expect(parseSearch('from: from:"" in:')).toEqual(searchOf({ words: ["from", "from", "in"] }));
    expect(parseSearch("https://example.com/brief?id=4 done")).toEqual(
      searchOf({ words: ["https", "example", "com", "brief", "id", "4", "done"] }),
    );
  });

  test("an empty search is one without words, phrases or filters", () => {
    for (const text of ["", "   ", "!!! ... ---", '""', "from:"]) {
      // "from:" alone is the word "from".
      expect(isEmptySearch(parseSearch(text)), text).toBe(text !== "from:");
    }
    expect(isEmptySearch(parseSearch("has:file"))).toBe(false);
    expect(isEmptySearch(parseSearch("in:Globex"))).toBe(false);
    expect(isEmptySearch(parseSearch("after:2024-01-01"))).toBe(false);
  });
});

describe("typedText: what spaces and people are matched by", () => {
  test("the text as typed, without the filters it applied", () => {
    expect(typedText("from:Nora  Nora.Blake@globex.example has:file")).toBe("Nora.Blake@globex.example");
    expect(typedText('"Globex Launch" in:"Initech" after:2024-01-01')).toBe("Globex Launch");
    // Not filters, so kept as they are.
    expect(typedText("has:image before:2024-02-30 https://x.test/a")).toBe(
      "has:image before:2024-02-30 https://x.test/a",
    );
    expect(typedText('from:"" ""  ')).toBe('from:""');
  });
});

describe("tsQueryOf", () => {
  const tsQuery = (text: string) => tsQueryOf(parseSearch(text));

  test("every word needed, the last one typed also as the start of a word", () => {
    expect(tsQuery("inv")).toBe("inv:*");
    expect(tsQuery("date inv")).toBe("date & inv:*");
  });

  test("a phrase word after word, its last word as a start too", () => {
    expect(tsQuery('"final logo" sent')).toBe("sent:* & (final <-> logo:*)");
    expect(tsQuery('"the final logo"')).toBe("(the <-> final <-> logo:*)");
  });

  test("null for a search by filters alone", () => {
    expect(tsQuery("from:Nora has:file in:Globex")).toBeNull();
    expect(tsQuery("")).toBeNull();
  });

  test("tsquery's operators typed in the box are separators, never operators", () => {
    expect(tsQuery("a & !b | c:*")).toBe("a & b & c:*");
    expect(tsQuery("(a <-> b) <2> !!c")).toBe("a & b & 2 & c:*");
    expect(tsQuery("it's o'clock")).toBe("it & s & o & clock:*");
    expect(tsQuery("back\\slash 'quoted' \"'\"")).toBe("back & slash & quoted:*");
    expect(tsQuery("logo:A logo:*B")).toBe("logo & a & logo & b:*");
    expect(tsQuery("&|!():*<>'\\")).toBeNull();
  });

  const SAFE = /^[\p{L}\p{N}:*&<>()\- ]*$/u;

  test("any text: parsing never throws, and the tsquery holds only words and its own operators", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: "binary" }),
          fc.string({ unit: fc.constantFrom(..."ab é1 \"':*&|!<>()\\-_.@", "in:", "from:", "has:file", "before:") }),
        ),
        (text) => {
          const parsed = parseSearch(text);
          const query = tsQueryOf(parsed);
          if (query !== null) expect(query).toMatch(SAFE);
          // Nothing but letters and digits in its words.
          for (const word of [...parsed.words, ...parsed.phrases.flat()]) expect(word).toMatch(/^[\p{L}\p{N}]+$/u);
          expect(query === null).toBe(!parsed.words.length && !parsed.phrases.length);
        },
      ),
      { numRuns: 300 },
    );
  });
});
