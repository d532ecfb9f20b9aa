import { sql, type Kysely } from "kysely";

/*
 * Issue 21's push notifications: the browser subscription of a session (Settings →
 * Notifications, "Push notifications on this device"), one per session, since a session
 * is one browser. It hangs off the session, so every way a session ends (sign-out, a
 * password reset, removal, expiry pruning) removes it. An endpoint belongs to one session:
 * whoever subscribes with it last holds it, so a browser never gets another person's pushes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("push_subscriptions")
    .addColumn("session_id", "text", (c) => c.primaryKey().references("sessions.id").onDelete("cascade"))
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("endpoint", "text", (c) => c.notNull().unique())
    .addColumn("p256dh", "text", (c) => c.notNull())
    .addColumn("auth", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("push_subscriptions_user_id_idx").on("push_subscriptions").column("user_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("push_subscriptions").execute();
}
