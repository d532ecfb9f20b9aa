import crypto from "node:crypto";
import { db } from "~/services/db.server";
import { emit } from "~/services/events.server";

/** A session ends after this long without a request. */
export const SESSION_IDLE_MS = 30 * 24 * 60 * 60 * 1000;
// Extending the expiry on every request would write on every page view.
const SLIDE_AFTER_MS = 60 * 60 * 1000;

export async function createSession(userId: string, userAgent: string | null): Promise<string> {
  const id = crypto.randomBytes(32).toString("base64url");
  await db
    .insertInto("sessions")
    .values({
      id,
      user_id: userId,
      expires_at: new Date(Date.now() + SESSION_IDLE_MS),
      user_agent: userAgent?.slice(0, 500) ?? null,
    })
    .execute();
  return id;
}

/** The user of a live session, sliding its expiry forward; null for an unknown or expired id. */
export async function findSessionUserId(sessionId: string): Promise<string | null> {
  const session = await db
    .selectFrom("sessions")
    .select(["user_id", "last_seen_at"])
    .where("id", "=", sessionId)
    .where("expires_at", ">", new Date())
    .executeTakeFirst();
  if (!session) return null;
  if (Date.now() - new Date(session.last_seen_at).getTime() > SLIDE_AFTER_MS) {
    await db
      .updateTable("sessions")
      .set({ last_seen_at: new Date(), expires_at: new Date(Date.now() + SESSION_IDLE_MS) })
      .where("id", "=", sessionId)
      .execute();
  }
  return session.user_id;
}

export async function deleteSession(sessionId: string): Promise<void> {
  await db.deleteFrom("sessions").where("id", "=", sessionId).execute();
  emit("session.ended", { sessionId });
}

export async function pruneExpiredSessions(): Promise<void> {
  await db.deleteFrom("sessions").where("expires_at", "<=", new Date()).execute();
}
