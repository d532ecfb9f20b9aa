import { useLocation } from "@remix-run/react";
import { useEffect, useRef, type RefObject } from "react";

/**
 * A native `<details>` menu opens and closes without JavaScript. With JavaScript this
 * adds what users expect of a menu: it closes on navigation, on a click outside and on
 * Escape (which puts the focus back on its summary).
 */
export function useDetailsDismiss(
  ref: RefObject<HTMLDetailsElement | null>,
  /** A selector of what is part of the menu though outside its element (the navigation's drawer). */
  { alsoInside }: { alsoInside?: string } = {},
) {
  const location = useLocation();
  // Closed on a navigation, not on mounting: a page may be drawn with one open (OnDemandDetails).
  const seen = useRef(location.key);

  useEffect(() => {
    if (seen.current === location.key) return;
    seen.current = location.key;
    if (ref.current) ref.current.open = false;
  }, [ref, location.key]);

  useEffect(() => {
    function onPointerDown(event: PointerEvent) {
      const details = ref.current;
      const target = event.target;
      if (!details?.open || !(target instanceof Element) || details.contains(target)) return;
      if (!alsoInside || !target.closest(alsoInside)) details.open = false;
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape" && ref.current?.open) closeDetails(ref.current);
    }
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [ref, alsoInside]);
}

/** Closes a `<details>` menu and puts the focus back on its summary, as Escape does. */
export function closeDetails(details: HTMLDetailsElement | null) {
  if (!details) return;
  details.open = false;
  details.querySelector("summary")?.focus();
}

/** A `<details>` `onToggle`: an opened panel is scrolled into view, if its list had it out of sight. */
export function revealWhenOpen(event: React.SyntheticEvent<HTMLDetailsElement>) {
  const details = event.currentTarget;
  if (details.open) details.lastElementChild?.scrollIntoView({ block: "nearest" });
}
