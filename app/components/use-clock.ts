import { useRouteLoaderData } from "@remix-run/react";
import { useSyncExternalStore } from "react";
import { DEFAULT_CLOCK, type Clock } from "~/shared";
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
 * "Now", for what reads relative to it (Today, Yesterday). Until the page's clock first
 * ticks it is the moment the server rendered (the root loader's `renderedAt`): hydration
 * prints what the server printed, and does not render every message a second time for a
 * difference of a few seconds. Then it is the browser's time, moved on once a minute by
 * one timer for the page, so a chat left open over midnight turns its Today into Yesterday.
 */
const TICK_MS = 60_000;
const loadedAt = Date.now();
let now: number | undefined;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    // Back on a page with times after a while without one: what it knew as now is old news.
    if (Date.now() - (now ?? loadedAt) >= TICK_MS) now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      listeners.forEach((notify) => notify());
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (!listeners.size) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

export function useNow(): number {
  const renderedAt = useRouteLoaderData<typeof rootLoader>("root")?.renderedAt ?? loadedAt;
  return useSyncExternalStore(
    subscribe,
    () => now ?? renderedAt,
    () => renderedAt,
  );
}
