import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { createSession, deleteSession } from "~/models/sessions.server";
import { databaseEngine, db, vacuumEmbedded } from "~/services/db.server";
import { createAgency } from "#tests/support/factories";

/*
 * PGlite runs no autovacuum (single-user mode), so the app vacuums it: every table at
 * start-up, the tables due hourly, after the pruning (app/process/lifecycle.server.ts); a
 * Postgres server's autovacuum does that itself. npm test runs this file on PGlite,
 * `npm run test:postgres` on the server.
 */
const pglite = databaseEngine() === "pglite";

type TableStats = { dead: number; vacuumed: Date | null };
async function statsOf(table: string) {
  await sql`select pg_stat_force_next_flush()`.execute(db);
  const { rows } = await sql<TableStats>`
    select n_dead_tup::int as dead, last_vacuum as vacuumed
    from pg_stat_user_tables where schemaname = 'public' and relname = ${table}`.execute(db);
  return rows[0];
}

/** A person who signs in and out: each session's row, deleted, stays behind until a vacuum. */
async function signInAndOut(userId: string, times: number) {
  for (let time = 0; time < times; time++) await deleteSession(await createSession(userId, "Firefox"));
}

describe.runIf(pglite)("PGlite, which runs no autovacuum", () => {
  test("the rows deletes leave behind are taken back, table by table, once there are enough of them", async () => {
    const { owner } = await createAgency();
    const kept = await createSession(owner.id, "Safari");
    await vacuumEmbedded("tables due");
    await signInAndOut(owner.id, 200);
    expect((await statsOf("sessions")).dead).toBeGreaterThanOrEqual(200);

    const vacuumed = await vacuumEmbedded("tables due");

    expect(vacuumed).toContain("public.sessions");
    expect(await statsOf("sessions")).toEqual({ dead: 0, vacuumed: expect.any(Date) });
    // The live session stays: the vacuum takes only what was deleted.
    const sessions = await db.selectFrom("sessions").select("id").where("user_id", "=", owner.id).execute();
    expect(sessions).toEqual([{ id: kept }]);
  });

  test("a table with few dead rows is left for later, as autovacuum would leave it", async () => {
    const { owner } = await createAgency();
    await vacuumEmbedded("tables due");
    await signInAndOut(owner.id, 3);

    expect(await vacuumEmbedded("tables due")).not.toContain("public.sessions");
    expect((await statsOf("sessions")).dead).toBeGreaterThanOrEqual(3);
  });

  test("at start-up, what the last run left behind is vacuumed, though PGlite forgot its statistics", async () => {
    const { owner } = await createAgency();
    await signInAndOut(owner.id, 200);
    expect((await statsOf("sessions")).dead).toBeGreaterThanOrEqual(200);
    // What a restart of PGlite does to them: it keeps none across one.
    await sql`select pg_stat_reset()`.execute(db);
    expect(await vacuumEmbedded("tables due")).not.toContain("public.sessions");

    const vacuumed = await vacuumEmbedded("every table");

    expect(vacuumed).toEqual(expect.arrayContaining(["public.sessions", "public.users"]));
    expect((await statsOf("sessions")).vacuumed).toEqual(expect.any(Date));
  });
});

describe.runIf(!pglite)("a Postgres server", () => {
  test("is left to its own autovacuum", async () => {
    const { owner } = await createAgency();
    await signInAndOut(owner.id, 200);

    expect(await vacuumEmbedded("tables due")).toEqual([]);
    expect(await vacuumEmbedded("every table")).toEqual([]);
  });
});
