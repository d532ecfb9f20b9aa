import { sql, type Kysely } from "kysely";

/*
 * Issue 41: an owner with thousands of unread messages. Every signed-in page counts each
 * chat's unread messages, no further than "99+" (app/models/unread.server.ts), and the count
 * leaves out one's own messages and deleted ones: columns the index of a chat's messages by
 * time did not hold. So Postgres took a bitmap of every entry since the reader's watermark
 * (all of a chat's messages for one who never opened it) and read their rows, and the
 * limit stopped nothing. With both columns in the index, it reads the index alone and
 * stops at the hundredth entry. The index is the same one, with two columns more, so a
 * send still keeps one index of the chat's messages by time up to date, not two.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index space_messages_space_created_covering_idx on space_messages (space_id, created_at, id)
              include (sender_id, deleted_at)`.execute(db);
  await sql`drop index space_messages_space_created_idx`.execute(db);
  await sql`alter index space_messages_space_created_covering_idx rename to space_messages_space_created_idx`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index space_messages_space_created_plain_idx on space_messages (space_id, created_at, id)`.execute(
    db,
  );
  await sql`drop index space_messages_space_created_idx`.execute(db);
  await sql`alter index space_messages_space_created_plain_idx rename to space_messages_space_created_idx`.execute(db);
}
