import { sql, type Kysely } from "kysely";

/*
 * Issue 40: what makes the search's queries cheap at a million messages (ADR 036).
 *
 * The messages newest first. A common word is in a tenth of all messages: through the GIN
 * index every one of them is found and read before the newest thirty, or the best of them,
 * are known. These indexes let the search walk the messages newest first instead and stop
 * after enough matches: all of them, and those with a file (a twentieth, walked on their own
 * for the files' results and `has:file`); a sender's, newest first, for `from:` (a common
 * word said by one person among forty: their own messages are read, not the word's); and a
 * chat's files, beside migration 0027's index of a chat's messages, for a reader of a few
 * chats (a client's files are read without their messages).
 *
 * Spaces and people by a piece of their name, email or company (`ILIKE '%nora%'`): trigram
 * indexes (`pg_trgm`; PGlite loads it, db/connect.ts), so that the rows holding the piece are
 * found without reading every space and client of the agency.
 */
const TRIGRAMS: Array<[table: string, column: string]> = [
  ["spaces", "name"],
  ["spaces", "company"],
  ["spaces", "email"],
  ["clients", "name"],
  ["clients", "email"],
  ["client_companies", "name"],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index message_words_newest_idx on message_words (created_at desc, message_id desc)`.execute(db);
  await sql`
    create index message_words_newest_files_idx on message_words (created_at desc, message_id desc) where has_file
  `.execute(db);
  await sql`create index message_words_sender_newest_idx on message_words (sender_id, created_at desc)`.execute(db);
  await sql`
    create index message_words_space_files_idx on message_words (space_id, created_at desc) where has_file
  `.execute(db);
  await sql`create extension if not exists pg_trgm`.execute(db);
  for (const [table, column] of TRIGRAMS) {
    const index = sql.id(`${table}_${column}_trgm_idx`);
    await sql`create index ${index} on ${sql.table(table)} using gin (${sql.ref(column)} gin_trgm_ops)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of TRIGRAMS) await sql`drop index ${sql.id(`${table}_${column}_trgm_idx`)}`.execute(db);
  await sql`drop index message_words_space_files_idx`.execute(db);
  await sql`drop index message_words_sender_newest_idx`.execute(db);
  await sql`drop index message_words_newest_files_idx`.execute(db);
  await sql`drop index message_words_newest_idx`.execute(db);
}
