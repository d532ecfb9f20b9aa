import { CompiledQuery, type Compilable, type RawBuilder } from "kysely";
import { ONE_PLAN_FOR_ANY_LIST } from "#db/connect";
import { db, type Executor } from "./db.server";

/*
 * Queries built and compiled once, then run with new values (issue 41). Kysely builds a
 * query's tree and compiles it to SQL on every call, a tenth of the chat's time in a
 * profile. A hot query is written once as a function of its values: its first run builds
 * it with a placeholder in each value's place and compiles it, and every run sends that
 * SQL with the values put in their placeholders' places among the parameters.
 *
 * Written here rather than taken from npm: kysely-params, the library that does this, is
 * built on Kysely 0.24 (it installs a copy of its own) and has had no release since 2024.
 *
 * The query's text must not depend on its values, since they are placeholders when it is
 * built: a list goes in as one array (`= any(${ids})`, not `in`), a list of rows as one
 * JSON document, and a value the SQL does depend on (an actor's type, an optional filter)
 * is a shape, with a query compiled for each (`compiledQueryPer`).
 */

type Values = Record<string, unknown>;
type Query<O> = Compilable<O> | RawBuilder<O>;
/** Runs the compiled query with these values, on the database or in a transaction. */
export type CompiledRun<V extends Values, O> = (values: V, executor?: Executor) => Promise<O[]>;

/**
 * A query compiled on its first run and sent as that SQL ever after, with each run's values.
 * `onePlanForAnyList`: its list values (`= any(${ids})`) are each a key of the index it reads,
 * so that one plan serves a list of any length, and it is prepared as a query without a list
 * is (db/connect.ts); by default a query over a list is planned for each list.
 */
export function compiledQuery<V extends Values, O>(
  build: (values: V) => Query<O>,
  { onePlanForAnyList = false } = {},
): CompiledRun<V, O> {
  let compiled: { sql: string; parameters: readonly unknown[] } | undefined;
  return async (values, executor = db) => {
    compiled ??= compile(build, onePlanForAnyList);
    const parameters = compiled.parameters.map((parameter) =>
      parameter instanceof Placeholder ? values[parameter.name] : parameter,
    );
    const { rows } = await executor.executeQuery(CompiledQuery.raw(compiled.sql, parameters) as CompiledQuery<O>);
    return rows;
  };
}

/**
 * One compiled query per shape: what the query's text depends on (an actor's type, which
 * filters are given), of a few kinds, each compiled when first run. A shape of several
 * parts is an object of them, told apart by its JSON.
 */
export function compiledQueryPer<S extends Shape, V extends Values, O>(
  build: (shape: S, values: V) => Query<O>,
): (shape: S, values: V, executor?: Executor) => Promise<O[]> {
  const runs = new Map<string, CompiledRun<V, O>>();
  return (shape, values, executor) => {
    const key = typeof shape === "object" ? JSON.stringify(shape) : String(shape);
    let run = runs.get(key);
    if (!run) runs.set(key, (run = compiledQuery((placeholders: V) => build(shape, placeholders))));
    return run(values, executor);
  };
}

type Shape = string | boolean | Readonly<Record<string, string | boolean>>;

function compile<V extends Values, O>(build: (values: V) => Query<O>, onePlanForAnyList: boolean) {
  const placeholders = new Proxy({} as V, {
    get: (_, name) => (typeof name === "string" ? new Placeholder(name) : undefined),
  });
  const query = build(placeholders);
  const { sql, parameters } = isRawBuilder(query) ? query.compile(db) : query.compile();
  return { sql: onePlanForAnyList ? `${ONE_PLAN_FOR_ANY_LIST}${sql}` : sql, parameters };
}

function isRawBuilder<O>(query: Query<O>): query is RawBuilder<O> {
  return "isRawBuilder" in query;
}

/**
 * A value's place in the query while it is built. Kysely passes any object that is not
 * an expression through as a parameter; used in the builder's own code instead (turned
 * into text or JSON, as `JSON.stringify(values.x)` would), it would be sent as itself.
 */
class Placeholder {
  constructor(readonly name: string) {}

  toJSON(): never {
    throw this.misused();
  }

  [Symbol.toPrimitive](): never {
    throw this.misused();
  }

  private misused() {
    return new Error(
      `A compiled query's value "${this.name}" was used while the query was built; pass it to the query`,
    );
  }
}
