import { pageNumber, type ParsedSearch, type SearchSort, isDay } from "~/shared";

/*
 * The /search page's address: the box (`q`), the filters of its form, the order, and the
 * page of messages (`page`) and of files (`fpage`). The form, its pagers and the loader
 * read the same names, so a link to another page keeps everything else.
 */

export const MESSAGES_PAGE_PARAM = "page";
export const FILES_PAGE_PARAM = "fpage";

/** What the page's form shows and sends: each filter as typed into its own control. */
export type SearchFormValues = {
  q: string;
  in: string;
  from: string;
  hasFile: boolean;
  before: string;
  after: string;
  sort: SearchSort;
};

// Names are short; anything longer was not typed into the form.
const NAME_MAX = 100;
const QUERY_MAX = 200;

/** The search an address asks for, whatever was put in it: unknown values are left out. */
export function readSearchParams(params: URLSearchParams) {
  const text = (name: string, max = NAME_MAX) => (params.get(name) ?? "").trim().slice(0, max);
  const form: SearchFormValues = {
    q: text("q", QUERY_MAX),
    in: text("in"),
    from: text("from"),
    hasFile: params.get("has") === "file",
    before: dayOrEmpty(text("before")),
    after: dayOrEmpty(text("after")),
    sort: params.get("sort") === "newest" ? "newest" : "best",
  };
  return {
    form,
    messagesPage: pageNumber(params.get(MESSAGES_PAGE_PARAM)),
    filesPage: pageNumber(params.get(FILES_PAGE_PARAM)),
  };
}

/** The form's filters as the model takes them, over those typed in the box; an empty control adds none. */
export function formFilters(form: SearchFormValues): Partial<Omit<ParsedSearch, "words" | "phrases">> {
  return {
    inSpace: form.in || null,
    from: form.from || null,
    hasFile: form.hasFile,
    before: form.before || null,
    after: form.after || null,
  };
}

/** Whether the address asks for anything: words in the box or a filter of the form. */
export function asksForAnything(form: SearchFormValues): boolean {
  return Boolean(form.q || form.in || form.from || form.hasFile || form.before || form.after);
}

/** A day of the calendar ("2026-12-01", as a date input sends it), else "". */
function dayOrEmpty(value: string): string {
  return isDay(value) ? value : "";
}
