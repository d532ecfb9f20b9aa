import { sql, type Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { connect } from "#db/connect";
import type { Database } from "#db/schema";
import { companyNamed } from "~/models/client-companies.server";
import { compiledQuery } from "~/services/compiled-queries.server";
import { db } from "~/services/db.server";
import { createAgency } from "#tests/support/factories";

/*
 * The app's statements are prepared once on each connection (db/connect.ts, issue 41):
 * on each connection of the pg pool, and on PGlite's one. npm test runs this file on
 * PGlite, `npm run test:postgres` on the Postgres server.
 */
type Prepared = { statement: string };
const preparedStatements = (connection: Kysely<Database>) =>
  sql<Prepared>`select statement from pg_prepared_statements order by statement`
    .execute(connection)
    .then(({ rows }) => rows.map((row) => row.statement));

describe("statements prepared on a connection", () => {
  test("a statement with values is parsed once and answers each run with that run's values", async () => {
    const { answers, prepared } = await db.connection().execute(async (connection) => {
      const sum = (value: number) => sql<{ sum: number }>`select ${value}::int + 1 as sum`.execute(connection);
      const answers = [(await sum(1)).rows[0].sum, (await sum(41)).rows[0].sum];
      return { answers, prepared: await preparedStatements(connection) };
    });
    expect(answers).toEqual([2, 42]);
    expect(prepared.filter((statement) => statement === "select $1::int + 1 as sum")).toHaveLength(1);
  });

  test("values of every kind the app sends come back as they went, named or not", async () => {
    const at = new Date("2026-11-29T12:34:56.789Z");
    const row = { at, flag: true, count: 7, document: { kind: "note", tags: ["a"] }, nothing: null };
    const read = () =>
      sql<typeof row>`select ${at}::timestamptz as at, ${true}::boolean as flag, ${7}::int as count,
        ${JSON.stringify(row.document)}::jsonb as document, ${null}::text as nothing`.execute(db);
    // Past five runs, where Postgres may take a generic plan.
    for (let run = 0; run < 7; run++) expect((await read()).rows).toEqual([row]);
  });

  test("a statement that fails says why, and the connection answers the next one", async () => {
    const agency = await createAgency();
    const insert = () =>
      db.insertInto("client_companies").values({ agency_id: agency.agencyId, name: "Northwind" }).execute();
    await insert();
    await expect(insert()).rejects.toMatchObject({ code: "23505" });
    await expect(
      sql`select nonsense from ${sql.table("users")} where id = ${agency.owner.id}`.execute(db),
    ).rejects.toThrow(/nonsense/);
    const { rows } = await sql<{ n: number }>`select ${41}::int + 1 as n`.execute(db);
    expect(rows).toEqual([{ n: 42 }]);
  });

  test("a statement over a list is planned for each list: it is not prepared", async () => {
    const { found, prepared } = await db.connection().execute(async (connection) => {
      const among = (ids: string[]) =>
        sql<{ id: string }>`select id from users where id = any(${ids}::uuid[])`.execute(connection);
      const found = [];
      for (let run = 0; run < 7; run++) found.push((await among([crypto.randomUUID()])).rows.length);
      return { found, prepared: await preparedStatements(connection) };
    });
    expect(found).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(prepared.filter((statement) => statement.includes("any($1::uuid[])"))).toEqual([]);
  });

  test("a statement over a list that one plan serves is prepared once, and answers each list of any length", async () => {
    const agencies = await Promise.all([createAgency(), createAgency(), createAgency()]);
    const ids = agencies.map((agency) => agency.owner.id);
    const usersAmong = compiledQuery(
      (values: { ids: string[] }) =>
        db
          .selectFrom("users")
          .select("id")
          .where(sql<boolean>`id = any(${values.ids}::uuid[])`)
          .orderBy("email"),
      { onePlanForAnyList: true },
    );
    const lists = [ids, ids.slice(0, 1), [], ids.slice(1), ids, [crypto.randomUUID()], ids.slice(0, 2)];
    const { found, prepared } = await db.connection().execute(async (connection) => {
      const found = [];
      for (const list of lists) found.push((await usersAmong({ ids: list }, connection)).length);
      return { found, prepared: await preparedStatements(connection) };
    });
    expect(found).toEqual([3, 1, 0, 2, 3, 0, 2]);
    expect(prepared.filter((statement) => statement.includes("id = any($1::uuid[])"))).toHaveLength(1);
  });

  test("a company named again and again is one company: the insert still finds its partial unique index", async () => {
    const agency = await createAgency();
    // Past five runs on one connection, where Postgres may take a generic plan.
    const ids = await db.connection().execute(async (connection) => {
      const named = [];
      for (let run = 0; run < 8; run++) named.push(await companyNamed(connection, agency.agencyId, "Northwind"));
      return named;
    });
    expect(new Set(ids).size).toBe(1);
  });

  describe("on a database handle of its own, keeping at most two", () => {
    let own: Kysely<Database>;
    beforeEach(() => {
      own = connect(process.env.TEST_DATABASE_URL ? { url: process.env.DATABASE_URL! } : { pgliteDir: "memory://" }, 2);
    });
    afterEach(() => own.destroy());

    test("a table that gains a column under a prepared select * still answers, with the column", async () => {
      const notes = await own.connection().execute(async (connection) => {
        await sql`create temporary table notes (id int primary key, body text)`.execute(connection);
        await sql`insert into notes values (1, 'draft')`.execute(connection);
        const note = () => sql`select * from notes where id = ${1}`.execute(connection).then(({ rows }) => rows[0]);
        const before = await note();
        // What a deploy's migration does while the instances before it still serve.
        await sql`alter table notes add column pinned boolean not null default false`.execute(connection);
        return [before, await note(), await note()];
      });
      expect(notes).toEqual([
        { id: 1, body: "draft" },
        { id: 1, body: "draft", pinned: false },
        { id: 1, body: "draft", pinned: false },
      ]);
    });

    test("past its limit a connection runs new statements unnamed, and they still answer", async () => {
      const { answers, prepared } = await own.connection().execute(async (connection) => {
        const answers = [];
        for (const offset of [1, 2, 3]) {
          const { rows } = await sql<{ n: number }>`select ${10}::int + ${sql.lit(offset)} as n`.execute(connection);
          answers.push(rows[0].n);
        }
        return { answers, prepared: await preparedStatements(connection) };
      });
      expect(answers).toEqual([11, 12, 13]);
      expect(prepared).toEqual(["select $1::int + 1 as n", "select $1::int + 2 as n"]);
    });
  });
});
