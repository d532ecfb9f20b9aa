import type { Kysely } from "kysely";

/* Issue 21's link previews: the card for the first link of a message, kept with the message. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("space_messages").addColumn("link_preview", "jsonb").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("space_messages").dropColumn("link_preview").execute();
}
