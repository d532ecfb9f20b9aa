import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useLivePresence, OnlineDot } from "~/components/realtime";
import { Avatar, useClock, useNow } from "~/components/ui";
import { presenceWords, type Presence } from "~/shared/presence-words";
import { formatDateTime } from "~/shared";

/** SPEC §9: the hover card opens after 700 ms and closes after 300 ms. */
export const HOVER_OPEN_MS = 700;
export const HOVER_CLOSE_MS = 300;

/**
 * A message's head: the sender's name, then `children` (its time and marks). Resting the
 * pointer (or keyboard focus) on it opens a card
 * with their picture and name, whether they are around ("Active now", "Last seen 12
 * minutes ago", asked for as the pointer arrives), and leaving it closes the card a
 * moment later, so the pointer can travel into the card.
 */
export function SenderHoverCard({
  userId,
  name,
  avatar,
  sentAt,
  children,
}: {
  userId: string | null;
  name: string;
  avatar: string | null;
  sentAt: string;
  children: React.ReactNode;
}) {
  // The card and its reading of presence exist from the first hover or focus on: a chat
  // page names dozens of senders, and most are never pointed at.
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const openSoon = () => {
    setWanted(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(true), HOVER_OPEN_MS);
  };
  const closeSoon = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(false), HOVER_CLOSE_MS);
  };
  return (
    // The head is the name's hover target and places the card: the name is its text, no element of its own (issue 41).
    <div
      tabIndex={0}
      onMouseEnter={openSoon}
      onMouseLeave={closeSoon}
      onFocus={openSoon}
      onBlur={closeSoon}
      className="msg-head msg-sender"
    >
      {name}
      {children}
      {wanted ? <SenderCard userId={userId} name={name} avatar={avatar} sentAt={sentAt} open={open} /> : null}
    </div>
  );
}

/** The card itself: its presence asked for as soon as it exists, shown once `open`. */
function SenderCard({
  userId,
  name,
  avatar,
  sentAt,
  open,
}: {
  userId: string | null;
  name: string;
  avatar: string | null;
  sentAt: string;
  open: boolean;
}) {
  const clock = useClock();
  const now = useNow();
  const presenceFetcher = useFetcher<{ presence: Presence | null }>();
  const presence = useLivePresence(userId ?? "", presenceFetcher.data?.presence ?? null);
  const words = presenceWords(presence, now);
  const { load } = presenceFetcher;
  useEffect(() => {
    if (userId) load(`/resources/presence?user=${userId}`);
  }, [userId, load]);
  if (!open) return null;
  return (
    <span
      role="tooltip"
      className="absolute bottom-full left-0 z-20 mb-2 flex w-56 items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 font-normal shadow-lg shadow-slate-900/10"
    >
      <span className="relative inline-flex shrink-0">
        <Avatar name={name} src={avatar} size="md" alt="" />
        {presence?.online ? <OnlineDot /> : null}
      </span>
      <span className="min-w-0">
        <span className="block truncate text-sm font-semibold text-slate-900">{name}</span>
        {words ? <span className="block text-xs text-slate-600">{words}</span> : null}
        <span className="block text-xs text-slate-500">Sent {formatDateTime(sentAt, clock)}</span>
      </span>
    </span>
  );
}
