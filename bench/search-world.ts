/*
 * The search scenario's world (bench/search.ts), written with set-based SQL: each table
 * filled by one `insert … select` over generate_series, never a row at a time, on the
 * Postgres server or on PGlite alike (plain SQL through the app's `db`).
 *
 * - 200 agencies. The issue asks for "1,000,000 messages over 2,000 spaces and 200
 *   agencies" and for "the owner of a 5,000-space agency", which cannot both hold: agency 0
 *   owns 5,000 spaces, and the other 199 share 2,000 (about 10 each): 7,000 spaces, and
 *   7,000 team-only sides that the spaces' trigger (migration 0025) adds.
 * - Each space has a client company of its own and two clients (the first is its client
 *   owner); agency 0 has 40 team members, three of them on each space, the others 4, two
 *   on each space. Nora Blake (agency 0's first team member) is on about 3 spaces in 40 and
 *   on the spaces of the client the scenario searches as, who is also in two more spaces
 *   than their own (agency 0's three busiest).
 * - Messages: one to three sentences of the pool (bench/search-text.ts; the rare word in
 *   enough of its sentences that about 40 messages hold it, whatever the world's size), over the last
 *   365 days, sent by a member of their chat; a space's share follows a Zipf-like law (the
 *   space of rank r of 7,000 gets the messages of u² < r/7000: the busiest one about 1.2%,
 *   the busiest 1% of spaces about 10%); a tenth of a space's messages on its team side.
 *   5% carry a file (name, key, size, type; half of those without text), 0.5% are deleted
 *   (a tombstone: no text, no file, as the app leaves them), 2% edited. They are written
 *   oldest first, as an app writes them, so that a table's pages are in the order of time as a
 *   real one's are (the parts written side by side advance through the year together).
 *
 * The secondary indexes of space_messages and of the tables that refer to it (the search's
 * GIN index on message_words among them) are dropped while the messages are written and
 * built again after, as a restore would; whatever the schema derives from a message (its
 * triggers: the search's words) is written by the same insert, as for a message sent.
 * Then VACUUM ANALYZE.
 */
import { sql } from "kysely";
import { FROM_NAME, BRANDS, FIRST_NAMES, LAST_NAMES, SPACE_KINDS, fileNamePool, sentencePool } from "./search-text";

export type SearchWorldSize = { messages: number; bigSpaces: number; otherAgencies: number; otherSpaces: number };

export const SEARCH_WORLD = {
  full: { messages: 1_000_000, bigSpaces: 5_000, otherAgencies: 199, otherSpaces: 2_000 },
  quick: { messages: 50_000, bigSpaces: 5_000, otherAgencies: 199, otherSpaces: 2_000 },
  pglite: { messages: 100_000, bigSpaces: 5_000, otherAgencies: 199, otherSpaces: 2_000 },
  pgliteQuick: { messages: 20_000, bigSpaces: 5_000, otherAgencies: 199, otherSpaces: 2_000 },
} satisfies Record<string, SearchWorldSize>;

const SENTENCES = 40_000;
/** About how many messages of the world hold the rare word, whatever its size (a message is 1.5 sentences). */
const RARE_MESSAGES = 40;
const FILE_NAMES = 5_000;
const BIG_TEAM = 40;
const SMALL_TEAM = 4;
/** Spaces besides their own that the searching client was added to. */
const CLIENT_EXTRA_SPACES = 2;

export type SearchWorld = {
  ownerId: string;
  clientUserId: string;
  /** The chats the client sees, and how many messages they hold. */
  clientSpaces: number;
  counts: Record<string, number>;
  /** The largest tables and indexes, MB (the search's words and their index among them). */
  sizes: Record<string, number>;
  seconds: Record<string, number>;
};

type Db = (typeof import("~/services/db.server"))["db"];

/** A uuid made of a label, the same every run: rows refer to each other without reading ids back. */
const id = (label: string) => sql`md5(${sql.raw(label)})::uuid`;

export async function generateSearchWorld(db: Db, size: SearchWorldSize, { parallel = 1 } = {}): Promise<SearchWorld> {
  const seconds: Record<string, number> = {};
  const timed = async <T>(name: string, work: () => Promise<T>) => {
    const start = performance.now();
    const result = await work();
    seconds[name] = Number(((performance.now() - start) / 1000).toFixed(2));
    return result;
  };
  const run = (query: ReturnType<typeof sql>) => query.execute(db);
  const { hashPassword } = await import("~/models/passwords.server");
  const passwordHash = await hashPassword("bench-search-world");
  const spaces = size.bigSpaces + size.otherSpaces;
  // Agency of space s: 0 for the first bigSpaces, then dealt over the others.
  const agencyOf = `case when s < ${size.bigSpaces} then 0 else 1 + (s - ${size.bigSpaces}) % ${size.otherAgencies} end`;
  const teamSize = (agency: string) => sql.raw(`case when ${agency} = 0 then ${BIG_TEAM} else ${SMALL_TEAM} end`);

  const lengths = {
    brand: BRANDS.length,
    first: FIRST_NAMES.length,
    last: LAST_NAMES.length,
    kind: SPACE_KINDS.length,
  };

  const rare = Math.max(1, Math.round((RARE_MESSAGES * SENTENCES) / (size.messages * 1.5)));
  await timed("words", async () => {
    await run(sql`create unlogged table bench_words (kind text, n int, word text, primary key (kind, n))`);
    const lists: Record<keyof typeof lengths, string[]> = {
      brand: BRANDS,
      first: FIRST_NAMES,
      last: LAST_NAMES,
      kind: SPACE_KINDS,
    };
    await run(sql`
      insert into bench_words (kind, n, word)
      select list.key, item.ordinality - 1, item.value
      from jsonb_each(${JSON.stringify(lists)}::jsonb) as list,
        jsonb_array_elements_text(list.value) with ordinality as item
    `);
    await run(sql`create unlogged table bench_sentences (n int primary key, text text not null)`);
    await run(sql`
      insert into bench_sentences (n, text)
      select ordinality, value from jsonb_array_elements_text(${JSON.stringify(sentencePool(SENTENCES, { rare }))}::jsonb) with ordinality
    `);
    await run(sql`
      create unlogged table bench_files (n int primary key, name text not null, extension text not null, type text not null)
    `);
    await run(sql`
      insert into bench_files (n, name, extension, type)
      select ordinality, value->>'name', value->>'extension', value->>'type'
      from jsonb_array_elements(${JSON.stringify(fileNamePool(FILE_NAMES))}::jsonb) with ordinality
    `);
  });
  // A name from a list of bench_words, picked by an expression.
  const word = (kind: keyof typeof lengths, index: string) =>
    sql.raw(`(select word from bench_words where kind = '${kind}' and n = (${index}) % ${lengths[kind]})`);

  await timed("agencies", async () => {
    await run(sql`
      insert into users (id, email, password_hash, user_type, email_verified_at)
      select ${id("'agency:' || a")}, 'owner-' || a || '@agency-' || a || '.bench.test', ${passwordHash}, 'AGENCY', now()
      from generate_series(0, ${size.otherAgencies}) as a
    `);
    await run(sql`
      insert into agencies (id, agency_name, first_name, last_name)
      select ${id("'agency:' || a")},
        case when a = 0 then 'Northwind Creative' else ${word("brand", "a * 7 + 3")} || ' Studio' end,
        ${word("first", "a * 5")}, ${word("last", "a * 3 + 1")}
      from generate_series(0, ${size.otherAgencies}) as a
    `);
    await run(sql`update users set agency_id = id where user_type = 'AGENCY' and email like '%.bench.test'`);
  });

  await timed("team", async () => {
    await run(sql`
      with members as (
        select a, m from generate_series(0, ${size.otherAgencies}) as a, generate_series(0, ${teamSize("a")} - 1) as m
      )
      insert into users (id, email, password_hash, user_type, agency_id, email_verified_at)
      select ${id("'team:' || a || ':' || m")}, 'team-' || m || '@agency-' || a || '.bench.test', ${passwordHash},
        'TEAM_MEMBER', ${id("'agency:' || a")}, now()
      from members
    `);
    await run(sql`
      with members as (
        select a, m from generate_series(0, ${size.otherAgencies}) as a, generate_series(0, ${teamSize("a")} - 1) as m
      )
      insert into team_members (id, agency_id, user_id, name, email, role)
      select ${id("'teamrec:' || a || ':' || m")}, ${id("'agency:' || a")}, ${id("'team:' || a || ':' || m")},
        case when a = 0 and m = 0 then ${`${FROM_NAME.first} ${FROM_NAME.last}`}
          else ${word("first", "a * 11 + m * 7 + 2")} || ' ' || ${word("last", "a * 13 + m * 5")} end,
        'team-' || m || '@agency-' || a || '.bench.test',
        (array['ACCOUNT_MANAGER', 'DESIGNER', 'SEO_SPECIALIST', 'CONTENT_WRITER'])[1 + m % 4]
      from members
    `);
  });

  await timed("spaces", async () => {
    await run(sql`
      insert into client_companies (id, agency_id, name)
      select ${id("'company:' || s")}, ${id(`'agency:' || ${agencyOf}`)},
        ${word("brand", "s")} || case when s >= ${BRANDS.length} then ' ' || (s / ${BRANDS.length} + 1) else '' end
      from generate_series(0, ${spaces - 1}) as s
    `);
    await run(sql`
      insert into users (id, email, password_hash, user_type, agency_id, email_verified_at)
      select ${id("'client:' || s || ':' || c")}, 'client-' || s || '-' || c || '@client.bench.test', ${passwordHash},
        'CLIENT', ${id(`'agency:' || ${agencyOf}`)}, now()
      from generate_series(0, ${spaces - 1}) as s, generate_series(0, 1) as c
    `);
    await run(sql`
      insert into clients (id, agency_id, user_id, name, email, company_id, role)
      select ${id("'clientrec:' || s || ':' || c")}, ${id(`'agency:' || ${agencyOf}`)}, ${id("'client:' || s || ':' || c")},
        ${word("first", "s * 3 + c * 17 + 5")} || ' ' || ${word("last", "s * 7 + c * 11 + 3")},
        'client-' || s || '-' || c || '@client.bench.test', ${id("'company:' || s")},
        case when c = 0 then 'OWNER' else 'EMPLOYEE' end
      from generate_series(0, ${spaces - 1}) as s, generate_series(0, 1) as c
    `);
    // The trigger of migration 0025 adds each one's team-only side.
    await run(sql`
      insert into spaces (id, agency_id, name, company, client_owner_id)
      select ${id("'space:' || s")}, ${id(`'agency:' || ${agencyOf}`)},
        ${word("brand", "s")} || ' ' || ${word("kind", "s * 7")},
        ${word("brand", "s")}, ${id("'clientrec:' || s || ':0'")}
      from generate_series(0, ${spaces - 1}) as s
    `);
    await run(sql`
      insert into space_clients (space_id, client_id)
      select ${id("'space:' || s")}, ${id("'clientrec:' || s || ':' || c")}
      from generate_series(0, ${spaces - 1}) as s, generate_series(0, 1) as c
    `);
    await run(sql`
      insert into team_member_spaces (team_member_id, space_id)
      select distinct ${id(`'teamrec:' || ${agencyOf} || ':' || m`)}, ${id("'space:' || s")}
      from generate_series(0, ${spaces - 1}) as s,
        lateral (
          select unnest(case when s < ${size.bigSpaces}
            then array[s % ${BIG_TEAM}, (s * 7 + 3) % ${BIG_TEAM}, (s * 13 + 11) % ${BIG_TEAM}]
            else array[s % ${SMALL_TEAM}, (s + 1) % ${SMALL_TEAM}] end) as m
        ) as members
    `);
  });

  // The chats by rank (a fixed shuffle), each with its team side, and who may send in each.
  let clientSpaceIds: string[] = [];
  let client = { id: "", user_id: "" };
  await timed("senders", async () => {
    await run(sql`
      create unlogged table bench_chats as
      select (row_number() over (order by md5(spaces.id::text)) - 1)::int as rank,
        spaces.id as space_id, sides.id as side_id, spaces.agency_id
      from spaces join spaces as sides on sides.team_side_of = spaces.id
      where spaces.team_side_of is null
    `);
    await run(sql`create unique index on bench_chats (rank)`);
    // The client the scenario searches as: the client owner of agency 0's busiest space, also in the next busiest two.
    const { rows: busiest } = await run(sql`
      select space_id from bench_chats where agency_id = ${id("'agency:0'")} order by rank limit ${1 + CLIENT_EXTRA_SPACES}
    `);
    clientSpaceIds = (busiest as Array<{ space_id: string }>).map((row) => row.space_id);
    const { rows: clientRows } = await run(sql`
      select clients.id, clients.user_id from clients join spaces on spaces.client_owner_id = clients.id
      where spaces.id = ${clientSpaceIds[0]}
    `);
    client = clientRows[0] as { id: string; user_id: string };
    await run(sql`
      insert into space_clients (space_id, client_id)
      select space_id, ${client.id}::uuid from unnest(${clientSpaceIds}::uuid[]) as space_id on conflict do nothing
    `);
    // Nora Blake is on the client's spaces, so that `from:Nora` finds something for both actors.
    await run(sql`
      insert into team_member_spaces (team_member_id, space_id)
      select ${id("'teamrec:0:0'")}, space_id from unnest(${clientSpaceIds}::uuid[]) as space_id on conflict do nothing
    `);
    await run(sql`
      create unlogged table bench_members as
      with staff as (
        select bench_chats.space_id, team_members.user_id
        from bench_chats
        join team_member_spaces on team_member_spaces.space_id = bench_chats.space_id
        join team_members on team_members.id = team_member_spaces.team_member_id
        union all
        select space_id, agency_id from bench_chats
      ),
      everyone as (
        select space_id as chat_id, user_id, 0 as client from staff
        union all
        select side_id, user_id, 0 from staff join bench_chats using (space_id)
        union all
        select space_clients.space_id, clients.user_id, 1
        from bench_chats
        join space_clients on space_clients.space_id = bench_chats.space_id
        join clients on clients.id = space_clients.client_id
      )
      select chat_id, (row_number() over (partition by chat_id order by user_id))::int as n, user_id from everyone
    `);
    await run(sql`create unique index on bench_members (chat_id, n)`);
    await run(sql`
      alter table bench_chats add column space_senders int, add column side_senders int
    `);
    await run(sql`
      update bench_chats set
        space_senders = (select count(*) from bench_members where chat_id = bench_chats.space_id),
        side_senders = (select count(*) from bench_members where chat_id = bench_chats.side_id)
    `);
    await run(sql`analyze bench_chats`);
    await run(sql`analyze bench_members`);
    await run(sql`analyze bench_sentences`);
  });

  await timed("messages", async () => {
    const start = performance.now();
    // Secondary indexes of the messages and of the tables that refer to them (the search's words among them).
    const indexes = (
      await run(sql`
        select index.indexrelid::regclass::text as name, pg_get_indexdef(index.indexrelid) as definition
        from pg_index as index
        where index.indrelid in (
            select 'space_messages'::regclass
            union select conrelid from pg_constraint where confrelid = 'space_messages'::regclass and contype = 'f'
          )
          and not exists (select from pg_constraint where conindid = index.indexrelid and conrelid = index.indrelid)
      `)
    ).rows as Array<{ name: string; definition: string }>;
    for (const index of indexes) await run(sql`drop index ${sql.raw(index.name)}`);
    const share = Math.ceil(size.messages / parallel);
    await Promise.all(
      Array.from({ length: parallel }, (_, part) =>
        insertMessages(db, {
          from: part * share + 1,
          to: Math.min(size.messages, (part + 1) * share),
          chats: spaces,
          seed: (part + 1) / (parallel + 1),
        }),
      ),
    );
    seconds.messagesInsert = Number(((performance.now() - start) / 1000).toFixed(2));
    // Built again one at a time, with room to sort (on one connection: the setting is the session's).
    await db.connection().execute(async (connection) => {
      await sql`set maintenance_work_mem = '256MB'`.execute(connection);
      for (const index of indexes) await sql.raw(index.definition).execute(connection);
      await sql`reset maintenance_work_mem`.execute(connection);
    });
  });

  await timed("analyze", async () => {
    for (const table of ["bench_members", "bench_chats", "bench_sentences", "bench_files", "bench_words"])
      await run(sql`drop table ${sql.table(table)}`);
    await run(sql`vacuum analyze`);
  });

  const { rows: countRows } = await run(sql`
    select
      (select count(*) from agencies)::int as agencies,
      (select count(*) from spaces where team_side_of is null)::int as spaces,
      (select count(*) from spaces where team_side_of is not null)::int as team_sides,
      (select count(*) from users)::int as users,
      (select count(*) from space_messages)::int as messages,
      (select count(*) from space_messages where attachment_name is not null)::int as files,
      (select count(*) from space_messages where deleted_at is not null)::int as deleted,
      (select count(*) from space_messages join spaces on spaces.id = space_messages.space_id
        where spaces.agency_id = ${id("'agency:0'")})::int as big_agency_messages,
      (select count(*) from space_messages where space_id in (select unnest(${clientSpaceIds}::uuid[])))::int as client_messages
  `);
  const { rows: sizeRows } = await run(sql`
    select relname as name, round(pg_relation_size(pg_class.oid) / 1048576.0, 1)::float as mb
    from pg_class join pg_namespace on pg_namespace.oid = relnamespace
    where nspname = current_schema() and relkind in ('r', 'i')
    order by pg_relation_size(pg_class.oid) desc limit 8
  `);
  return {
    sizes: Object.fromEntries((sizeRows as Array<{ name: string; mb: number }>).map((row) => [row.name, row.mb])),
    ownerId: ((await run(sql`select ${id("'agency:0'")} as id`)).rows[0] as { id: string }).id,
    clientUserId: client.user_id,
    clientSpaces: clientSpaceIds.length,
    counts: countRows[0] as Record<string, number>,
    seconds,
  };
}

async function insertMessages(
  db: Db,
  { from, to, chats, seed }: { from: number; to: number; chats: number; seed: number },
) {
  await db.connection().execute(async (connection) => {
    await sql`select setseed(${seed})`.execute(connection);
    await sql`
      with picks as materialized (
        select i,
          floor(${chats} * power(random(), 2))::int as rank,
          random() < 0.1 as team_side,
          random() as r_sender,
          1 + floor(random() * ${SENTENCES})::int as s1,
          case when random() < 0.4 then 1 + floor(random() * ${SENTENCES})::int end as s2,
          case when random() < 0.1 then 1 + floor(random() * ${SENTENCES})::int end as s3,
          case when random() < 0.05 then 1 + floor(random() * ${FILE_NAMES})::int end as file_n,
          random() < 0.5 as file_only,
          random() < 0.005 as deleted,
          random() < 0.02 as edited,
          random() as r_size,
          now() - random() * interval '365 days' as at
        from generate_series(${from}::int, ${to}::int) as i
      ),
      placed as (
        select picks.*,
          case when team_side then bench_chats.side_id else bench_chats.space_id end as chat_id,
          1 + floor(r_sender * case when team_side then side_senders else space_senders end)::int as sender_n
        from picks join bench_chats using (rank)
      )
      insert into space_messages (space_id, sender_id, client_id, content, attachment_key, attachment_name,
        attachment_size, attachment_type, created_at, edited_at, deleted_at)
      select placed.chat_id, bench_members.user_id, 'bench-' || placed.i,
        case when deleted or (file_n is not null and file_only) then ''
          else a.text || coalesce(' ' || b.text, '') || coalesce(' ' || c.text, '') end,
        case when not deleted and file_n is not null then 'chat-attachments/' || md5(placed.i::text) || '.' || files.extension end,
        case when not deleted then files.name end,
        case when not deleted and file_n is not null then (20000 + r_size * 20000000)::int end,
        case when not deleted then files.type end,
        at,
        case when edited and not deleted then at + interval '5 minutes' end,
        case when deleted then at + interval '1 hour' end
      from placed
      join bench_members on bench_members.chat_id = placed.chat_id and bench_members.n = placed.sender_n
      join bench_sentences as a on a.n = s1
      left join bench_sentences as b on b.n = s2
      left join bench_sentences as c on c.n = s3
      left join bench_files as files on files.n = file_n
      order by at
    `.execute(connection);
  });
}
