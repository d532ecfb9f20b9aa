import { sql, type Kysely } from "kysely";

/*
 * Issue 41: the messages that mention anyone, by chat and time. Every signed-in page's bell
 * says how many of a chat's unread messages mention its user (app/models/unread.server.ts);
 * through the index of all of a chat's messages, that read the chat's whole unread backlog
 * to find the few that mention someone. This index holds those few alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index space_messages_mentioning_idx on space_messages (space_id, created_at)
              where mentions <> '[]'::jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index space_messages_mentioning_idx`.execute(db);
}
