import type { Kysely } from "kysely";

/*
 * The change log is read by message (a delete blanks the message's earlier entries; a
 * retried send finds the entry its message made) and by the foreign keys' cascades (a
 * message or an account removed). Without these, each of those scanned every change of
 * the space, or of every space.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("space_changes_message_id_idx").on("space_changes").column("message_id").execute();
  await db.schema.createIndex("space_changes_user_id_idx").on("space_changes").column("user_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("space_changes_user_id_idx").execute();
  await db.schema.dropIndex("space_changes_message_id_idx").execute();
}
