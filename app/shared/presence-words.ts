import { formatDistanceStrict } from "date-fns";

/*
 * How presence reads (issue 21), for the browser and the server alike.
 */

/** What a person sees of another's presence: online now, or when they were last. */
export type Presence = { online: boolean; lastSeenAt: string | null };

/** The most people whose presence one request asks for (GET /resources/presence?users=). */
export const PRESENCE_BATCH_MAX = 100;

/** "Active now", "Last seen 12 minutes ago", or null when nothing is known. */
export function presenceWords(presence: Presence | null, now: number): string | null {
  if (!presence) return null;
  if (presence.online) return "Active now";
  if (!presence.lastSeenAt) return null;
  return `Last seen ${formatDistanceStrict(new Date(presence.lastSeenAt), now, { addSuffix: true })}`;
}
