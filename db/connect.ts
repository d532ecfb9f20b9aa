import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import {
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
    return new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: target.url, max: 10 }) }),
    });
  }
  const dataDir = target.pgliteDir;
  if (!dataDir.startsWith("memory://")) fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  return new Kysely<Database>({
    dialect: new SerialPGliteDialect({ pglite: () => PGlite.create(dataDir) }),
  });
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
