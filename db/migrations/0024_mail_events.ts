import { sql, type Kysely } from "kysely";

/*
 * Issue 37: the events Resend's webhook delivers, by their Svix id, so that a delivery
 * repeated (Resend retries until it gets a 2xx, and a replayed request carries the same
 * id) is taken once. The webhook answers once its event is stored; a job does the work.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("mail_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("email_id", "text")
    .addColumn("received_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable("email_suppressions")
    .addColumn("address", "text", (c) => c.primaryKey())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("email_suppressions").execute();
  await db.schema.dropTable("mail_events").execute();
}
