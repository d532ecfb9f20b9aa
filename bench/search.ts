/*
 * The search scenario (issue 40): `npm run bench -- --scenario search [--quick]`.
 *
 * A world of its own (bench/search-world.ts: 200 agencies, one of 5,000 spaces, a million
 * messages of realistic text; --quick: 50,000) in a database of its own on the Postgres
 * server, then the same world with 100,000 messages (--quick: 20,000) on PGlite. Each is
 * seeded and measured by a child process (`tsx bench/search.ts`, DATABASE_URL or DATA_DIR
 * set), because the app's `db` reads its target once, when first imported, and PGlite lets
 * one process at a time open a directory. The child calls the model itself, `search()` of
 * app/models/search.server.ts (no HTTP, no page: the model's queries are what is measured,
 * spaces and people and messages and files, as the page asks for them), for each query as
 * the owner of the 5,000-space agency and as a client, best match first and newest first,
 * one call at a time; then, caught on their way to the database during one more call, the
 * model's statements with how long each took, and EXPLAIN (ANALYZE, BUFFERS) of those that
 * read the words: the owner's common word (both sorts), the client's, and the slowest row.
 * docs/performance.md ("Search (issue 40)") says what the world is and what the figures mean.
 */
import { fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import url from "node:url";
import { SEARCH_WORLD, type SearchWorld, type SearchWorldSize } from "./search-world";
import { children, fixed, percentile, printTable, stop } from "./support";

/** What the search box is given: a word, a filter, as people type them. */
function searchQueries() {
  const before = new Date(Date.now() - 180 * 24 * 3600_000).toISOString().slice(0, 10);
  return [
    { name: "common word", text: "logo" },
    { name: "rare word", text: "kumquat" },
    { name: "prefix", text: "inv" },
    { name: "phrase", text: '"new logo"' },
    { name: "without accent", text: "resume" },
    { name: "a sentence", text: "where did the client send the new logo" },
    { name: "from:", text: "from:Nora invoice" },
    { name: "has:file", text: "has:file logo" },
    { name: "has:file alone", text: "has:file" },
    { name: "before:", text: `before:${before} launch` },
  ];
}

const SORTS = ["best", "newest"] as const;
const TIME_ZONE = "Europe/Paris";

type Timing = { p50: number | null; p95: number | null; max: number | null; runs: number };
type Row = { query: string; text: string; actor: string; sort: string; messages: string; files: string } & Timing;
type Explained = { label: string; sql: string; plan: string };
/** One call's statements, each with its table (the first it reads) and how long it took. */
type Breakdown = { label: string; statements: Array<{ table: string; ms: number | null }> };
export type SearchRun = {
  engine: "postgres" | "pglite";
  size: SearchWorldSize;
  world: SearchWorld;
  rows: Row[];
  explain: Explained[];
  slowest: { label: string; explain: Explained[] } | null;
  breakdown: Breakdown[];
};

// --- The parent: a database (or a directory) for each engine, a child to fill and measure it, the tables. ---

export async function searchScenario({
  adminUrl,
  quick,
  cleanups,
}: {
  adminUrl: string;
  quick: boolean;
  cleanups: Array<() => Promise<void> | void>;
}) {
  const { adminQuery, databaseUrl, dropDatabase, throwawayName } = await import("#tests/support/postgres-admin");
  // p95 of 40 calls is the second slowest; of 10 (quick), the slowest.
  const runs = quick ? 10 : 40;
  const name = throwawayName("bench_search");
  await adminQuery(adminUrl, `create database ${name}`);
  cleanups.push(() => dropDatabase(adminUrl, name));
  const postgres = await measureIn(
    { DATABASE_URL: databaseUrl(adminUrl, name) },
    { size: quick ? SEARCH_WORLD.quick : SEARCH_WORLD.full, runs, parallel: Math.min(4, os.availableParallelism()) },
  );
  printRun("Search on the Postgres server", postgres);
  const pgliteDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-search-pglite-"));
  cleanups.push(() => fs.rmSync(pgliteDir, { recursive: true, force: true }));
  const pglite = await measureIn(
    { DATA_DIR: pgliteDir, DATABASE_URL: undefined },
    { size: quick ? SEARCH_WORLD.pgliteQuick : SEARCH_WORLD.pglite, runs: quick ? runs : 30, parallel: 1 },
  );
  printRun("Search on PGlite (embedded)", pglite);
  return { postgres, pglite };
}

type Job = { size: SearchWorldSize; runs: number; parallel: number };

function measureIn(env: Record<string, string | undefined>, job: Job): Promise<SearchRun> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env, BENCH_SEARCH_JOB: JSON.stringify(job) };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete childEnv[key];
  const child = fork(url.fileURLToPath(import.meta.url), [], {
    execArgv: ["--import", "tsx"],
    env: childEnv,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let result: SearchRun | undefined;
    child.once("message", (message) => (result = message as SearchRun));
    child.once("exit", (code, signal) => {
      if (result) resolve(result);
      else reject(new Error(`bench/search.ts ended without a result: ${signal ?? `exit code ${code}`}`));
    });
  }).finally(() => stop(child)) as Promise<SearchRun>;
}

function printRun(title: string, run: SearchRun) {
  const { counts, seconds } = run.world;
  const seeded = Object.entries(seconds)
    .map(([step, value]) => `${step} ${value} s`)
    .join(", ");
  console.log(
    `\nbench: ${title}: ${counts.messages.toLocaleString("en")} messages (${counts.big_agency_messages.toLocaleString("en")} in the big agency's chats, ` +
      `${counts.client_messages.toLocaleString("en")} in the client's ${run.world.clientSpaces}), ${counts.files.toLocaleString("en")} files, ` +
      `${counts.spaces.toLocaleString("en")} spaces (+${counts.team_sides.toLocaleString("en")} team sides), ${counts.agencies} agencies, ` +
      `${counts.users.toLocaleString("en")} users; seeded in ${seeded}; largest tables and indexes (MB): ` +
      Object.entries(run.world.sizes)
        .map(([name, mb]) => `${name} ${mb}`)
        .join(", "),
  );
  printTable(
    `${title}: ms per search() call (spaces, people, messages, files), ${run.rows[0]?.runs ?? 0} calls each after 2 to warm up; messages and files found on the first page (30, + when there are more)`,
    ["query", "typed", "actor", "sort", "messages", "files", "p50", "p95", "max", "≤ 50 ms"],
    run.rows.map((row) => [
      row.query,
      row.text,
      row.actor,
      row.sort,
      row.messages,
      row.files,
      fixed(row.p50),
      fixed(row.p95),
      fixed(row.max),
      row.p95 !== null && row.p95 <= 50 ? "yes" : "no",
    ]),
  );
  const worst = run.rows.reduce((a, b) => ((b.p95 ?? 0) > (a.p95 ?? 0) ? b : a), run.rows[0]);
  console.log(
    `p95 at most 50 ms: ${run.rows.filter((row) => (row.p95 ?? Infinity) <= 50).length} of ${run.rows.length}; the slowest p95: ${worst ? `${fixed(worst.p95)} ms (${worst.query}, ${worst.actor}, ${worst.sort})` : "-"}`,
  );
  for (const { label, statements } of run.breakdown) {
    const each = statements.map(({ table, ms }) => `${table} ${fixed(ms)}`).join(", ");
    console.log(`One call of ${label}, ms per statement (the first table each reads): ${each}`);
  }
  for (const explained of [...run.explain, ...(run.slowest?.explain ?? [])]) {
    console.log(
      `\n${title}: EXPLAIN (ANALYZE, BUFFERS), ${explained.label}\n\n\`\`\`sql\n${explained.sql}\n\`\`\`\n\n\`\`\`\n${explained.plan}\n\`\`\``,
    );
  }
}

// --- The child: migrate, seed, and call the model. ---

type Captured = { sql: string; parameters: readonly unknown[]; ms: number | null };
let capturing: Captured[] | null = null;

/** Every query on its way to the database (pg's client or PGlite) and how long it took, while `capturing` is set. */
async function catchQueries() {
  const pg = (await import("pg")).default;
  const { PGlite } = await import("@electric-sql/pglite");
  for (const target of [pg.Client.prototype, PGlite.prototype] as Array<{ query: (...args: unknown[]) => unknown }>) {
    const original = target.query;
    target.query = function (this: unknown, ...args: unknown[]) {
      const caught: Captured | null =
        capturing && typeof args[0] === "string"
          ? { sql: args[0], parameters: Array.isArray(args[1]) ? [...args[1]] : [], ms: null }
          : null;
      if (caught) capturing!.push(caught);
      const began = performance.now();
      const result = original.apply(this, args);
      if (caught && result instanceof Promise)
        result.then(
          () => (caught.ms = performance.now() - began),
          () => {},
        );
      return result;
    };
  }
}

async function child() {
  const job = JSON.parse(process.env.BENCH_SEARCH_JOB!) as Job;
  await catchQueries();
  const { db, migrate, databaseEngine } = await import("~/services/db.server");
  const engine = databaseEngine();
  const { CompiledQuery } = await import("kysely");
  const { generateSearchWorld } = await import("./search-world");
  const { search } = await import("~/models/search.server");
  const { loadActor } = await import("~/models/actors.server");
  const start = performance.now();
  await migrate();
  console.log(`bench: search (${engine}): seeding ${job.size.messages.toLocaleString("en")} messages`);
  const world = await generateSearchWorld(db, job.size, { parallel: job.parallel });
  console.log(`bench: search (${engine}): seeded in ${((performance.now() - start) / 1000).toFixed(1)} s`);
  const actors = [
    { name: "owner (5,000 spaces)", actor: await loadActor(world.ownerId) },
    { name: `client (${world.clientSpaces} spaces)`, actor: await loadActor(world.clientUserId) },
  ];

  type Sort = (typeof SORTS)[number];
  const call = (actor: NonNullable<(typeof actors)[number]["actor"]>, text: string, sort: Sort) =>
    search(actor, text, { sort, timeZone: TIME_ZONE });
  const shown = (page: { hits: unknown[]; hasMore: boolean }) => `${page.hits.length}${page.hasMore ? "+" : ""}`;

  const rows: Row[] = [];
  for (const query of searchQueries()) {
    for (const { name: actorName, actor } of actors) {
      if (!actor) throw new Error(`bench: search: no actor ${actorName}`);
      for (const sort of SORTS) {
        const first = await call(actor, query.text, sort);
        await call(actor, query.text, sort);
        const times: number[] = [];
        for (let index = 0; index < job.runs; index++) {
          const began = performance.now();
          await call(actor, query.text, sort);
          times.push(performance.now() - began);
        }
        times.sort((a, b) => a - b);
        rows.push({
          query: query.name,
          text: query.text,
          actor: actorName,
          sort,
          messages: shown(first.messages),
          files: shown(first.files),
          p50: percentile(times, 0.5),
          p95: percentile(times, 0.95),
          max: times.at(-1) ?? null,
          runs: times.length,
        });
      }
    }
    console.log(`bench: search (${engine}): ${query.name} done`);
  }

  const breakdown: Breakdown[] = [];
  /** The model's queries of the words (message_words) in one call, each explained as it ran; and where the call's time went. */
  const explainCall = async (actor: NonNullable<(typeof actors)[number]["actor"]>, text: string, sort: Sort) => {
    capturing = [];
    await call(actor, text, sort);
    const all = capturing;
    capturing = null;
    breakdown.push({
      label: `search(${actors.find((a) => a.actor === actor)?.name}, ${JSON.stringify(text)}, ${sort})`,
      statements: all.map((query) => ({
        // The words' statements begin with the actor's chats (`with visible as (select … from spaces …)`).
        table: /message_words/.test(query.sql)
          ? "message_words"
          : (/from "(\w+)"/.exec(query.sql)?.[1] ?? query.sql.slice(0, 30)),
        ms: query.ms,
      })),
    });
    const caught = all.filter((query) => /message_words/.test(query.sql));
    const explained: Explained[] = [];
    for (const [index, query] of caught.entries()) {
      const result = await db.executeQuery<Record<string, string>>(
        CompiledQuery.raw(`explain (analyze, buffers) ${query.sql}`, [...query.parameters]),
      );
      explained.push({
        label: `the ${index === 0 ? "messages" : index === 1 ? "files" : `${index + 1}th`} query of search(${actors.find((a) => a.actor === actor)?.name}, ${JSON.stringify(text)}, ${sort})`,
        sql: `${query.sql}\n-- parameters: ${JSON.stringify(query.parameters)}`,
        plan: result.rows.map((row) => Object.values(row)[0]).join("\n"),
      });
    }
    return explained;
  };
  const [owner, client] = [actors[0].actor!, actors[1].actor!];
  const common = searchQueries()[0].text;
  const explain = [
    ...(await explainCall(owner, common, "best")),
    ...(await explainCall(owner, common, "newest")),
    ...(await explainCall(client, common, "best")),
  ];
  const worst = rows.reduce((a, b) => ((b.p95 ?? 0) > (a.p95 ?? 0) ? b : a));
  const slowestIsExplained = worst.text === common && worst.actor === actors[0].name;
  const slowest = slowestIsExplained
    ? null
    : {
        label: `${worst.query}, ${worst.actor}, ${worst.sort}`,
        explain: await explainCall(actors.find((a) => a.name === worst.actor)!.actor!, worst.text, worst.sort as Sort),
      };
  const result: SearchRun = { engine, size: job.size, world, rows, explain, slowest, breakdown };
  await db.destroy();
  await new Promise<void>((resolve, reject) =>
    process.send!(result, (error: Error | null) => (error ? reject(error) : resolve())),
  );
}

if (process.argv[1] === url.fileURLToPath(import.meta.url)) {
  await child();
  process.exit(0);
}
