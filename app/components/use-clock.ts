import { useRouteLoaderData } from "@remix-run/react";
import { useSyncExternalStore } from "react";
import { DEFAULT_CLOCK, type Clock } from "~/models/time-format";
import type { loader as rootLoader } from "~/root";

/**
 * The reader's zone and locale, as the server resolved them for this document (the
 * root loader). The browser formats with these, not with its own zone, so hydration
 * prints what the server printed. An error page without the root's data shows UTC.
 */
export function useClock(): Clock {
  const clock = useRouteLoaderData<typeof rootLoader>("root")?.clock;
  return clock ? { timeZone: clock.timeZone, locale: clock.locale } : DEFAULT_CLOCK;
}

/*
 * "Now", for what reads relative to it (Today, Yesterday). While hydrating it is the
 * moment the server rendered (the root loader's `renderedAt`), so both say the same;
 * afterwards the browser's time, moved on once a minute by one timer for the page, so
 * a chat left open over midnight turns its Today into Yesterday.
 */
const TICK_MS = 60_000;
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  timer ??= setInterval(() => {
    now = Date.now();
    listeners.forEach((notify) => notify());
  }, TICK_MS);
  return () => {
    listeners.delete(listener);
    if (!listeners.size) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

export function useNow(): number {
  const renderedAt = useRouteLoaderData<typeof rootLoader>("root")?.renderedAt;
  return useSyncExternalStore(
    subscribe,
    () => now,
    () => renderedAt ?? now,
  );
}
