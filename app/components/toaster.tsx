import { clsx } from "clsx";
import { useCallback, useEffect, useRef, useState } from "react";
import { CheckCircleIcon, AlertCircleIcon, CloseIcon, InfoCircleIcon } from "~/components/ui/icons";
import { useHydrated } from "./use-hydrated";
import { type Toast, type ToastInput } from "~/shared";

/** SPEC.md §9: the toast display shows up to 3, closes after 4000 ms, gap 14 px. */
export const MAX_VISIBLE_TOASTS = 3;
export const TOAST_DURATION_MS = 4000;

const TOAST_EVENT = "app:toast";

/**
 * Shows a toast from the browser's code, for an answer that set no cookie (the chat's
 * commands go over its socket). The Toaster stacks it with the pages' toasts.
 */
export function showToast(toast: ToastInput) {
  window.dispatchEvent(new CustomEvent<Toast>(TOAST_EVENT, { detail: { id: crypto.randomUUID(), ...toast } }));
}

/** The newest first, each id once, at most MAX_VISIBLE_TOASTS. */
function stack(toasts: Toast[], toast: Toast) {
  return [toast, ...toasts.filter((t) => t.id !== toast.id)].slice(0, MAX_VISIBLE_TOASTS);
}

/**
 * Shows the flash toast of the current page (root loader data). Server-rendered, so it
 * shows without JavaScript; there a CSS-only checkbox dismisses it. With JavaScript
 * each toast closes after 4 s (paused while hovered or focused), and toasts brought by
 * later navigations, and those the page's code shows (`showToast`), stack, newest
 * first, at most 3, each id once.
 *
 * Placement: from 768px up at the top right, just below the 64px top bar, so the
 * avatar menu and the bell stay reachable while a toast shows; on phones at the bottom.
 * z-10 keeps it under the top bar (z-20) and its menus, and over the page.
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  const [toasts, setToasts] = useState<Toast[]>(() => (toast ? [toast] : []));
  const [lastId, setLastId] = useState(toast?.id ?? null);
  if (toast && toast.id !== lastId) {
    // A new toast arrived with this render's data: adjust state while rendering, not in an effect.
    setLastId(toast.id);
    setToasts((current) => stack(current, toast));
  }
  const dismiss = useCallback((id: string) => setToasts((current) => current.filter((t) => t.id !== id)), []);
  useEffect(() => {
    const onToast = (event: Event) => setToasts((current) => stack(current, (event as CustomEvent<Toast>).detail));
    window.addEventListener(TOAST_EVENT, onToast);
    return () => window.removeEventListener(TOAST_EVENT, onToast);
  }, []);

  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-10 flex justify-end p-4 md:bottom-auto md:left-auto md:top-16 md:w-[24rem] md:p-5"
    >
      <ol
        aria-live="polite"
        aria-relevant="additions text"
        className="flex w-full flex-col-reverse gap-[14px] md:flex-col"
      >
        {toasts.map((item) => (
          <ToastItem key={item.id} toast={item} onDismiss={dismiss} />
        ))}
      </ol>
    </section>
  );
}

const appearance = {
  success: {
    box: "border-slate-200 bg-white text-slate-900",
    icon: <CheckCircleIcon className="size-5 text-emerald-600" />,
    description: "text-slate-600",
    close: "text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-indigo-600",
  },
  message: {
    box: "border-slate-200 bg-white text-slate-900",
    icon: <InfoCircleIcon className="size-5 text-indigo-600" />,
    description: "text-slate-600",
    close: "text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-indigo-600",
  },
  error: {
    box: "border-red-700 bg-red-600 text-white",
    icon: <AlertCircleIcon className="size-5 text-white" />,
    description: "text-red-50",
    close: "text-red-100 hover:bg-red-500 hover:text-white focus-visible:outline-white",
  },
} satisfies Record<Toast["type"], unknown>;

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: string) => void }) {
  const hydrated = useHydrated();
  const [paused, setPaused] = useState(false);
  const remaining = useRef(TOAST_DURATION_MS);
  const style = appearance[toast.type];
  const dismissId = `toast-dismiss-${toast.id}`;

  useEffect(() => {
    if (paused) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => onDismiss(toast.id), Math.max(remaining.current, 0));
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [paused, toast.id, onDismiss]);

  const closeClass = clsx(
    "absolute right-2 top-2 flex size-7 cursor-pointer items-center justify-center rounded-md transition-colors",
    "focus-visible:outline focus-visible:outline-2",
    style.close,
  );

  return (
    <li
      className="pointer-events-auto"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {/* Without JavaScript, ticking this (via the label below) hides the toast. */}
      {hydrated ? null : <input type="checkbox" id={dismissId} className="peer sr-only" />}
      {/* The role sits inside the item: on the <li> it would hide the list item from assistive technology. */}
      <div
        role={toast.type === "error" ? "alert" : "status"}
        className={clsx(
          "relative flex gap-3 rounded-xl border p-4 pr-11 shadow-lg shadow-slate-900/10 peer-checked:hidden",
          "animate-[toast-in_200ms_ease-out] motion-reduce:animate-none",
          style.box,
        )}
      >
        <span className="mt-px shrink-0">{style.icon}</span>
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold leading-5">{toast.title}</p>
          {toast.description ? (
            <p className={clsx("mt-1 text-sm leading-5", style.description)}>{toast.description}</p>
          ) : null}
        </div>
        {hydrated ? (
          <button type="button" onClick={() => onDismiss(toast.id)} className={closeClass}>
            <CloseIcon className="size-4" />
            <span className="sr-only">Dismiss notification</span>
          </button>
        ) : (
          <label htmlFor={dismissId} className={closeClass}>
            <CloseIcon className="size-4" />
            <span className="sr-only">Dismiss notification</span>
          </label>
        )}
      </div>
    </li>
  );
}
