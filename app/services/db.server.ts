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

/** How many rows a query selects, for `takePage`'s count. */
export async function countOf<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  const row = await query
    .select((eb) => eb.fn.countAll<string>().as("count"))
    // Kysely cannot name the selection over a database type it does not know yet.
    .$castTo<{ count: string }>()
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
