import { sql, type Kysely } from "kysely";

/*
 * Issue 17's mentions: who a message names and where (app/models/mentions.ts), kept with
 * the message, and the "Mentions" mail preference, on by default.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("space_messages")
    .addColumn("mentions", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
  await db.schema
    .alterTable("notification_preferences")
    .addColumn("mentions", "boolean", (c) => c.notNull().defaultTo(true))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("notification_preferences").dropColumn("mentions").execute();
  await db.schema.alterTable("space_messages").dropColumn("mentions").execute();
}
