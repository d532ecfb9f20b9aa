import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from "@headlessui/react";
import { Form, useFetcher, useLocation, useNavigate, useSearchParams } from "@remix-run/react";
import { clsx } from "clsx";
import { useEffect, useRef, useState } from "react";
import { Avatar } from "~/components/ui/avatar";
import { Spinner } from "~/components/ui/button";
import { SearchIcon } from "~/components/ui/icons";
import type { loader as suggestionsLoader } from "~/routes/resources.search";
import { imageUrl } from "~/models/image-urls";
import type { SearchEntry } from "~/components/search/search-entries";
import { useDetailsDismiss } from "./use-details-dismiss";

type SearchProps = { action: string; placeholder: string };
const MOBILE_INPUT_ID = "app-search-mobile";
const SUGGESTIONS = "/resources/search";
/** Suggestions wait for a pause in typing this long, so that each key does not cost a request. */
const TYPING_PAUSE_MS = 150;
const SECTION_LABEL: Record<SearchEntry["section"], string> = {
  Spaces: "Space",
  People: "Person",
  Messages: "Message",
};

/** The current query when the search's target page is open, so the box shows what was searched. */
function useCurrentQuery(action: string) {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  return location.pathname === action ? (searchParams.get("q") ?? "") : "";
}

type Choice = SearchEntry | { key: "all"; href: string };

/**
 * A GET form (`?q=`) to the search page, so Enter works without JavaScript. With it,
 * the box is a combobox: suggestions of spaces and people appear as one types. Enter
 * opens the results page (the first, active option, as without JavaScript); the arrows
 * reach a suggestion, which Enter or a click opens.
 */
function SearchForm({
  action,
  placeholder,
  className,
  inputId,
  inline = false,
}: SearchProps & {
  className?: string;
  inputId: string;
  /** Suggestions right under the box rather than floating: inside the mobile panel, which closes on outside clicks. */
  inline?: boolean;
}) {
  const query = useCurrentQuery(action);
  const navigate = useNavigate();
  const suggestions = useFetcher<typeof suggestionsLoader>();
  const form = useRef<HTMLFormElement>(null);
  const [text, setText] = useState(query);
  const typed = text.trim();
  const { load } = suggestions;

  useEffect(() => {
    if (!typed) return;
    const timer = setTimeout(() => load(`${SUGGESTIONS}?${new URLSearchParams({ q: typed })}`), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed, load]);

  const entries = typed ? (suggestions.data?.entries ?? []) : [];
  const searching = suggestions.state === "loading" || (typed !== "" && suggestions.data?.query !== typed);
  const allResults = `${action}?${new URLSearchParams({ q: typed })}`;

  return (
    <Form ref={form} method="get" action={action} role="search" className={clsx("relative", className)}>
      <label className="sr-only" htmlFor={inputId}>
        Search
      </label>
      <SearchIcon className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" />
      <Combobox<Choice | null> value={null} onChange={(choice) => choice && navigate(choice.href)}>
        {({ activeIndex }) => (
          <>
            <ComboboxInput
              id={inputId}
              type="search"
              name="q"
              defaultValue={query}
              // The box keeps what was typed when the list closes (there is no "selected value" to show).
              displayValue={() => text}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={(event) => {
                if (event.key !== "Enter" || activeIndex !== null) return;
                event.preventDefault();
                form.current?.requestSubmit();
              }}
              placeholder={placeholder}
              autoComplete="off"
              className="h-10 w-full rounded-lg border border-slate-200 bg-slate-50 pl-9 pr-9 text-sm text-slate-900 transition-colors placeholder:text-slate-400 hover:border-slate-300 focus:border-indigo-500 focus:bg-white focus:outline-none focus:ring-4 focus:ring-indigo-500/15"
            />
            {searching && typed ? (
              <Spinner className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" />
            ) : null}
            {typed ? (
              <ComboboxOptions
                anchor={inline ? undefined : { to: "bottom start", gap: 6 }}
                className={clsx(
                  "z-50 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg shadow-slate-900/10 focus:outline-none",
                  inline ? "absolute inset-x-0 top-full mt-1.5" : "w-[max(var(--input-width),18rem)]",
                )}
              >
                <ComboboxOption
                  value={{ key: "all", href: allResults }}
                  className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-indigo-700 data-[focus]:bg-indigo-50"
                >
                  <SearchIcon className="size-4" aria-hidden="true" />
                  See all results for “{typed}”
                </ComboboxOption>
                {entries.map((entry) => (
                  <ComboboxOption
                    key={entry.key}
                    value={entry}
                    className="flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 data-[focus]:bg-indigo-50"
                  >
                    <Avatar name={entry.title} src={imageUrl(entry.imageKey)} shape={entry.shape} size="sm" alt="" />
                    <span className="min-w-0">
                      <span className="block truncate text-sm font-medium text-slate-900">{entry.title}</span>
                      <span className="block truncate text-xs text-slate-600">
                        {SECTION_LABEL[entry.section]} · {entry.detail}
                      </span>
                    </span>
                  </ComboboxOption>
                ))}
                {!searching && !entries.length ? (
                  <p className="px-3 py-2 text-sm text-slate-600">No spaces or people match “{typed}”.</p>
                ) : null}
              </ComboboxOptions>
            ) : null}
          </>
        )}
      </Combobox>
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
        <SearchForm key={location.key} {...props} inputId={MOBILE_INPUT_ID} inline />
      </div>
    </details>
  );
}
