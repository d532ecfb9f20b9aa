import { z } from "zod";
import { db } from "~/services/db.server";
import { isAcceptableEndpoint, isValidKeyPair, vapidPublicKey, type PushTarget } from "~/services/web-push.server";
import type { Actor } from "./actors.server";
import { Refusal } from "./errors.server";

/*
 * "Push notifications on this device" (issue 21, Settings → Notifications): the browser's
 * push subscription, kept for the session it was made in, one per session (a session is
 * one browser). Since it belongs to the session, sign-out, a password reset, a removal and
 * expiry take it with them (migration 0018). An endpoint belongs to one session: a new
 * sign-in that subscribes with it takes it over, so a shared browser only gets the pushes
 * of the person signed in on it now.
 */

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
export async function pushTargetsOf(userIds: string[]): Promise<Map<string, PushTarget[]>> {
  const targets = new Map<string, PushTarget[]>();
  if (!userIds.length) return targets;
  const rows = await db
    .selectFrom("push_subscriptions")
    .innerJoin("sessions", "sessions.id", "push_subscriptions.session_id")
    .select(["push_subscriptions.user_id", "endpoint", "p256dh", "auth"])
    .where("push_subscriptions.user_id", "in", userIds)
    // An expired session not yet pruned (hourly) is over already.
    .where("sessions.expires_at", ">", new Date())
    .execute();
  for (const { user_id, ...target } of rows) targets.set(user_id, [...(targets.get(user_id) ?? []), target]);
  return targets;
}

/** The push service said the subscription is gone (404, 410): it will never take a push again. */
export async function forgetPushEndpoint(endpoint: string): Promise<void> {
  await db.deleteFrom("push_subscriptions").where("endpoint", "=", endpoint).execute();
}
