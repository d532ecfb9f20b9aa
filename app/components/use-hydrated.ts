import { useSyncExternalStore } from "react";

function subscribe() {
  return () => {};
}

/**
 * False on the server and during hydration, true once React runs in the browser.
 * Use it to render controls that only work with JavaScript (a show-password toggle),
 * so the server-rendered page never shows a button that does nothing.
 */
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
