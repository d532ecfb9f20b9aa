import { Form, useLocation, useSearchParams } from "@remix-run/react";
import { clsx } from "clsx";
import { useRef } from "react";
import { SearchIcon } from "~/components/ui/icons";
import { useDetailsDismiss } from "./use-details-dismiss";

type SearchProps = { action: string; placeholder: string };
const MOBILE_INPUT_ID = "app-search-mobile";

/** The current query when the search's target page is open, so the box shows what was searched. */
function useCurrentQuery(action: string) {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  return location.pathname === action ? (searchParams.get("q") ?? "") : "";
}

function SearchForm({
  action,
  placeholder,
  className,
  inputId,
}: SearchProps & { className?: string; inputId: string }) {
  const query = useCurrentQuery(action);
  return (
    <Form method="get" action={action} role="search" className={clsx("relative", className)}>
      <label className="sr-only" htmlFor={inputId}>
        Search
      </label>
      <SearchIcon className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" />
      <input
        key={query}
        id={inputId}
        type="search"
        name="q"
        defaultValue={query}
        placeholder={placeholder}
        autoComplete="off"
        className="h-10 w-full rounded-lg border border-slate-200 bg-slate-50 pl-9 pr-3 text-sm text-slate-900 transition-colors placeholder:text-slate-400 hover:border-slate-300 focus:border-indigo-500 focus:bg-white focus:outline-none focus:ring-4 focus:ring-indigo-500/15"
      />
    </Form>
  );
}

/** A GET form (`?q=`) to the area's search page. From 768px up it is a box in the top bar. */
export function SearchBox(props: SearchProps) {
  return <SearchForm {...props} inputId="app-search" className="hidden w-full max-w-md md:block" />;
}

/** Under 768px the search collapses into an icon that opens a full-width box below the top bar. */
export function MobileSearch(props: SearchProps) {
  const ref = useRef<HTMLDetailsElement>(null);
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
        <SearchForm {...props} inputId={MOBILE_INPUT_ID} />
      </div>
    </details>
  );
}
