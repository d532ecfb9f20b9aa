import { useLocation } from "@remix-run/react";
import { useEffect, type RefObject } from "react";

/**
 * A native `<details>` menu opens and closes without JavaScript. With JavaScript this
 * adds what users expect of a menu: it closes on navigation, on a click outside and on
 * Escape (which puts the focus back on its summary).
 */
export function useDetailsDismiss(ref: RefObject<HTMLDetailsElement | null>) {
  const location = useLocation();

  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [ref, location.key]);

  useEffect(() => {
    function onPointerDown(event: PointerEvent) {
      const details = ref.current;
      if (details?.open && event.target instanceof Node && !details.contains(event.target)) details.open = false;
    }
    function onKeyDown(event: KeyboardEvent) {
      const details = ref.current;
      if (event.key !== "Escape" || !details?.open) return;
      details.open = false;
      details.querySelector("summary")?.focus();
    }
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [ref]);
}
