import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { revealWhenOpen, useDetailsDismiss } from "~/components/layout/use-details-dismiss";

/** A click that asks for a new tab or window: the link's page is let open, as without JavaScript. */
export const opensElsewhere = (event: React.MouseEvent) =>
  event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

/** The query parameter that names the one disclosure a page draws open (see OnDemandDetails). */
export const OPEN_PARAM = "open";

/**
 * A native `<details>` disclosure whose content is drawn only when it is opened. A chat
 * page has one per message for its reactions and another for its menu, a list of spaces
 * one per card: drawn closed on the server they were more than half of those pages'
 * elements, to render on every request and to hydrate on a phone.
 *
 * Until opened it is a link to the same page with `?open=<id>`, which draws this one
 * open: without JavaScript, one click and a page load open it (as `?edit=` opens an
 * edit). With JavaScript the click draws the `<details>` open in place, its summary
 * focused; from then on it is an ordinary disclosure (a click outside, Escape or a
 * navigation closes it).
 */
export function OnDemandDetails({
  id,
  className,
  summaryClassName,
  label,
  icon,
  children,
}: {
  /** Unique on the page: the element's id, and the value of `?open=` that draws it open. */
  id: string;
  className?: string;
  /** The look of the button, the same whether it is still the link or the summary. */
  summaryClassName: string;
  /** The button's name for screen readers: its label rather than words of its own, one element less a button. */
  label: string;
  /** What the button shows. */
  icon: React.ReactNode;
  /** The content, drawn once opened. */
  children: React.ReactNode;
}) {
  const location = useLocation();
  const requested = new URLSearchParams(location.search).get(OPEN_PARAM) === id;
  const [drawn, setDrawn] = useState<"requested" | "clicked" | null>(requested ? "requested" : null);

  if (!drawn) {
    const search = new URLSearchParams(location.search);
    search.set(OPEN_PARAM, id);
    return (
      <a
        id={id}
        href={`${location.pathname}?${search}#${id}`}
        className={summaryClassName}
        aria-label={label}
        onClick={(event) => {
          if (opensElsewhere(event)) return;
          event.preventDefault();
          setDrawn("clicked");
        }}
      >
        {icon}
      </a>
    );
  }
  return (
    <DrawnDetails
      id={id}
      className={className}
      summaryClassName={summaryClassName}
      drawn={drawn}
      label={label}
      icon={icon}
    >
      {children}
    </DrawnDetails>
  );
}

/** The `<details>` once drawn: open as the page came (`requested`), or opened at once and focused (`clicked`). */
function DrawnDetails({
  id,
  className,
  summaryClassName,
  drawn,
  label,
  icon,
  children,
}: {
  id: string;
  className?: string;
  summaryClassName: string;
  drawn: "requested" | "clicked";
  label: string;
  icon: React.ReactNode;
  children: React.ReactNode;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  useDetailsDismiss(ref);
  useEffect(() => {
    const details = ref.current;
    if (drawn !== "clicked" || !details) return;
    details.open = true;
    details.querySelector("summary")?.focus();
  }, [drawn]);
  return (
    <details
      id={id}
      ref={ref}
      open={drawn === "requested" || undefined}
      className={className}
      onToggle={revealWhenOpen}
    >
      <summary className={summaryClassName} aria-label={label}>
        {icon}
      </summary>
      {children}
    </details>
  );
}
