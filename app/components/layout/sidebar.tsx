import { Link, NavLink, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useId } from "react";
import { clsx, SidebarIcon } from "~/components/ui";
import type { NavGroup } from "./navigation";

export const SIDEBAR_ACTION = "/resources/sidebar";
const FETCHER_KEY = "sidebar";

/**
 * The sidebar's collapsed state: what the cookie says (from the layout's loader), or,
 * while a toggle is on its way, what the user asked for.
 */
export function useSidebarState(sidebarCollapsed: boolean) {
  const fetcher = useFetcher({ key: FETCHER_KEY });
  const location = useLocation();
  const requested = fetcher.formData?.get("collapsed");
  const collapsed = typeof requested === "string" ? requested === "true" : sidebarCollapsed;
  const redirectTo = location.pathname + location.search;
  const { submit } = fetcher;

  // SPEC.md §2.6: Ctrl+b or Cmd+b toggles the sidebar.
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key.toLowerCase() !== "b" || !(event.ctrlKey || event.metaKey)) return;
      if (event.altKey || event.shiftKey || event.isComposing || event.defaultPrevented) return;
      event.preventDefault();
      submit(
        { collapsed: String(!collapsed), redirectTo },
        { method: "post", action: SIDEBAR_ACTION, preventScrollReset: true },
      );
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [collapsed, redirectTo, submit]);

  return { collapsed, fetcher, redirectTo };
}

/**
 * The collapse/expand button: a form post to the resource route, so it works without
 * JavaScript; with JavaScript the fetcher submits it and the state flips at once.
 */
export function SidebarToggle({
  sidebar,
  controls,
}: {
  sidebar: ReturnType<typeof useSidebarState>;
  controls: string;
}) {
  const { collapsed, fetcher, redirectTo } = sidebar;
  return (
    <fetcher.Form method="post" action={SIDEBAR_ACTION} preventScrollReset>
      <input type="hidden" name="collapsed" value={String(!collapsed)} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button
        type="submit"
        aria-controls={controls}
        aria-expanded={!collapsed}
        aria-keyshortcuts="Control+B Meta+B"
        title={`${collapsed ? "Expand" : "Collapse"} sidebar (Ctrl+B)`}
        className="flex size-10 items-center justify-center rounded-lg text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <SidebarIcon className="size-5" />
        <span className="sr-only">{collapsed ? "Expand sidebar" : "Collapse sidebar"}</span>
      </button>
    </fetcher.Form>
  );
}

/*
 * The sidebar is also the phone's navigation drawer (mobile-nav.tsx), where it is never
 * collapsed: what `collapsed` changes applies from 768px (md:) only.
 */

/** The "TWT" mark, with the company name beside it when there is room. */
export function Brand({ companyName, collapsed, href }: { companyName: string; collapsed: boolean; href: string }) {
  return (
    <Link
      to={href}
      title={collapsed ? companyName : undefined}
      className={clsx(
        "flex h-16 shrink-0 items-center gap-3 border-b border-slate-200 px-5 focus-visible:outline focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600",
        collapsed && "md:justify-center md:px-2",
      )}
    >
      <span
        className="flex h-9 min-w-9 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-indigo-500 to-indigo-700 px-1.5 text-[11px] font-bold tracking-wide text-white shadow-sm"
        aria-hidden="true"
      >
        TWT
      </span>
      <span
        className={clsx("line-clamp-2 text-sm font-semibold leading-tight text-slate-900", collapsed && "md:sr-only")}
      >
        {companyName}
      </span>
    </Link>
  );
}

/** The link groups of an area. Collapsed, links show only their icon (name in title and for screen readers). */
export function SidebarNav({ groups, collapsed }: { groups: NavGroup[]; collapsed: boolean }) {
  return (
    <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
      {groups.map((group, index) => (
        <SidebarGroup key={group.title ?? index} group={group} collapsed={collapsed} first={index === 0} />
      ))}
    </nav>
  );
}

function SidebarGroup({ group, collapsed, first }: { group: NavGroup; collapsed: boolean; first: boolean }) {
  const titleId = useId();
  return (
    <div className={clsx(!first && "mt-6")}>
      {group.title ? (
        <>
          {collapsed ? <hr className="mx-2 mb-3 hidden border-slate-200 md:block" /> : null}
          <h2
            id={titleId}
            className={clsx(
              "mb-2 px-3 text-xs font-semibold uppercase tracking-wider text-slate-500",
              collapsed && "md:sr-only",
            )}
          >
            {group.title}
          </h2>
        </>
      ) : null}
      <ul className="space-y-1" aria-labelledby={group.title ? titleId : undefined}>
        {group.items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              prefetch="intent"
              title={collapsed ? item.label : undefined}
              className={({ isActive }) =>
                clsx(
                  "group flex h-10 items-center gap-3 rounded-lg text-sm font-medium transition-colors",
                  "focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600",
                  "px-3",
                  collapsed && "md:justify-center md:px-0",
                  isActive ? "bg-indigo-50 text-indigo-700" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900",
                )
              }
            >
              {({ isActive }) => (
                <>
                  <item.icon
                    className={clsx(
                      "size-5 shrink-0",
                      isActive ? "text-indigo-600" : "text-slate-400 group-hover:text-slate-600",
                    )}
                  />
                  <span className={clsx("truncate", collapsed && "md:sr-only")}>{item.label}</span>
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
