import { type Kysely } from "kysely";

/*
 * Issue 21's presence: when each user was last seen (their last tab closed), and their
 * choice to show when they are active (on by default).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("last_seen_at", "timestamptz")
    .addColumn("show_presence", "boolean", (c) => c.notNull().defaultTo(true))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("show_presence").dropColumn("last_seen_at").execute();
}
