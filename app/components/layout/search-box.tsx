import { Form, useFetcher, useLocation, useNavigate, useSearchParams } from "@remix-run/react";
import { useCombobox } from "downshift";
import { useEffect, useRef, useState } from "react";
import { clsx, Avatar, Spinner, SearchIcon } from "~/components/ui";
import type { loader as suggestionsLoader } from "~/routes/resources.search";
import { imageUrl } from "~/shared";
import { EntryText } from "~/components/search/entry-text";
import { SEARCH_SECTIONS, type SearchEntry } from "~/components/search/search-entries";
import { useDetailsDismiss } from "./use-details-dismiss";

type SearchProps = { action: string; placeholder: string };
const MOBILE_INPUT_ID = "app-search-mobile";
const SUGGESTIONS = "/resources/search";
/** Suggestions wait for a pause in typing this long, so that each key does not cost a request. */
const TYPING_PAUSE_MS = 150;

/** The current query when the search's target page is open, so the box shows what was searched. */
function useCurrentQuery(action: string) {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  return location.pathname === action ? (searchParams.get("q") ?? "") : "";
}

type Choice = SearchEntry | { key: "all"; href: string };

/**
 * A GET form (`?q=`) to the search page, so Enter works without JavaScript. With it,
 * the box is a combobox (downshift: Headless UI's, with its positioning library, weighed
 * 46 KB of gzip on every signed-in page): a few spaces, people, messages and files
 * appear, grouped, as one types. Enter with no option chosen submits the form to the
 * results page, as without JavaScript; the arrows reach an option, which Enter or a
 * click opens (a message or a file opens its chat at that message).
 */
function SearchForm({
  action,
  placeholder,
  className,
  inputId,
}: SearchProps & { className?: string; inputId: string }) {
  const query = useCurrentQuery(action);
  const navigate = useNavigate();
  const suggestions = useFetcher<typeof suggestionsLoader>();
  const [text, setText] = useState(query);
  // Suggestions follow typing: the results page's own query, shown in the box, is not searched again.
  const [edited, setEdited] = useState(false);
  const typed = text.trim();
  const { load } = suggestions;

  useEffect(() => {
    if (!typed || !edited) return;
    const timer = setTimeout(() => load(`${SUGGESTIONS}?${new URLSearchParams({ q: typed })}`), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed, edited, load]);

  const entries = typed ? (suggestions.data?.entries ?? []) : [];
  const searching = suggestions.state === "loading" || (edited && typed !== "" && suggestions.data?.query !== typed);
  const allResults: Choice = { key: "all", href: `${action}?${new URLSearchParams({ q: typed })}` };
  const choices: Choice[] = typed ? [allResults, ...entries] : [];
  const groups = SEARCH_SECTIONS.map((section) => ({
    section,
    entries: entries.filter((entry) => entry.section === section),
  })).filter((group) => group.entries.length);
  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getMenuProps, getItemProps } = useCombobox<Choice>({
    items: choices,
    inputId,
    inputValue: text,
    // The box keeps what was typed when an option is chosen (there is no "selected value" to show).
    selectedItem: null,
    itemToString: () => text,
    itemToKey: (choice) => choice?.key,
    onInputValueChange: ({ inputValue, type }) => {
      if (type !== useCombobox.stateChangeTypes.InputChange) return;
      setText(inputValue);
      setEdited(true);
    },
    onSelectedItemChange: ({ selectedItem }) => selectedItem && navigate(selectedItem.href),
  });
  const open = isOpen && typed !== "";

  return (
    <Form method="get" action={action} role="search" className={clsx("relative", className)}>
      <label className="sr-only" {...getLabelProps()}>
        Search
      </label>
      <SearchIcon className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" />
      <input
        {...getInputProps({
          type: "search",
          name: "q",
          placeholder,
          autoComplete: "off",
          onKeyDown: (event) => {
            // Enter with no option reached is the form's: downshift would otherwise keep it.
            if (event.key === "Enter" && highlightedIndex < 0) {
              (event.nativeEvent as KeyboardEvent & { preventDownshiftDefault?: boolean }).preventDownshiftDefault =
                true;
            }
          },
        })}
        className="h-10 w-full rounded-lg border border-slate-200 bg-slate-50 pl-9 pr-9 text-sm text-slate-900 transition-colors placeholder:text-slate-400 hover:border-slate-300 focus:border-indigo-500 focus:bg-white focus:outline-none focus:ring-4 focus:ring-indigo-500/15"
      />
      {searching && typed ? (
        <Spinner className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" />
      ) : null}
      <ul
        {...getMenuProps()}
        className={clsx(
          "absolute left-0 top-full z-50 mt-1.5 max-h-[70vh] w-full min-w-72 overflow-y-auto rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg shadow-slate-900/10 focus:outline-none",
          !open && "hidden",
        )}
      >
        {open ? (
          <>
            <li
              {...getItemProps({ item: allResults, index: 0 })}
              className={clsx(
                "flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-indigo-700",
                highlightedIndex === 0 && "bg-indigo-50",
              )}
            >
              <SearchIcon className="size-4" aria-hidden="true" />
              See all results for “{typed}”
            </li>
            {/* Grouped as ARIA's listbox with groups has it: each section a group named by its heading. */}
            {groups.map((group) => (
              <li key={group.section} role="presentation">
                <ul role="group" aria-labelledby={`${inputId}-${group.section}`}>
                  <li
                    role="presentation"
                    id={`${inputId}-${group.section}`}
                    className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-500"
                  >
                    {group.section}
                  </li>
                  {group.entries.map((entry) => {
                    const index = choices.indexOf(entry);
                    return (
                      <li
                        key={entry.key}
                        {...getItemProps({ item: entry, index })}
                        className={clsx(
                          "flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2",
                          highlightedIndex === index && "bg-indigo-50",
                        )}
                      >
                        <Avatar
                          name={entry.imageName}
                          src={imageUrl(entry.imageKey)}
                          shape={entry.shape}
                          size="sm"
                          alt=""
                        />
                        <EntryText entry={entry} compact />
                      </li>
                    );
                  })}
                </ul>
              </li>
            ))}
            {!searching && !entries.length ? (
              <li role="presentation" className="px-3 py-2 text-sm text-slate-600">
                Nothing matches “{typed}”.
              </li>
            ) : null}
          </>
        ) : null}
      </ul>
    </Form>
  );
}

/** From 768px up the search is a box in the top bar. A new page starts with a fresh box. */
export function SearchBox(props: SearchProps) {
  const location = useLocation();
  return <SearchForm key={location.key} {...props} inputId="app-search" className="hidden w-full max-w-md md:block" />;
}

/** Under 768px the search collapses into an icon that opens a full-width box below the top bar. */
export function MobileSearch(props: SearchProps) {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useDetailsDismiss(ref);
  return (
    <details
      ref={ref}
      className="group md:hidden"
      onToggle={(event) => {
        if (event.currentTarget.open) document.getElementById(MOBILE_INPUT_ID)?.focus();
      }}
    >
      <summary className="flex size-10 cursor-pointer list-none items-center justify-center rounded-lg text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600 group-open:bg-slate-100 group-open:text-slate-900 [&::-webkit-details-marker]:hidden">
        <SearchIcon className="size-5" />
        <span className="sr-only">Search</span>
      </summary>
      <div className="absolute inset-x-0 top-full border-b border-slate-200 bg-white px-4 py-3 shadow-sm">
        <SearchForm key={location.key} {...props} inputId={MOBILE_INPUT_ID} />
      </div>
    </details>
  );
}
