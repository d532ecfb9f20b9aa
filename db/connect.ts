import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PGlite, parse, protocol } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import {
  CompiledQuery,
  Kysely,
  PGliteDialect,
  PostgresDialect,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from "kysely";
import pg from "pg";
import type { Database } from "./schema";

// Postgres bigint and numeric stay strings; timestamps become Dates (the pg default).
export type DatabaseTarget = { url: string } | { pgliteDir: string };

/** A Kysely instance on a Postgres server (`url`) or on embedded PGlite (`pgliteDir`, or "memory://"). */
export function connect(target: DatabaseTarget, preparedLimit = PREPARED_PER_CONNECTION): Kysely<Database> {
  if ("url" in target) {
    const pool = createPool(target.url, { label: "database", max: 10 });
    pool.on("connect", (client) => prepareStatements(client, preparedLimit));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  const dataDir = target.pgliteDir;
  if (!dataDir.startsWith("memory://")) fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  let instance: Promise<PGlite> | undefined;
  // unaccent: the search's words match without their accents (migration 0027); pg_trgm: names by a piece of them (0028).
  const pglite = () => (instance ??= PGlite.create(dataDir, { extensions: { unaccent, pg_trgm } }));
  const db = new Kysely<Database>({ dialect: new SerialPGliteDialect({ pglite }, preparedLimit) });
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
 * and has no option to name it; pg prepares a statement only when given a name, and
 * PGlite's `query` never does (its `execProtocol` takes the protocol's messages, below).
 */
export const PREPARED_PER_CONNECTION = 300;

/*
 * A parameter that is a list (an array, or rows as a JSON document). Planned for each run,
 * Postgres knows the list's length; a generic plan guesses it, and may guess it cheaper
 * than it is: the unread counts of /spaces' fifty cards, `spaces.id = any($1::uuid[])`,
 * took 3.7 ms on the generic plan Postgres chose after five runs, 0.3 ms planned each time.
 */
const LIST_PARAMETER = /\$\d+::\w+\[\]|\b(?:any|unnest|jsonb?_to_recordset)\(\$\d+/i;

/*
 * A statement over a list that one plan serves at any length (each value a key of the
 * index it reads: the chat's reactions and people by id) begins with this comment, and
 * is prepared like one without a list: on PGlite, parsing and planning each of those
 * anew took 0.7-0.8 ms of every chat page (compiledQuery's `onePlanForAnyList`).
 */
export const ONE_PLAN_FOR_ANY_LIST = "/* one plan for any list */ ";

/** Postgres refuses a prepared statement whose result's columns a migration changed (a `select *`). */
const isStalePlan = (error: unknown) => (error as { code?: string }).code === "0A000";

/*
 * Each text's name, or undefined for a list planned on each run, kept across connections:
 * the app sends a few hundred texts, and hashing one again on each run took 5-6 µs of every
 * statement (issue 41). A compiled query sends the same string each time, whose hash V8 keeps.
 */
const namesOfTexts = new Map<string, string | undefined>();
const TEXTS_KEPT = 2_000;

function nameOfText(text: string): string | undefined {
  if (namesOfTexts.has(text)) return namesOfTexts.get(text);
  const name =
    LIST_PARAMETER.test(text) && !text.startsWith(ONE_PLAN_FOR_ANY_LIST)
      ? undefined
      : `s${crypto.createHash("sha1").update(text).digest("base64url")}`;
  // Lists of each length are texts of their own; past this many, start again rather than grow.
  if (namesOfTexts.size >= TEXTS_KEPT) namesOfTexts.clear();
  namesOfTexts.set(text, name);
  return name;
}

/**
 * Which statements one connection runs named, and under which name: each with values
 * after its text, but those that take a list and do not say one plan serves them (above).
 * A connection keeps at most `limit`, since each holds its plan in the database's memory
 * and a list's `in ($1, $2, ...)` is a new text for each length; past it, new texts run
 * unnamed. A statement whose plan went stale (a table gained a column under a `select *`)
 * runs unnamed from then on, so a rolling deploy's older instances keep answering.
 */
class StatementNames {
  readonly #named = new Set<string>();
  readonly #stale = new Set<string>();

  constructor(private readonly limit: number) {}

  /** The name to run `text` under, or undefined to run it unnamed. */
  nameFor(text: string, values: readonly unknown[]): string | undefined {
    const name = values.length ? nameOfText(text) : undefined;
    if (!name || this.#stale.has(name) || (!this.#named.has(name) && this.#named.size >= this.limit)) return undefined;
    return name;
  }

  add(name: string) {
    this.#named.add(name);
  }

  /** Runs `name`d; when a migration made its plan stale, runs `unnamed` now and from then on. */
  async run<T>(name: string, named: () => Promise<T>, unnamed: () => Promise<T>): Promise<T> {
    try {
      return await named();
    } catch (error) {
      if (!isStalePlan(error)) throw error;
      this.#stale.add(name);
      return unnamed();
    }
  }
}

/** Names the statements a pg connection runs (StatementNames); pg itself parses a named one once. */
export function prepareStatements(client: pg.ClientBase, limit = PREPARED_PER_CONNECTION) {
  const names = new StatementNames(limit);
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  const prepared = (name: string, text: string, values: unknown[]) => {
    names.add(name);
    return names.run(
      name,
      () => query({ name, text, values }),
      () => query(text, values),
    );
  };
  Object.assign(client, {
    query: (text: unknown, ...rest: unknown[]) => {
      // With values only: a text of several statements (pg-boss's, a migration's) cannot be prepared, nor needs to be.
      const name =
        typeof text === "string" && Array.isArray(rest[0]) && rest.length === 1
          ? names.nameFor(text, rest[0])
          : undefined;
      return name ? prepared(name, text as string, rest[0] as unknown[]) : query(text, ...rest);
    },
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
 * open transaction. This dialect lends the connection to one caller at a time, its
 * statements prepared (PreparedPGliteConnection).
 */
class SerialPGliteDialect extends PGliteDialect {
  constructor(
    private readonly config: { pglite: () => Promise<PGlite> },
    private readonly preparedLimit: number,
  ) {
    super(config);
  }

  createDriver(): Driver {
    return new SerialDriver(
      super.createDriver(),
      async (connection) => new PreparedPGliteConnection(connection, await this.config.pglite(), this.preparedLimit),
    );
  }
}

class SerialDriver implements Driver {
  #queue: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;
  #connection: PreparedPGliteConnection | undefined;

  constructor(
    private readonly inner: Driver,
    private readonly prepare: (connection: DatabaseConnection) => Promise<PreparedPGliteConnection>,
  ) {}

  async init() {
    await this.inner.init();
    this.#connection = await this.prepare(await this.inner.acquireConnection());
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue;
    let release!: () => void;
    this.#queue = new Promise((resolve) => (release = resolve));
    await previous;
    this.#release = release;
    return this.#connection!;
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await this.inner.releaseConnection(unwrap(connection));
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.inner.beginTransaction(unwrap(connection), settings);
  }
  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction(unwrap(connection));
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction(unwrap(connection));
  }
  savepoint: Driver["savepoint"] = (connection, ...rest) => this.inner.savepoint!(unwrap(connection), ...rest);
  rollbackToSavepoint: Driver["rollbackToSavepoint"] = (connection, ...rest) =>
    this.inner.rollbackToSavepoint!(unwrap(connection), ...rest);
  releaseSavepoint: Driver["releaseSavepoint"] = (connection, ...rest) =>
    this.inner.releaseSavepoint!(unwrap(connection), ...rest);

  destroy() {
    return this.inner.destroy();
  }
}

// Kysely's PGlite driver keeps its transaction on its own connection object: it is handed that one.
const unwrap = (connection: DatabaseConnection) =>
  connection instanceof PreparedPGliteConnection ? connection.inner : connection;

type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

/**
 * PGlite's connection with its statements named as on a server (StatementNames). PGlite's
 * own `query` parses, plans and describes every statement, in six calls into its
 * WebAssembly: on /dashboard that was most of the 7 ms a page that Postgres took inside
 * this process, and a named statement's plan also spares Postgres the size of each table
 * it reads (a `fstat` of each file: 1.2 ms a page). Named, a statement is parsed and
 * described once, its rows' description kept; each run is then one call (bind, execute, sync).
 *
 * Written here because PGlite prepares nothing itself and Kysely sends text and values;
 * the messages and the results' parsing are PGlite's own (`protocol`, `parse`).
 */
class PreparedPGliteConnection implements DatabaseConnection {
  readonly #names: StatementNames;
  readonly #described = new Map<string, { parameterTypes: number[]; rows: BackendMessage | undefined }>();

  constructor(
    readonly inner: DatabaseConnection,
    private readonly pglite: PGlite,
    limit: number,
  ) {
    this.#names = new StatementNames(limit);
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const name = this.#names.nameFor(query.sql, query.parameters);
    if (!name) return this.inner.executeQuery<R>(query);
    return this.#names.run<QueryResult<R>>(
      name,
      async () => {
        // The lock PGlite's own queries take, so that nothing of its own runs between the messages.
        const { rows, affectedRows } = await this.pglite._runExclusiveQuery(() => this.#run(name, query));
        return { rows: rows as R[], numAffectedRows: affectedRows == null ? undefined : BigInt(affectedRows) };
      },
      () => this.inner.executeQuery<R>(query),
    );
  }

  async #run(name: string, { sql: text, parameters }: CompiledQuery) {
    const { serialize } = protocol;
    let described = this.#described.get(name);
    if (!described) {
      const { messages } = await this.pglite.execProtocol(
        Buffer.concat([serialize.parse({ name, text }), serialize.describe({ type: "S", name }), serialize.sync()]),
      );
      described = {
        parameterTypes: parse.parseDescribeStatementResults(messages),
        rows: messages.find((message) => message.name === "rowDescription"),
      };
      this.#described.set(name, described);
      this.#names.add(name);
    }
    const { parameterTypes, rows } = described;
    // Each value as PGlite's `query` writes it, by the type Postgres gave its parameter.
    const values = parameters.map((value, index) =>
      value == null ? null : (this.pglite.serializers[parameterTypes[index]]?.(value) ?? String(value)),
    );
    const { messages } = await this.pglite.execProtocol(
      Buffer.concat([serialize.bind({ statement: name, values }), serialize.execute(), serialize.sync()]),
    );
    // The rows' description, read once with the statement's, is the same on every run.
    return parse.parseResults(rows ? [rows, ...messages] : messages, this.pglite.parsers, { rowMode: "object" })[0];
  }

  streamQuery: DatabaseConnection["streamQuery"] = (...args) => this.inner.streamQuery(...args);
}
