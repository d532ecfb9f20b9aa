import { Link } from "@remix-run/react";
import { Fragment, useEffect, useLayoutEffect, useRef, useState } from "react";
import { ChevronDownIcon, useClock, useNow } from "~/components/ui";
import { type ChatMessage, dayKey, formatDayHeading, type Clock } from "~/shared";
import type { PendingMessage } from "./chat-state";
import { startsGroup } from "./message-groups";

/** SPEC §9: new messages scroll into view only when the reader was this close to the bottom. */
export const AUTO_SCROLL_THRESHOLD_PX = 20;

/**
 * The scrolling list: it opens at the bottom (or at `openedAt`, the message the page was
 * opened at), follows new messages while the reader is at the bottom, otherwise offers
 * a jump to the latest; scrolling to the top loads older messages (with JavaScript; the
 * Older messages link does it without).
 *
 * The scroller is laid out from its foot (`flex-col-reverse`), so the browser opens it
 * at the latest message with the HTML, before any script runs and without it. Its
 * scrollTop is 0 at the foot and negative above (decision 030).
 */
export function MessageList({
  messages,
  pending,
  hasOlder,
  olderHref,
  onLoadOlder,
  onSeeLatest,
  openedAt = null,
  renderMessage,
  renderPending,
  empty,
}: {
  messages: ChatMessage[];
  pending: PendingMessage[];
  hasOlder: boolean;
  olderHref: string | null;
  onLoadOlder: (() => Promise<void>) | null;
  onSeeLatest: (() => void) | null;
  /** The message the page was opened at (`?message=`): the list opens with it in view rather than at its foot. */
  openedAt?: string | null;
  /** `opensGroup`: the message is not a continuation of its sender's previous one (message-groups.ts). */
  renderMessage: (message: ChatMessage, opensGroup: boolean) => React.ReactNode;
  renderPending: (entry: PendingMessage) => React.ReactNode;
  empty: React.ReactNode;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const topSentinel = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const [showJump, setShowJump] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const clock = useClock();
  const now = useNow();
  const previous = useRef({ last: messages.at(-1)?.id, pending: 0, height: 0, openedAt: null as string | null });

  const scrollToBottom = () => {
    const element = scroller.current;
    if (element) element.scrollTop = 0;
    atBottom.current = true;
    setShowJump(false);
  };

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const before = previous.current;
    const last = messages.at(-1)?.id;
    // Opened at a message: in view at once (where the address's #message-<id> put it before
    // the scripts ran), or, opened at another without a reload, once its page is shown.
    const opened = openedAt && openedAt !== before.openedAt ? document.getElementById(`message-${openedAt}`) : null;
    if (opened) {
      opened.scrollIntoView({ block: "center" });
      atBottom.current = Math.abs(element.scrollTop) <= AUTO_SCROLL_THRESHOLD_PX;
    } else if (before.height === 0 || pending.length > before.pending || (before.openedAt && !openedAt)) {
      // The first render, the reader just sent something, or left the message the page was
      // opened at for the latest ones: show the bottom.
      scrollToBottom();
    } else if (last !== before.last) {
      // Measured from the foot, older messages loaded above leave the view where it was;
      // newer ones below would push it up, unless the reader is following the latest.
      if (atBottom.current) scrollToBottom();
      else {
        element.scrollTop -= element.scrollHeight - before.height;
        setShowJump(true);
      }
    }
    previous.current = {
      last,
      pending: pending.length,
      height: element.scrollHeight,
      openedAt: opened || !openedAt ? openedAt : before.openedAt,
    };
  }, [messages, pending.length, openedAt]);

  useEffect(() => {
    if (atBottom.current && onSeeLatest) onSeeLatest();
  }, [messages.at(-1)?.id]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    const sentinel = topSentinel.current;
    if (!sentinel || !hasOlder || !onLoadOlder) return;
    const observer = new IntersectionObserver(async ([entry]) => {
      if (!entry.isIntersecting || loadingOlder) return;
      setLoadingOlder(true);
      await onLoadOlder();
      setLoadingOlder(false);
    });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasOlder, onLoadOlder, loadingOlder]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    atBottom.current = Math.abs(element.scrollTop) <= AUTO_SCROLL_THRESHOLD_PX;
    if (atBottom.current) {
      if (showJump && onSeeLatest) onSeeLatest();
      setShowJump(false);
    }
  };

  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={scroller}
        onScroll={onScroll}
        className="flex h-full flex-col-reverse overflow-y-auto px-3 py-4 [overflow-anchor:none] sm:px-4"
        role="log"
        aria-label="Messages"
        tabIndex={0}
      >
        <div className="flex min-h-full shrink-0 flex-col">
          {hasOlder ? (
            <div ref={topSentinel} className="mb-4 text-center">
              {olderHref ? (
                <Link
                  to={olderHref}
                  preventScrollReset
                  className="text-sm font-medium text-indigo-700 hover:underline"
                  onClick={(event) => {
                    if (!onLoadOlder) return;
                    event.preventDefault();
                    void onLoadOlder();
                  }}
                >
                  {loadingOlder ? "Loading older messages…" : "Older messages"}
                </Link>
              ) : null}
            </div>
          ) : null}
          {messages.length || pending.length ? (
            <ol className="space-y-4">
              {messages.map((message, index) => {
                const newDay =
                  index === 0 || dayKey(messages[index - 1].createdAt, clock) !== dayKey(message.createdAt, clock);
                return (
                  <Fragment key={message.id}>
                    {newDay ? <DaySeparator at={message.createdAt} now={now} clock={clock} /> : null}
                    {renderMessage(message, newDay || startsGroup(messages[index - 1], message))}
                  </Fragment>
                );
              })}
              {pending.map(renderPending)}
            </ol>
          ) : (
            empty
          )}
        </div>
      </div>
      {showJump ? (
        <button
          type="button"
          onClick={scrollToBottom}
          className="absolute bottom-3 left-1/2 inline-flex -translate-x-1/2 items-center gap-1 rounded-full bg-indigo-600 px-3 py-1.5 text-xs font-medium text-white shadow-lg hover:bg-indigo-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-300"
        >
          <ChevronDownIcon className="size-4" aria-hidden="true" />
          Jump to latest
        </button>
      ) : null}
    </div>
  );
}

/** Above the first message of each day, in the reader's zone: Today, Yesterday, or the date, between two rules. */
function DaySeparator({ at, now, clock }: { at: string; now: number; clock: Clock }) {
  return (
    <li className="day-separator" data-day-separator="">
      <time dateTime={dayKey(at, clock)}>{formatDayHeading(at, now, clock)}</time>
    </li>
  );
}
