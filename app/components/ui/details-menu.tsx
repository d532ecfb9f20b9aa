import { clsx } from "clsx";
import { MoreIcon } from "./icons";
import { OnDemandDetails } from "./on-demand-details";

/** The look of one entry of a DetailsMenu: a `<Link>`, or a button in a `<Form>`. */
export const menuItemClassName =
  "flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:bg-slate-100 focus-visible:outline-none [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-slate-400";

export const destructiveMenuItemClassName = clsx(
  menuItemClassName,
  "text-red-700 hover:bg-red-50 hover:text-red-800 focus-visible:bg-red-50 [&_svg]:text-red-500",
);

/**
 * An actions menu behind a "more" button, on a native `<details>` drawn on demand
 * (OnDemandDetails): it opens and its links and forms work without JavaScript; with
 * it, it closes on a click outside, on Escape and on navigation, and an open menu is
 * scrolled into view (one at the foot of a scrolling list, such as the chat's, would
 * otherwise open out of sight).
 */
export function DetailsMenu({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <OnDemandDetails
      id={id}
      className="group relative"
      summaryClassName="menu-button"
      label={label}
      icon={<MoreIcon />}
    >
      <div className="absolute right-0 top-full z-20 mt-1 w-52 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg shadow-slate-900/10">
        {children}
      </div>
    </OnDemandDetails>
  );
}
