import crypto from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "#db/schema";
import { db } from "~/services/db.server";
import { emit } from "./events.server";
import { hashSecret } from "~/services/secrets.server";

/** A session ends after this long without a request. */
export const SESSION_IDLE_MS = 30 * 24 * 60 * 60 * 1000;
// Extending the expiry on every request would write on every page view.
const SLIDE_AFTER_MS = 60 * 60 * 1000;

/**
 * Live sessions a person may keep (issue 35): a laptop, a phone, a work computer and a few
 * browsers on each fit; each one can hold a push subscription, so the cap also bounds how
 * many pushes one message makes for them. A sign-in beyond it signs out the session used
 * longest ago.
 */
export const SESSION_CAP = 10;
/** How long the Security tab says that the cap signed a session out: as long as an unused session would have lived. */
const CAP_NOTICE_MS = SESSION_IDLE_MS;

export async function createSession(
  userId: string,
  userAgent: string | null,
  { byEmailLink = false }: { byEmailLink?: boolean } = {},
): Promise<string> {
  const id = crypto.randomBytes(32).toString("base64url");
  const ended = await db.transaction().execute(async (tx) => {
    // One sign-in of the person at a time, so two at once cannot both stay under the cap.
    await tx.selectFrom("users").select("id").where("id", "=", userId).forUpdate().executeTakeFirst();
    await tx
      .insertInto("sessions")
      .values({
        id,
        user_id: userId,
        expires_at: new Date(Date.now() + SESSION_IDLE_MS),
        user_agent: userAgent?.slice(0, 500) ?? null,
        by_email_link: byEmailLink,
      })
      .execute();
    const beyondCap = await tx
      .selectFrom("sessions")
      .select("id")
      .where("user_id", "=", userId)
      .where("id", "!=", id)
      .where("expires_at", ">", new Date())
      .orderBy("last_seen_at", "desc")
      .orderBy("created_at", "desc")
      .offset(SESSION_CAP - 1)
      .execute();
    if (!beyondCap.length) return [];
    const endedIds = beyondCap.map((row) => row.id);
    await tx.deleteFrom("sessions").where("id", "in", endedIds).execute();
    await tx.updateTable("users").set({ sessions_capped_at: new Date() }).where("id", "=", userId).execute();
    return endedIds;
  });
  announceEndedSessions(ended);
  return id;
}

/** When the cap last signed one of the user's sessions out, if recently enough to still say so. */
export async function recentCapSignOut(userId: string): Promise<Date | null> {
  const row = await db
    .selectFrom("users")
    .select("sessions_capped_at")
    .where("id", "=", userId)
    .where("sessions_capped_at", ">", new Date(Date.now() - CAP_NOTICE_MS))
    .executeTakeFirst();
  return row?.sessions_capped_at ?? null;
}

/** Extends a live session's expiry, as each request does, once an hour at most; `lastSeenAt` as read with it. */
export async function slideSession(sessionId: string, lastSeenAt: Date): Promise<void> {
  if (Date.now() - new Date(lastSeenAt).getTime() <= SLIDE_AFTER_MS) return;
  await db
    .updateTable("sessions")
    .set({ last_seen_at: new Date(), expires_at: new Date(Date.now() + SESSION_IDLE_MS) })
    .where("id", "=", sessionId)
    .execute();
}

export async function deleteSession(sessionId: string): Promise<void> {
  await db.deleteFrom("sessions").where("id", "=", sessionId).execute();
  emit("session.ended", { sessionId });
}

export async function pruneExpiredSessions(): Promise<void> {
  await db.deleteFrom("sessions").where("expires_at", "<=", new Date()).execute();
}

export type ActiveSession = {
  /** Names the session on a page without revealing its id, which is the session's secret. */
  handle: string;
  userAgent: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  /** Made by the one-click link of a notice rather than a password. */
  byEmailLink: boolean;
  current: boolean;
};

/** The user's live sessions, this browser's first, then the most recently seen. */
export async function listSessions(userId: string, currentSessionId: string): Promise<ActiveSession[]> {
  const rows = await db
    .selectFrom("sessions")
    .select(["id", "user_agent", "created_at", "last_seen_at", "by_email_link"])
    .where("user_id", "=", userId)
    .where("expires_at", ">", new Date())
    .orderBy("last_seen_at", "desc")
    .execute();
  return rows
    .map((row) => ({
      handle: sessionHandle(row.id),
      userAgent: row.user_agent,
      createdAt: row.created_at,
      lastSeenAt: row.last_seen_at,
      byEmailLink: row.by_email_link,
      current: row.id === currentSessionId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** Signs the user out everywhere but this browser; each ended session's sockets drop. Returns how many ended. */
export async function endOtherSessions(userId: string, currentSessionId: string): Promise<number> {
  const ended = await deleteOtherSessions(db, userId, currentSessionId);
  announceEndedSessions(ended);
  return ended.length;
}

/** Deletes the user's other sessions inside a change's transaction; announce them once it commits. */
export async function deleteOtherSessions(
  executor: Kysely<Database> | Transaction<Database>,
  userId: string,
  currentSessionId: string,
): Promise<string[]> {
  const ended = await executor
    .deleteFrom("sessions")
    .where("user_id", "=", userId)
    .where("id", "!=", currentSessionId)
    .returning("id")
    .execute();
  return ended.map((row) => row.id);
}

/** Ends every session of a user inside a change's transaction (their access ended); emit "user.sessions-ended" once it commits. */
export async function deleteAllSessions(executor: Kysely<Database> | Transaction<Database>, userId: string) {
  await executor.deleteFrom("sessions").where("user_id", "=", userId).execute();
}

/** After commit: the sockets of these sessions must go. */
export function announceEndedSessions(sessionIds: string[]) {
  for (const sessionId of sessionIds) emit("session.ended", { sessionId });
}

/** Ends one of the user's own sessions, named by its handle; another user's session ends nothing. */
export async function endOwnSession(userId: string, handle: string): Promise<boolean> {
  const sessions = await db.selectFrom("sessions").select("id").where("user_id", "=", userId).execute();
  const session = sessions.find((row) => sessionHandle(row.id) === handle);
  if (!session) return false;
  await deleteSession(session.id);
  return true;
}

/** Names a session on a page or in a record without revealing its id, which is its secret. */
export function sessionHandle(sessionId: string): string {
  return hashSecret(sessionId).slice(0, 32);
}
