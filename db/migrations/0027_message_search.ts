import { sql, type Kysely } from "kysely";

/*
 * Issue 40: search by words, on Postgres alone (ADR 036). Each message that is not deleted
 * has a row in `message_words`: its words as a tsvector, in a text search configuration of
 * our own (Postgres's `simple`, no stemming, so every language the agencies write is
 * treated alike, with `unaccent` before it, so "resume" finds "résumé"), with its chat and
 * time, so a search filters and orders without reading the messages. The text weighs A, the
 * file's name B; the name is also taken apart at its dots, dashes and underscores, so "plan"
 * finds "launch-plan.pdf". A GIN index answers words and word prefixes ("inv:*").
 *
 * A table beside the messages rather than a column of theirs: every read of a message
 * (`select *` of the chat's pages, the socket's replays) would carry the vector too.
 * A trigger keeps it, whoever writes the message: sent, edited, deleted (its row goes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists unaccent`.execute(db);
  await sql`create text search configuration search_words (copy = simple)`.execute(db);
  await sql`
    alter text search configuration search_words
    alter mapping for hword, hword_part, word, numword, numhword, hword_numpart with unaccent, simple
  `.execute(db);
  await sql`
    create function message_words(content text, attachment_name text) returns tsvector
    language sql immutable parallel safe as $$
      -- Angle brackets read as spaces: the parser skips what it takes for a tag ("Dear <client name>").
      select setweight(to_tsvector('search_words', translate(coalesce(content, ''), '<>', '  ')), 'A') ||
        setweight(
          to_tsvector(
            'search_words',
            coalesce(attachment_name, '') || ' ' || regexp_replace(coalesce(attachment_name, ''), '[-_.]+', ' ', 'g')
          ),
          'B'
        )
    $$
  `.execute(db);
  await sql`
    create table message_words (
      message_id uuid primary key references space_messages (id) on delete cascade,
      space_id uuid not null,
      sender_id uuid,
      created_at timestamptz not null,
      has_file boolean not null,
      words tsvector not null
    )
  `.execute(db);
  await sql`create index message_words_words_idx on message_words using gin (words)`.execute(db);
  await sql`create index message_words_space_created_idx on message_words (space_id, created_at desc)`.execute(db);
  await sql`
    create function keep_message_words() returns trigger language plpgsql as $$
    begin
      if new.deleted_at is not null then
        delete from message_words where message_id = new.id;
      else
        insert into message_words (message_id, space_id, sender_id, created_at, has_file, words)
        values (new.id, new.space_id, new.sender_id, new.created_at, new.attachment_key is not null,
                message_words(new.content, new.attachment_name))
        on conflict (message_id) do update set words = excluded.words, has_file = excluded.has_file;
      end if;
      return null;
    end $$
  `.execute(db);
  await sql`
    create trigger space_messages_keep_words after insert or update of content, attachment_name, deleted_at
    on space_messages for each row execute function keep_message_words()
  `.execute(db);
  await sql`
    insert into message_words (message_id, space_id, sender_id, created_at, has_file, words)
    select id, space_id, sender_id, created_at, attachment_key is not null, message_words(content, attachment_name)
    from space_messages where deleted_at is null
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger space_messages_keep_words on space_messages`.execute(db);
  await sql`drop function keep_message_words()`.execute(db);
  await sql`drop table message_words`.execute(db);
  await sql`drop function message_words(text, text)`.execute(db);
  await sql`drop text search configuration search_words`.execute(db);
}
