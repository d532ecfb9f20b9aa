import { useEffect, useMemo, useRef } from "react";

type Handlers = Record<string, (...args: never[]) => unknown>;

/**
 * One object of handlers for the component's life, each calling the latest render's
 * version: what a memoized child receives, so that it renders again for its own data
 * only, not whenever the parent's handlers close over new state.
 */
export function useLatestHandlers<T extends Handlers>(handlers: T): T {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  return useMemo(
    () =>
      Object.fromEntries(
        Object.keys(latest.current).map((name) => [name, (...args: never[]) => latest.current[name](...args)]),
      ) as T,
    [],
  );
}
