/**
 * How many unread messages a space's count says at most; past it, "99+". The server
 * counts no further than one past it (app/models/unread.server.ts): every signed-in page
 * counts the unread messages of every space its user sees, and counting a backlog of
 * thousands to show "99+" cost the owner's pages most of their time (issue 41).
 */
export const UNREAD_SHOWN_UP_TO = 99;

/** A count of unread messages as the lists and the bell say it: "99+" past the most shown. */
export function unreadLabel(count: number): string {
  return count > UNREAD_SHOWN_UP_TO ? `${UNREAD_SHOWN_UP_TO}+` : String(count);
}
