import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
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
    const pool = createPool(target.url, { label: "database", max: 10 });
    pool.on("connect", (client) => prepareStatements(client));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  const dataDir = target.pgliteDir;
  if (!dataDir.startsWith("memory://")) fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  let instance: Promise<PGlite> | undefined;
  // unaccent: the search's words match without their accents (migration 0027); pg_trgm: names by a piece of them (0028).
  const pglite = () => (instance ??= PGlite.create(dataDir, { extensions: { unaccent, pg_trgm } }));
  const db = new Kysely<Database>({ dialect: new SerialPGliteDialect({ pglite }) });
  pgliteOf.set(db, pglite);
  return db;
}

/*
 * Every connection this app makes to a Postgres server is made here. When the server
 * goes away (a restart, a failover, pg_terminate_backend), each open connection emits
 * "error"; a pg Client with no listener for it throws, and the process dies. A pool
 * listens only to its idle clients, so a checked-out one (a query in flight, a
 * transaction, a LISTEN held for good) would still take the process down: every client
 * gets its own listener the moment it connects. The pool then drops the dead client
 * when it is released, and the next caller gets a fresh connection.
 */
const CONNECT_TIMEOUT_MS = 5_000;

export type PoolOptions = { label: string; max: number; queryTimeoutMs?: number };

export function createPool(url: string, { label, max, queryTimeoutMs }: PoolOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // A server that does not answer (a failover in progress) is an error after a while, not a wait forever.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: queryTimeoutMs,
    keepAlive: true,
    // The app's statements are short, but a plan's estimate can pass jit_above_cost (as
    // after a burst of writes, before autovacuum's analyze), and compiling it then cost more
    // than running it: 82 of the shell's 142 ms on the owner's pages (issue 41).
    options: "-c jit=off",
  });
  pool.on("connect", (client) => client.on("error", (error) => logLost(label, error)));
  // Already logged by the client's own listener above; the pool re-emits it for idle clients.
  pool.on("error", () => {});
  return pool;
}

/*
 * The app's statements as prepared statements, each parsed once on a connection. Sent
 * unnamed, as Kysely sends them, Postgres parsed and planned every statement again on
 * every run: on /dashboard that took 4.3 ms of the server's 5.5 ms a page, where running
 * the five statements took 1.2 (issue 41). Named, a statement is parsed on its first run
 * on a connection, and after five runs Postgres keeps a generic plan when it costs no
 * more than planning each run would (plan_cache_mode auto).
 *
 * Done here, where each connection is made: Kysely sends a statement's text and values
 * and has no option to name it, and pg prepares a statement only when given a name.
 */
export const PREPARED_PER_CONNECTION = 300;

/*
 * A parameter that is a list (an array, or rows as a JSON document). Planned for each run,
 * Postgres knows the list's length; a generic plan guesses it, and may guess it cheaper
 * than it is: the unread counts of /spaces' fifty cards, `spaces.id = any($1::uuid[])`,
 * took 3.7 ms on the generic plan Postgres chose after five runs, 0.3 ms planned each time.
 */
const LIST_PARAMETER = /\$\d+::\w+\[\]|\b(?:any|unnest|jsonb?_to_recordset)\(\$\d+/i;

/**
 * Names each statement a connection runs after its text, but those that take a list
 * (above). A connection keeps at most `limit` of them, since each holds its plan in the
 * server's memory and a list's `in ($1, $2, ...)` is a new text for each length; past
 * it, new texts run unnamed.
 */
export function prepareStatements(client: pg.ClientBase, limit = PREPARED_PER_CONNECTION) {
  const named = new Set<string>();
  // Names whose plan went stale under a change of a table's columns (below): unnamed from then on.
  const stale = new Set<string>();
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  const prepared = async (text: string, values: unknown[]) => {
    const name = `s${crypto.createHash("sha1").update(text).digest("base64url")}`;
    if (stale.has(name) || (!named.has(name) && named.size >= limit)) return query(text, values);
    named.add(name);
    try {
      return await query({ name, text, values });
    } catch (error) {
      // A migration that adds a column to a table a prepared `select *` reads makes Postgres
      // refuse that statement for good on this connection; the same text unnamed still answers.
      if ((error as { code?: string }).code !== "0A000") throw error;
      stale.add(name);
      return query(text, values);
    }
  };
  Object.assign(client, {
    query: (text: unknown, ...rest: unknown[]) =>
      // With values only: a text of several statements (pg-boss's, a migration's) cannot be prepared, nor needs to be.
      typeof text === "string" &&
      Array.isArray(rest[0]) &&
      rest[0].length &&
      rest.length === 1 &&
      !LIST_PARAMETER.test(text)
        ? prepared(text, rest[0])
        : query(text, ...rest),
  });
}

/** A connection of its own (a LISTEN), with the same listener; whoever holds it ends it on "error". */
export function createClient(url: string, label: string): pg.Client {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
  client.on("error", (error) => logLost(label, error));
  return client;
}

function logLost(label: string, error: Error & { code?: string }) {
  console.error(`${label}: connection lost (${error.code ?? "no code"}): ${error.message}`);
}

// Connection failures, and the server ending or refusing sessions (class 08, 57P01-57P03).
const UNAVAILABLE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN"]);
const UNAVAILABLE_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "is not queryable",
  "Client was closed",
];

/** True when an error means the database server cannot be reached now (as opposed to a bad query). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || code.startsWith("08") || /^57P0[123]$/.test(code)))
    return true;
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  return UNAVAILABLE_MESSAGES.some((text) => error.message.includes(text));
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
