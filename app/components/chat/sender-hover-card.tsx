import { useEffect, useRef, useState } from "react";
import { Avatar } from "~/components/ui/avatar";
import { useClock } from "~/components/use-clock";
import { formatDateTime } from "~/models/time-format";

/** SPEC §9: the hover card opens after 700 ms and closes after 300 ms. */
export const HOVER_OPEN_MS = 700;
export const HOVER_CLOSE_MS = 300;

/**
 * The sender's name; resting the pointer (or keyboard focus) on it opens a card
 * with their picture and name, and leaving it closes the card a moment later, so
 * the pointer can travel into the card.
 */
export function SenderHoverCard({ name, avatar, sentAt }: { name: string; avatar: string | null; sentAt: string }) {
  const [open, setOpen] = useState(false);
  const clock = useClock();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const openSoon = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(true), HOVER_OPEN_MS);
  };
  const closeSoon = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(false), HOVER_CLOSE_MS);
  };
  return (
    <span className="relative inline-block" onMouseEnter={openSoon} onMouseLeave={closeSoon}>
      <span
        tabIndex={0}
        onFocus={openSoon}
        onBlur={closeSoon}
        className="rounded text-xs font-semibold text-slate-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600"
      >
        {name}
      </span>
      {open ? (
        <span
          role="tooltip"
          className="absolute bottom-full left-0 z-20 mb-2 flex w-56 items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-lg shadow-slate-900/10"
        >
          <Avatar name={name} src={avatar} size="md" alt="" />
          <span className="min-w-0">
            <span className="block truncate text-sm font-semibold text-slate-900">{name}</span>
            <span className="block text-xs text-slate-500">Sent {formatDateTime(sentAt, clock)}</span>
          </span>
        </span>
      ) : null}
    </span>
  );
}
