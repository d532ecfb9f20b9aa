import { remember } from "@epic-web/remember";
import { TokenBuckets, type BucketRate } from "~/services/token-buckets.server";

/*
 * How many changes one person may ask the server to make, however they ask: every form
 * or script post of a signed-in user (drawn by requireActor in app/web/guards.server.ts,
 * so no action can be left out) and every event over any of their sockets
 * (app/realtime/limits.server.ts). One bucket per user, so a script cannot buy a second
 * allowance by posting what the socket refuses. Counted in this process's memory, like
 * the socket's own limits: a check costs no query, and with several instances a user gets
 * at most that many times these numbers, each instance still protected. Remembered, so
 * that after a dev rebuild the sockets of the old build and the requests of the new one
 * still draw on the same bucket.
 *
 * The numbers are far above what a person does: a message costs a send and a sync, and a
 * reconnect sends every message typed while offline at once, with its syncs.
 */
export const ACTIONS_PER_USER = { burst: 120, perSecond: 10 } satisfies BucketRate;

const actionsPerUser = () => remember("actions-per-user", () => new TokenBuckets(ACTIONS_PER_USER));

/** Takes one action from the user's allowance; false, taking nothing, once it is spent. */
export function takeAction(userId: string): boolean {
  return actionsPerUser().take(userId);
}
