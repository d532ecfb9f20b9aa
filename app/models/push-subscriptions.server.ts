import { z } from "zod";
import { db } from "~/services/db.server";
import {
  isAcceptableEndpoint,
  isValidKeyPair,
  vapidPublicKey,
  type PushOutcome,
  type PushTarget,
} from "~/services/web-push.server";
import type { Actor } from "./actors.server";
import { Refusal } from "./errors.server";

/*
 * "Push notifications on this device" (issue 21, Settings → Notifications): the browser's
 * push subscription, kept for the session it was made in, one per session (a session is
 * one browser). Since it belongs to the session, sign-out, a password reset, a removal and
 * expiry take it with them (migration 0018). An endpoint belongs to one session: a new
 * sign-in that subscribes with it takes it over, so a shared browser only gets the pushes
 * of the person signed in on it now.
 *
 * Since anyone signed in chooses the address the server posts to (issue 35), a person has
 * at most SESSION_CAP subscriptions (one per session, sessions.server.ts), at most
 * SUBSCRIPTIONS_PER_ORIGIN of them at one push service, and one that keeps failing is
 * forgotten.
 */

/**
 * A person's browsers at one push service (an endpoint's origin). Push services are few:
 * Chrome on a laptop, on a work computer and on an Android phone all take pushes at
 * fcm.googleapis.com, Safari on a Mac, an iPhone and an iPad at web.push.apple.com. More
 * would let someone aim their sessions' subscriptions at one address of their choosing and
 * have each message posted there that many times. A new one replaces the oldest there:
 * the browser just turned on is the one the person wants to work.
 */
const SUBSCRIPTIONS_PER_ORIGIN = 3;

/**
 * Sends in a row a push service may fail before its subscription is forgotten: an endpoint
 * that never takes a push costs a request per message for ever otherwise. One delivered
 * starts the count again; the Notifications tab then shows push off on that device.
 */
const FAILED_SENDS_LIMIT = 5;

/** A subscription to push to, and how many sends to it failed in a row. */
export type PushBrowser = PushTarget & { failedSends: number };

export const PUSH_TEXT = {
  notSetUp: "Push notifications are not set up on this server.",
  badEndpoint: "This browser's push service address was refused. Push notifications cannot be turned on here.",
  badKeys: "This browser's push keys are not valid. Please try again.",
};

export const PushSubscriptionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("subscribe"),
    endpoint: z.string({ error: PUSH_TEXT.badEndpoint }).trim().max(2000, PUSH_TEXT.badEndpoint),
    p256dh: z.string({ error: PUSH_TEXT.badKeys }).trim().max(200, PUSH_TEXT.badKeys),
    auth: z.string({ error: PUSH_TEXT.badKeys }).trim().max(100, PUSH_TEXT.badKeys),
  }),
  z.object({
    intent: z.literal("unsubscribe"),
    endpoint: z.string({ error: PUSH_TEXT.badEndpoint }).trim().max(2000, PUSH_TEXT.badEndpoint),
  }),
]);

/** What the Notifications tab shows of push: the key to subscribe with (null: not set up), and this session's endpoint. */
export async function pushSettings(sessionId: string) {
  const row = await db
    .selectFrom("push_subscriptions")
    .select("endpoint")
    .where("session_id", "=", sessionId)
    .executeTakeFirst();
  return { publicKey: vapidPublicKey(), endpoint: row?.endpoint ?? null };
}

/** Keeps the browser's subscription for this session, in place of any it had. */
export async function subscribeToPush(actor: Actor, sessionId: string, target: PushTarget): Promise<void> {
  if (!vapidPublicKey()) throw new Refusal(PUSH_TEXT.notSetUp);
  if (!isAcceptableEndpoint(target.endpoint)) throw new Refusal(PUSH_TEXT.badEndpoint, { field: "endpoint" });
  if (!isValidKeyPair(target)) throw new Refusal(PUSH_TEXT.badKeys, { field: "p256dh" });
  await db.transaction().execute(async (tx) => {
    // One subscribing browser of the person at a time, so two at once cannot both stay under the cap.
    await tx.selectFrom("users").select("id").where("id", "=", actor.id).forUpdate().executeTakeFirst();
    await tx
      .deleteFrom("push_subscriptions")
      .where((eb) => eb.or([eb("session_id", "=", sessionId), eb("endpoint", "=", target.endpoint)]))
      .execute();
    await tx
      .insertInto("push_subscriptions")
      .values({ session_id: sessionId, user_id: actor.id, ...target })
      // The same card posted twice at once: the second is the first again, not an error.
      .onConflict((oc) => oc.column("session_id").doUpdateSet({ user_id: actor.id, ...target }))
      .execute();
    const origin = new URL(target.endpoint).origin;
    const sameOrigin = (
      await tx
        .selectFrom("push_subscriptions")
        .select(["session_id", "endpoint"])
        .where("user_id", "=", actor.id)
        .where("session_id", "!=", sessionId)
        .orderBy("created_at", "desc")
        .execute()
    ).filter((row) => new URL(row.endpoint).origin === origin);
    const replaced = sameOrigin.slice(SUBSCRIPTIONS_PER_ORIGIN - 1).map((row) => row.session_id);
    if (replaced.length) await tx.deleteFrom("push_subscriptions").where("session_id", "in", replaced).execute();
  });
}

/** Forgets this session's subscription to that endpoint; anyone else's stays as it is. */
export async function unsubscribeFromPush(actor: Actor, sessionId: string, endpoint: string): Promise<void> {
  await db
    .deleteFrom("push_subscriptions")
    .where("session_id", "=", sessionId)
    .where("user_id", "=", actor.id)
    .where("endpoint", "=", endpoint)
    .execute();
}

/** The subscriptions of these users' live sessions, by user. */
export async function pushTargetsOf(userIds: string[]): Promise<Map<string, PushBrowser[]>> {
  const targets = new Map<string, PushBrowser[]>();
  if (!userIds.length) return targets;
  const rows = await db
    .selectFrom("push_subscriptions")
    .innerJoin("sessions", "sessions.id", "push_subscriptions.session_id")
    .select(["push_subscriptions.user_id", "endpoint", "p256dh", "auth", "failed_sends"])
    .where("push_subscriptions.user_id", "in", userIds)
    // An expired session not yet pruned (hourly) is over already.
    .where("sessions.expires_at", ">", new Date())
    .execute();
  for (const { user_id, failed_sends, ...target } of rows) {
    targets.set(user_id, [...(targets.get(user_id) ?? []), { ...target, failedSends: failed_sends }]);
  }
  return targets;
}

/**
 * What became of a push's sends: a subscription its service no longer knows (404, 410) is
 * forgotten, as is one failing for the FAILED_SENDS_LIMIT-th time in a row; one delivered
 * starts its count again.
 */
export async function recordPushOutcomes(sends: Array<{ browser: PushBrowser; outcome: PushOutcome }>) {
  type Send = (typeof sends)[number];
  const endpointsOf = (wanted: (send: Send) => boolean) => sends.filter(wanted).map(({ browser }) => browser.endpoint);
  const gone = endpointsOf(({ outcome }) => outcome.status === "gone");
  const failed = endpointsOf(({ outcome }) => outcome.status === "failed");
  const recovered = endpointsOf(({ browser, outcome }) => outcome.status === "delivered" && browser.failedSends > 0);
  if (gone.length) await db.deleteFrom("push_subscriptions").where("endpoint", "in", gone).execute();
  if (failed.length) {
    await db
      .updateTable("push_subscriptions")
      .set((eb) => ({ failed_sends: eb("failed_sends", "+", 1) }))
      .where("endpoint", "in", failed)
      .execute();
    await db
      .deleteFrom("push_subscriptions")
      .where("endpoint", "in", failed)
      .where("failed_sends", ">=", FAILED_SENDS_LIMIT)
      .execute();
  }
  if (recovered.length) {
    await db.updateTable("push_subscriptions").set({ failed_sends: 0 }).where("endpoint", "in", recovered).execute();
  }
}
