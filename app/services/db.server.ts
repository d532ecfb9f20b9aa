import path from "node:path";
import { remember } from "@epic-web/remember";
import { sql, type Kysely, type SelectQueryBuilder, type Transaction } from "kysely";
import { connect } from "#db/connect";
export { isDatabaseUnavailable } from "#db/connect";
/**
 * Connections of their own, for what holds one open beside Kysely's: the realtime
 * adapter's LISTEN client and its publishing pool (app/realtime/postgres-adapter.server.ts).
 */
export { createClient, createPool } from "#db/connect";
import { migrateToLatest } from "#db/migrator";
import type { Database } from "#db/schema";
import { databaseEnv } from "./env.server";

/** The process's one database handle; it survives dev rebuilds. */
export const db: Kysely<Database> = remember("db", () => {
  const { DATABASE_URL, dataDir } = databaseEnv();
  return connect(DATABASE_URL ? { url: DATABASE_URL } : { pgliteDir: path.join(dataDir, "db") });
});

/** The database or a transaction: what a model function that can join its caller's transaction takes. */
export type Executor = Kysely<Database> | Transaction<Database>;

export function migrate() {
  return migrateToLatest(db);
}

/** The cheapest question the database can answer: `select 1` (the readiness check). */
export async function pingDatabase() {
  await sql`select 1`.execute(db);
}

export function databaseEngine(): "postgres" | "pglite" {
  return databaseEnv().DATABASE_URL ? "postgres" : "pglite";
}

export type VacuumScope = "tables due" | "every table";

/**
 * PGlite runs Postgres in single-user mode, where autovacuum never starts: without this,
 * every row an update or a delete leaves behind would stay for good (sessions, reads, the
 * job queue's rows), and the tables, their indexes and the directory would only grow. So
 * the app does autovacuum's work on PGlite, with a plain VACUUM of one table at a time, so
 * that the pages' statements queued behind it wait for one table, not for all of them:
 * - "tables due": those past autovacuum's own thresholds (its settings are PGlite's too),
 *   by the statistics of the rows updated and deleted since the process started;
 * - "every table": at start-up, since PGlite keeps no statistics across a restart, so what
 *   the last run left behind is found only by looking (VACUUM skips the pages it finds
 *   untouched since its last pass).
 * Not ANALYZE: with statistics, the generic plans of the unread counts read every message of
 * each chat, and PGlite's pages got slower (docs/performance.md, 2026-11-29, night).
 * On a Postgres server autovacuum does this itself, and this does nothing.
 * Returns the tables it vacuumed, as schema.table.
 */
export async function vacuumEmbedded(scope: VacuumScope): Promise<string[]> {
  if (databaseEngine() !== "pglite") return [];
  // The statistics reach pg_stat_user_tables a second late; this sends the latest with the next statement.
  await sql`select pg_stat_force_next_flush()`.execute(db);
  const { rows } = await sql<{ name: string }>`
    select format('%I.%I', tables.schemaname, tables.relname) as name
    from pg_stat_user_tables tables join pg_class relations on relations.oid = tables.relid
    where ${scope === "every table"}::boolean
      or tables.n_dead_tup > current_setting('autovacuum_vacuum_threshold')::int
        + current_setting('autovacuum_vacuum_scale_factor')::float8 * greatest(relations.reltuples, 0)
      or age(relations.relfrozenxid) > current_setting('autovacuum_freeze_max_age')::int
    order by tables.n_dead_tup desc, name`.execute(db);
  // The names come from the catalog, quoted by format('%I').
  for (const { name } of rows) await sql`vacuum ${sql.raw(name)}`.execute(db);
  return rows.map((row) => row.name);
}

/** How many rows a query selects, for `takePage`'s count. */
export async function countOf<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  const row = await query
    .select((eb) => eb.fn.countAll<string>().as("count"))
    // Kysely cannot name the selection over a database type it does not know yet.
    .$castTo<{ count: string }>()
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
