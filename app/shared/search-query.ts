import type { ParsedSearch } from "./search";

/*
 * The search box's language (issue 40): words, "exact phrases", and the filters `in:`,
 * `from:`, `has:file`, `before:` and `after:`, typed among the words as Slack and Zulip
 * take them. Written here because no library reads this little grammar; it is pure, so
 * the page's form and the server read a search the same way.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
// A filter's name, then its value: "quoted words" or a word.
const TOKEN = /(\w+):(?:"([^"]*)"?|(\S+))|"([^"]*)"?|(\S+)/g;

export const EMPTY_SEARCH: ParsedSearch = {
  words: [],
  phrases: [],
  inSpace: null,
  from: null,
  hasFile: false,
  before: null,
  after: null,
};

/** A search as typed: its words, phrases and filters. A filter it does not know is a word. */
export function parseSearch(text: string): ParsedSearch {
  const parsed: ParsedSearch = { ...EMPTY_SEARCH, words: [], phrases: [] };
  for (const match of text.matchAll(TOKEN)) {
    const [whole, name, quotedValue, value, phrase, word] = match;
    if (name !== undefined) {
      const filterValue = (quotedValue ?? value ?? "").trim();
      if (applyFilter(parsed, name.toLowerCase(), filterValue)) continue;
      parsed.words.push(...wordsOf(whole));
    } else if (phrase !== undefined) {
      const phraseWords = wordsOf(phrase);
      if (phraseWords.length > 1) parsed.phrases.push(phraseWords);
      else parsed.words.push(...phraseWords);
    } else if (word !== undefined) {
      parsed.words.push(...wordsOf(word));
    }
  }
  return parsed;
}

/**
 * The search as typed, without the filters it applied: what spaces and people are matched
 * by, as text (a name, an email, a company), so "nora@globex.example" is not taken apart.
 */
export function typedText(text: string): string {
  const applied: ParsedSearch = { ...EMPTY_SEARCH, words: [], phrases: [] };
  const kept: string[] = [];
  for (const [whole, name, quotedValue, value, phrase, word] of text.matchAll(TOKEN)) {
    if (name !== undefined && applyFilter(applied, name.toLowerCase(), (quotedValue ?? value ?? "").trim())) continue;
    const typed = (phrase ?? word ?? whole).trim();
    if (typed) kept.push(typed);
  }
  return kept.join(" ");
}

function applyFilter(parsed: ParsedSearch, name: string, value: string): boolean {
  if (!value) return false;
  switch (name) {
    case "in":
      parsed.inSpace = value;
      return true;
    case "from":
      parsed.from = value;
      return true;
    case "has":
      if (value.toLowerCase() !== "file") return false;
      parsed.hasFile = true;
      return true;
    case "before":
    case "after":
      if (!isDay(value)) return false;
      parsed[name] = value;
      return true;
    default:
      return false;
  }
}

/**
 * Whether the text is a day of the calendar, YYYY-MM-DD. Checked to the day: Date.parse
 * takes a 30th of February (as the 1st of March) and a year 0, which Postgres refuses.
 */
export function isDay(value: string): boolean {
  if (!DAY.test(value) || value.startsWith("0000")) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The letters and digits of a piece of text, as words; anything else separates them. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Whether a search asks for anything: a word, a phrase or a filter. */
export function isEmptySearch(parsed: ParsedSearch): boolean {
  return (
    !parsed.words.length &&
    !parsed.phrases.length &&
    !parsed.inSpace &&
    !parsed.from &&
    !parsed.hasFile &&
    !parsed.before &&
    !parsed.after
  );
}

/**
 * The words and phrases as a Postgres tsquery: every word, and every phrase word after
 * word, must be there. The last word matches as the start of a word too, being the one
 * typed ("inv" finds "invoice"), and so does a phrase's last; the words before it are
 * whole. A start of a word is every word it begins, each a list the index must merge:
 * "where did the client send the new logo" with each word a start took the owner of 5,000
 * spaces 160 to 225 ms at a million messages, whole words let the index skip (ADR 036).
 * Only letters and digits reach it, so nothing in it is an operator the user typed. Null
 * when there are no words (a search by filters alone).
 */
export function tsQueryOf(parsed: Pick<ParsedSearch, "words" | "phrases">): string | null {
  const parts = [
    ...parsed.words.map((word, index) => (index === parsed.words.length - 1 ? `${word}:*` : word)),
    ...parsed.phrases.map(
      (phrase) => `(${phrase.map((word, index) => (index === phrase.length - 1 ? `${word}:*` : word)).join(" <-> ")})`,
    ),
  ];
  return parts.length ? parts.join(" & ") : null;
}
