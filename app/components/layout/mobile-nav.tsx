import { useRef } from "react";
import { clsx, CloseIcon, MenuIcon, useHydrated } from "~/components/ui";
import { closeDetails, useDetailsDismiss } from "./use-details-dismiss";

const MENU_ID = "mobile-nav";
/** The sidebar's id: under 768px it is this menu's drawer (app/tailwind.css draws it while the menu is open). */
export const SIDEBAR_ID = "app-sidebar";

/**
 * Under 768px the sidebar becomes a drawer behind a menu button. The button is a native
 * `<details>`, so the menu opens and closes with or without JavaScript: when open, its
 * summary turns into the dimmed backdrop (a click beside the drawer closes it), and the
 * stylesheet shows the sidebar over it. The drawer is the sidebar itself rather than a
 * copy of its links (issue 41: every signed-in page drew the navigation twice).
 */
export function MobileNav() {
  const ref = useRef<HTMLDetailsElement>(null);
  useDetailsDismiss(ref, { alsoInside: `#${SIDEBAR_ID}` });
  return (
    <details
      ref={ref}
      id={MENU_ID}
      className="group md:hidden"
      // The drawer's links come before this button in the page: the keyboard goes to them.
      onToggle={(event) => {
        if (event.currentTarget.open) document.querySelector<HTMLElement>(`#${SIDEBAR_ID} nav a`)?.focus();
      }}
    >
      <summary
        aria-controls={SIDEBAR_ID}
        className={clsx(
          "flex size-10 cursor-pointer list-none items-center justify-center rounded-lg text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 [&::-webkit-details-marker]:hidden",
          "focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600",
          "group-open:fixed group-open:inset-0 group-open:z-40 group-open:size-auto group-open:rounded-none group-open:bg-slate-900/40 group-open:hover:bg-slate-900/40",
        )}
      >
        <MenuIcon className="size-5 group-open:hidden" />
        <span className="sr-only">Navigation menu</span>
      </summary>
    </details>
  );
}

/** The drawer's close button, in the sidebar, under 768px; without JavaScript the backdrop closes it. */
export function MobileNavClose() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <button
      type="button"
      onClick={() => closeDetails(document.getElementById(MENU_ID) as HTMLDetailsElement | null)}
      className="absolute right-3 top-3 flex size-10 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600 md:hidden"
    >
      <CloseIcon className="size-5" />
      <span className="sr-only">Close navigation</span>
    </button>
  );
}
