import { unreadLabel } from "~/shared";

/** How many messages wait unread in a space, on the space lists; nothing when none do. */
export function UnreadBadge({ count }: { count: number }) {
  if (!count) return null;
  return (
    <span className="inline-flex shrink-0 items-center rounded-full bg-indigo-600 px-2 py-0.5 text-xs font-semibold text-white">
      {unreadLabel(count)}
      <span className="sr-only"> unread {count === 1 ? "message" : "messages"}</span>
    </span>
  );
}
