import { type Kysely } from "kysely";

/*
 * Issue 21's replies: the message a message answers, in the same space (the model checks
 * that). Messages are deleted by marking them, so the reference stays and the reply says
 * "Original message deleted"; a space's deletion takes both.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("space_messages")
    .addColumn("reply_to_id", "uuid", (c) => c.references("space_messages.id").onDelete("set null"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("space_messages").dropColumn("reply_to_id").execute();
}
