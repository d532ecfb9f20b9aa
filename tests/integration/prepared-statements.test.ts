import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type pg from "pg";
import { createClient, prepareStatements } from "#db/connect";
import { companyNamed } from "~/models/client-companies.server";
import { db } from "~/services/db.server";
import { createAgency } from "#tests/support/factories";

/*
 * The app's statements are prepared once on each connection (db/connect.ts, issue 41).
 * Only a Postgres server has connections of its own; PGlite is one process.
 */
const postgres = Boolean(process.env.TEST_DATABASE_URL);
if (!postgres) console.warn("prepared statements test skipped: set TEST_DATABASE_URL to a Postgres server to run it");

type Prepared = { statement: string };
const preparedOn = (client: pg.ClientBase) =>
  client.query<Prepared>("select statement from pg_prepared_statements order by statement").then(({ rows }) => rows);

describe.skipIf(!postgres)("statements prepared on a connection", () => {
  test("a statement with values is parsed once and answers each run with that run's values", async () => {
    const { answers, prepared } = await db.connection().execute(async (connection) => {
      const sum = (value: number) => sql<{ sum: number }>`select ${value}::int + 1 as sum`.execute(connection);
      const answers = [(await sum(1)).rows[0].sum, (await sum(41)).rows[0].sum];
      const { rows } = await sql<Prepared>`select statement from pg_prepared_statements`.execute(connection);
      return { answers, prepared: rows.map((row) => row.statement) };
    });
    expect(answers).toEqual([2, 42]);
    expect(prepared.filter((statement) => statement === "select $1::int + 1 as sum")).toHaveLength(1);
  });

  test("a statement over a list is planned for each list: it is not prepared", async () => {
    const { found, prepared } = await db.connection().execute(async (connection) => {
      const among = (ids: string[]) =>
        sql<{ id: string }>`select id from users where id = any(${ids}::uuid[])`.execute(connection);
      const found = [];
      for (let run = 0; run < 7; run++) found.push((await among([crypto.randomUUID()])).rows.length);
      const { rows } = await sql<Prepared>`select statement from pg_prepared_statements`.execute(connection);
      return { found, prepared: rows.map((row) => row.statement) };
    });
    expect(found).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(prepared.filter((statement) => statement.includes("any($1::uuid[])"))).toEqual([]);
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

  describe("on a connection of its own", () => {
    let client: pg.Client;
    beforeEach(async () => {
      client = createClient(process.env.DATABASE_URL!, "prepared statements test");
      await client.connect();
    });
    afterEach(() => client.end());

    test("a table that gains a column under a prepared select * still answers, with the column", async () => {
      prepareStatements(client);
      await client.query("create temporary table notes (id int primary key, body text)");
      await client.query("insert into notes values (1, 'draft')");
      const note = () => client.query("select * from notes where id = $1", [1]).then(({ rows }) => rows[0]);
      expect(await note()).toEqual({ id: 1, body: "draft" });
      // What a deploy's migration does while the instances before it still serve.
      await client.query("alter table notes add column pinned boolean not null default false");
      expect(await note()).toEqual({ id: 1, body: "draft", pinned: false });
      expect(await note()).toEqual({ id: 1, body: "draft", pinned: false });
    });

    test("past its limit a connection runs new statements unnamed, and they still answer", async () => {
      prepareStatements(client, 2);
      const answers = [];
      for (const offset of [1, 2, 3]) {
        const { rows } = await client.query<{ n: number }>(`select $1::int + ${offset} as n`, [10]);
        answers.push(rows[0].n);
      }
      expect(answers).toEqual([11, 12, 13]);
      expect(await preparedOn(client)).toEqual([
        { statement: "select $1::int + 1 as n" },
        { statement: "select $1::int + 2 as n" },
      ]);
    });
  });
});
