import { useLocation } from "@remix-run/react";
import { Suspense, useState } from "react";
import { useHydrated } from "~/components/use-hydrated";

/*
 * What opens a dialog, apart from the dialog itself (./dialog.tsx, on Headless UI): a
 * page that has a dialog behind a button imports these, and the dialog's own module, with
 * its form, is loaded when it is first opened (OnceOpened).
 */

/**
 * What a dialog is open for (a space to delete, `true` for a form), until the next
 * navigation: a dialog whose form succeeded redirects, and so closes by itself.
 */
export function useDialogState<T>() {
  const location = useLocation();
  const [state, setState] = useState<{ value: T; locationKey: string } | null>(null);
  const value = state && state.locationKey === location.key ? state.value : null;
  return {
    value,
    open: (next: T) => setState({ value: next, locationKey: location.key }),
    close: () => setState(null),
  };
}

/**
 * Draws a dialog loaded on demand (`React.lazy`) from the first time it is opened on, so
 * that its module (the form, its fields, conform, Headless UI) is fetched then rather than
 * with the page: on /spaces they were a third of its scripts, parsed and run on every visit
 * for dialogs most visits never open. Kept drawn after that, so it closes with its
 * transition. The button that opens it is a link to the same form as a page, which
 * works without JavaScript and before the module has come.
 */
export function OnceOpened({ open, children }: { open: boolean; children: React.ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/**
 * The link that opens a form's dialog: before the page is hydrated, and without
 * JavaScript, it goes to the form's own page; after, it opens the dialog in place. `load`
 * fetches a dialog loaded on demand (OnceOpened) as the pointer or the focus comes to it.
 */
export function useDialogLink(load?: () => Promise<unknown>) {
  const hydrated = useHydrated();
  const dialog = useDialogState<true>();
  return {
    dialog,
    linkProps: {
      ...(load && prefetchOn(load)),
      onClick: (event: React.MouseEvent) => {
        if (!hydrated) return;
        event.preventDefault();
        dialog.open(true);
      },
    },
  };
}

/** Handlers that fetch a module loaded on demand as the pointer or the focus comes to what opens it. */
export function prefetchOn(load: () => Promise<unknown>) {
  const prefetch = () => void load();
  return { onPointerEnter: prefetch, onFocus: prefetch };
}
