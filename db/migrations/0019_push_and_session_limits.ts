import type { Kysely } from "kysely";

/*
 * Issue 35's limits against push amplification: a subscription's failed sends in a row
 * (forgotten after a few), when the cap on a person's sessions last signed one out (the
 * Security tab says so), and which sessions a notice's one-click link made.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("push_subscriptions")
    .addColumn("failed_sends", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("users").addColumn("sessions_capped_at", "timestamptz").execute();
  await db.schema
    .alterTable("sessions")
    .addColumn("by_email_link", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("sessions").dropColumn("by_email_link").execute();
  await db.schema.alterTable("users").dropColumn("sessions_capped_at").execute();
  await db.schema.alterTable("push_subscriptions").dropColumn("failed_sends").execute();
}
