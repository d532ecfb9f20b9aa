import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import {
  CompiledQuery,
  Kysely,
  PGliteDialect,
  PostgresDialect,
  type DatabaseConnection,
  type Driver,
  type TransactionSettings,
} from "kysely";
import pg from "pg";
import type { Database } from "./schema";

// Postgres bigint and numeric stay strings; timestamps become Dates (the pg default).
export type DatabaseTarget = { url: string } | { pgliteDir: string };

/** A Kysely instance on a Postgres server (`url`) or on embedded PGlite (`pgliteDir`, or "memory://"). */
export function connect(target: DatabaseTarget): Kysely<Database> {
  if ("url" in target) {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle connection the server closes (a restart, a failover) must not take the process down; the pool reconnects.
    pool.on("error", (error) => console.error("database: an idle connection was closed", error.message));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  const dataDir = target.pgliteDir;
  if (!dataDir.startsWith("memory://")) fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  let instance: Promise<PGlite> | undefined;
  const pglite = () => (instance ??= PGlite.create(dataDir));
  const db = new Kysely<Database>({ dialect: new SerialPGliteDialect({ pglite }) });
  pgliteOf.set(db, pglite);
  return db;
}

const pgliteOf = new WeakMap<Kysely<Database>, () => Promise<PGlite>>();

/**
 * Runs SQL text as a library written for `pg` sends it (pg-boss): with parameters, or
 * as several statements without. Both go through Kysely's driver, so on PGlite they
 * wait their turn like every other query. PGlite's `query` takes one statement only;
 * several statements without parameters go to its `exec`, on the connection Kysely lends.
 */
export async function executeRawSql(
  db: Kysely<Database>,
  text: string,
  values?: unknown[],
): Promise<{ rows: Array<Record<string, unknown>> }> {
  const pglite = pgliteOf.get(db);
  if (pglite && !values?.length) {
    const results = await db.connection().execute(async () => (await pglite()).exec(text));
    return { rows: (results.at(-1)?.rows ?? []) as Array<Record<string, unknown>> };
  }
  const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
  return { rows: result.rows as Array<Record<string, unknown>> };
}

/**
 * PGlite has one connection, and Kysely's PGlite driver hands that same connection to
 * every caller. Without a queue, a request's query could run inside another request's
 * open transaction. This dialect lends the connection to one caller at a time.
 */
class SerialPGliteDialect extends PGliteDialect {
  createDriver(): Driver {
    return new SerialDriver(super.createDriver());
  }
}

class SerialDriver implements Driver {
  #queue: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;

  constructor(private readonly inner: Driver) {}

  init() {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue;
    let release!: () => void;
    this.#queue = new Promise((resolve) => (release = resolve));
    await previous;
    this.#release = release;
    return this.inner.acquireConnection();
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await this.inner.releaseConnection(connection);
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.inner.beginTransaction(connection, settings);
  }
  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction(connection);
  }
  savepoint: Driver["savepoint"] = (...args) => this.inner.savepoint!(...args);
  rollbackToSavepoint: Driver["rollbackToSavepoint"] = (...args) => this.inner.rollbackToSavepoint!(...args);
  releaseSavepoint: Driver["releaseSavepoint"] = (...args) => this.inner.releaseSavepoint!(...args);

  destroy() {
    return this.inner.destroy();
  }
}
