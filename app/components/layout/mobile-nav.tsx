import { useRef } from "react";
import { clsx, CloseIcon, MenuIcon, useHydrated } from "~/components/ui";
import type { NavGroup } from "./navigation";
import { Brand, SidebarNav } from "./sidebar";
import { useDetailsDismiss } from "./use-details-dismiss";

/**
 * Under 768px the sidebar becomes a drawer behind a menu button. It is a native
 * `<details>`: when open, its summary turns into the dimmed backdrop, so a click beside
 * the drawer closes it, with or without JavaScript.
 */
export function MobileNav({
  groups,
  companyName,
  homeHref,
}: {
  groups: NavGroup[];
  companyName: string;
  homeHref: string;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const hydrated = useHydrated();
  useDetailsDismiss(ref);
  return (
    <details ref={ref} className="group md:hidden">
      <summary
        className={clsx(
          "flex size-10 cursor-pointer list-none items-center justify-center rounded-lg text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 [&::-webkit-details-marker]:hidden",
          "focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600",
          "group-open:fixed group-open:inset-0 group-open:z-40 group-open:size-auto group-open:rounded-none group-open:bg-slate-900/40 group-open:hover:bg-slate-900/40",
        )}
      >
        <MenuIcon className="size-5 group-open:hidden" />
        <span className="sr-only">Navigation menu</span>
      </summary>
      <div className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl">
        <div className="relative">
          <Brand companyName={companyName} collapsed={false} href={homeHref} />
          {hydrated ? (
            <button
              type="button"
              onClick={() => {
                if (ref.current) ref.current.open = false;
              }}
              className="absolute right-3 top-3 flex size-10 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <CloseIcon className="size-5" />
              <span className="sr-only">Close navigation</span>
            </button>
          ) : null}
        </div>
        <SidebarNav groups={groups} collapsed={false} />
      </div>
    </details>
  );
}
