import { sql, type Kysely } from "kysely";

/*
 * Issue 41: what a chat's unread count reads, in one index. Every signed-in page's bell,
 * the space lists and a chat page count a chat's unread messages up to "99+"
 * (app/models/unread.server.ts): the messages not deleted, by chat and time, and who sent
 * each (one's own are never unread). Through the index of all of a chat's messages each
 * count visited the table for every message it counted; this one answers from itself
 * once the table's pages are marked all-visible (autovacuum). An owner's page over 50
 * chats of 1,200 unread messages each: the bell's statement 13 -> 6 ms, and the pages
 * 11-12% quicker (docs/performance.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index space_messages_unread_idx on space_messages (space_id, created_at)
              include (sender_id) where deleted_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index space_messages_unread_idx`.execute(db);
}
