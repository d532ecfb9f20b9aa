import { Link, useLocation } from "@remix-run/react";
import { clsx } from "clsx";
import { buttonClassName } from "~/components/ui/button";
import { OPEN_PARAM } from "~/components/ui/on-demand-details";
import { PAGE_PARAM, type Page } from "~/shared";

/** `href` with its query parameter `name` set to `value` (or taken out, for null), the rest kept. */
export function withSearchParam(href: string, name: string, value: string | number | null): string {
  const [path, search = ""] = href.split("?");
  const params = new URLSearchParams(search);
  if (value === null) params.delete(name);
  else params.set(name, String(value));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * Under a long list: what it shows ("Showing 51–100 of 300") and the pages before and
 * after, as plain links to this address with another page (its search and filters
 * kept), so that they work without JavaScript. Nothing when the list fits one page.
 * `anchor` is the id of the list's section, for a list below another on the page.
 */
export function Pager({
  list,
  label,
  param = PAGE_PARAM,
  anchor,
  className,
}: {
  list: Omit<Page<unknown>, "items"> & { items: { length: number } };
  /** Names the navigation among the page's landmarks (e.g. "Pages of clients"). */
  label: string;
  param?: string;
  anchor?: string;
  className?: string;
}) {
  const location = useLocation();
  if (list.pageCount <= 1) return null;
  const first = (list.page - 1) * list.perPage + 1;
  const last = first + list.items.length - 1;
  // Another page draws none of this one's menus open.
  const here = withSearchParam(`${location.pathname}${location.search}`, OPEN_PARAM, null);
  const href = (page: number) => `${withSearchParam(here, param, page)}${anchor ? `#${anchor}` : ""}`;
  const linkClassName = buttonClassName({ variant: "outline", size: "sm" });
  return (
    <nav aria-label={label} className={clsx("flex flex-wrap items-center justify-between gap-3 text-sm", className)}>
      <p className="text-slate-600">{`Showing ${first}–${last} of ${list.total}`}</p>
      <div className="flex gap-2">
        {list.page > 1 ? (
          <Link to={href(list.page - 1)} rel="prev" className={linkClassName}>
            Previous
          </Link>
        ) : null}
        {list.page < list.pageCount ? (
          <Link to={href(list.page + 1)} rel="next" className={linkClassName}>
            Next
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
