/*
 * npm run bench -- [--quick] [--scenario chat|pages|weight|lighthouse|storm|capacity|search]... [--profile] [--build] [--rates 800,1200] [--page /spaces]
 *   [--without-search-index]
 *
 * --without-search-index runs each chat rate a third time, interleaved, on the app with the
 * trigger that indexes each message's words (migration 0027) disabled: what the index costs a send.
 *
 * Measures the production build (build/server.js; built first when missing, or with
 * --build) on the Postgres server at BENCH_POSTGRES_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres), in a fresh database it seeds and drops.
 * Load comes from other processes (bench/socket-load.ts, bench/http-load.ts with autocannon); each
 * scenario measures its baseline (bench/bare-server.ts, or a floor route of the app) in
 * the same run, interleaved, so that the ratio holds on a noisy machine. Writes
 * bench/results/latest.json and prints tables. It measures: it fails on nothing but a
 * broken setup. --profile runs the server under `node --cpu-prof` and prints where its
 * time went. docs/performance.md says what each figure means. The search scenario
 * (bench/search.ts) needs neither the build nor the servers: it seeds a world of its own, in
 * a database of its own, and calls the model.
 */
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import zlib from "node:zlib";
import { sql } from "kysely";
import type { LoadPerson } from "./socket-load";
import type { HttpJob, HttpResult } from "./http-load";
import { CHAT_MESSAGES, seedBenchWorld, type PagesWorld } from "./world";
import { closeGroup, connect, deliveryStep, loadGroup, type LoadGroup } from "./delivery";
import { CAPACITY, CAPACITY_SPACE_SIZE, capacityScenario } from "./capacity";
import { STORM, stormScenario } from "./storm";
import { searchScenario } from "./search";
import { lighthousePages, lighthouseScenario } from "./lighthouse";
import { ask, children, fixed, forkLoad, kill, percentile, printTable, stop, watchExit } from "./support";

type DeliveryStep = Awaited<ReturnType<typeof deliveryStep>>;

const SCENARIOS = ["chat", "pages", "weight", "lighthouse", "storm", "capacity", "search"] as const;
type Scenario = (typeof SCENARIOS)[number];
const { values: flags } = parseArgs({
  options: {
    quick: { type: "boolean", default: process.env.npm_config_quick === "true" },
    scenario: { type: "string", multiple: true },
    profile: { type: "boolean", default: false },
    build: { type: "boolean", default: false },
    // The chat's rates instead of the sweep's, e.g. --rates 800,1200 (to profile one step).
    rates: { type: "string" },
    // Only these pages besides the baselines, e.g. --page /spaces (to profile one page).
    page: { type: "string", multiple: true },
    // Each chat rate also on the app without its messages' search index (the trigger that keeps message_words).
    "without-search-index": { type: "boolean", default: false },
  },
});
const chosen = (flags.scenario ?? [...SCENARIOS]) as Scenario[];
for (const name of chosen)
  if (!SCENARIOS.includes(name)) throw new Error(`No scenario ${name}: ${SCENARIOS.join(", ")}`);
const QUICK = flags.quick;
// Every scenario but the search's measures the app's build, served.
const NEEDS_APP = chosen.some((name) => name !== "search");
const CONFIG = QUICK
  ? {
      clients: 200,
      spaces: 20,
      rates: [25, 50, 100],
      stepMs: 4_000,
      drainMs: 1_500,
      httpMs: 3_000,
      pageRounds: 1,
      warmupMs: 500,
    }
  : {
      clients: 1_000,
      spaces: 50,
      // Up to past the bare server's knee on two cores (about 2,400/s), so the highest rate within 100 ms shows.
      rates: [25, 50, 100, 200, 400, 600, 800, 1_200, 1_600, 2_400],
      stepMs: 10_000,
      drainMs: 3_000,
      httpMs: 10_000,
      // Each page's 10 s in rounds, every page once a round: see pagesScenario.
      pageRounds: 3,
      warmupMs: 1_000,
    };
if (flags.rates) CONFIG.rates = flags.rates.split(",").map(Number);
const LOAD_PROCESSES = 2;
const HTTP_CONNECTIONS = 10;
const RESULTS = path.resolve("bench/results");

// --- The database, the environment the app and this script share, and clean-up. ---
const cleanups: Array<() => Promise<void> | void> = [];
let cleaning: Promise<void> | undefined;
const cleanUp = () =>
  (cleaning ??= (async () => {
    for (const child of children) await stop(child);
    for (const step of cleanups.reverse()) {
      try {
        await step();
      } catch (error) {
        console.error("bench: clean-up:", error instanceof Error ? error.message : error);
      }
    }
  })());
process.on("SIGINT", () => void cleanUp().finally(() => process.exit(130)));
process.on("SIGTERM", () => void cleanUp().finally(() => process.exit(143)));

if (NEEDS_APP && (flags.build || !fs.existsSync("build/server.js"))) {
  console.log("bench: building (npm run build)");
  execFileSync(process.execPath, ["scripts/build.mjs"], { stdio: "inherit" });
}

const { adminQuery, databaseUrl, dropDatabase, throwawayName } = await import("#tests/support/postgres-admin");
// No app module before the environment below is set: the database handle reads DATABASE_URL once.
const { freePort, startProcess } = await import("#tests/support/processes");
const adminUrl = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const databaseName = throwawayName("bench");
await adminQuery(adminUrl, `create database ${databaseName}`);
cleanups.push(() => dropDatabase(adminUrl, databaseName));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-"));
cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const appPort = await freePort();
const appOrigin = `http://127.0.0.1:${appPort}`;
Object.assign(process.env, {
  NODE_ENV: "production",
  DATABASE_URL: databaseUrl(adminUrl, databaseName),
  DATA_DIR: dataDir,
  SESSION_SECRET: crypto.randomBytes(32).toString("hex"),
  APP_URL: appOrigin,
  // Every socket client comes from an address of its own behind one proxy hop, as on Fly.
  TRUST_PROXY_HOPS: "1",
});
delete process.env.RESEND_API_KEY;
delete process.env.S3_BUCKET;

try {
  await main();
} finally {
  await cleanUp();
}

async function main() {
  const results: Record<string, unknown> = {
    date: new Date().toISOString(),
    quick: QUICK,
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version, loadBefore: os.loadavg() },
    config: { ...CONFIG, loadProcesses: LOAD_PROCESSES, httpConnections: HTTP_CONNECTIONS },
  };
  if (NEEDS_APP) await appScenarios(results);
  if (chosen.includes("search")) results.search = await searchScenario({ adminUrl, quick: QUICK, cleanups });
  (results.machine as Record<string, unknown>).loadAfter = os.loadavg();
  fs.mkdirSync(RESULTS, { recursive: true });
  fs.writeFileSync(path.join(RESULTS, "latest.json"), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nbench: written to bench/results/latest.json`);
}

/** The scenarios of the app's build, served: its world seeded, the app and the baseline started. */
async function appScenarios(results: Record<string, unknown>) {
  // --- Seed: the chat's agency and, for the pages, a space with 200 messages. ---
  const seedStart = performance.now();
  const { db } = await import("~/services/db.server");
  cleanups.push(() => db.destroy());
  const { world, ...pagesWorld } = await seedBenchWorld(CONFIG);
  const capacity = QUICK ? CAPACITY.quick : CAPACITY.full;
  const capacityClients = capacity.steps.at(-1)!;
  const { seedChatWorld } = await import("#tests/support/chat-world");
  // The capacity ramp's own agency, many more clients in spaces of the chat's full run's size.
  const capacityWorld = chosen.includes("capacity")
    ? await seedChatWorld({ clients: capacityClients, spaces: capacityClients / CAPACITY_SPACE_SIZE })
    : null;
  console.log(
    `bench: database ${databaseName} seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s: ` +
      `${CONFIG.clients} clients with sessions in ${CONFIG.spaces} spaces, ${CHAT_MESSAGES} messages in one` +
      (capacityWorld
        ? `; for the capacity ramp, ${capacityClients} more in ${capacityWorld.spaces.length} spaces`
        : ""),
  );

  // --- The app (production build) and the bare baseline, each in its own process. ---
  const profileDir = path.join(RESULTS, "profile");
  if (flags.profile) fs.rmSync(profileDir, { recursive: true, force: true });
  const startApp = async () => {
    const child = await startProcess(
      [...(flags.profile ? ["--cpu-prof", "--cpu-prof-dir", profileDir] : []), "build/server.js"],
      { env: { ...process.env, PORT: String(appPort) }, ready: "ready on" },
    );
    children.push(child);
    watchExit(child, "the app");
    return child;
  };
  const barePort = await freePort();
  const bareOrigin = `http://127.0.0.1:${barePort}`;
  const startBare = async () => {
    const child = await startProcess(["--import", "tsx", "bench/bare-server.ts"], {
      env: { ...process.env, PORT: String(barePort) },
      ready: "ready",
    });
    children.push(child);
    watchExit(child, "the baseline server");
    return child;
  };
  let app = await startApp();
  let bare = await startBare();
  console.log(`bench: app (build/server.js) on ${appOrigin}, baseline (bench/bare-server.ts) on ${bareOrigin}`);

  if (chosen.includes("chat")) results.chat = await chatScenario(appOrigin, bareOrigin, world.people);
  if (chosen.includes("pages")) {
    results.pages = await pagesScenario("Pages on the Postgres server", pageTargets(appOrigin, bareOrigin, pagesWorld));
    results.pagesPglite = await pagesOnPglite(bareOrigin);
  }
  if (chosen.includes("weight")) {
    results.markup = await markupScenario([
      {
        name: "a chat of every kind (20 messages)",
        url: `${appOrigin}/spaces/${pagesWorld.kindsSpaceId}`,
        cookie: pagesWorld.ownerCookie,
      },
      {
        name: `the chat of ${CHAT_MESSAGES} texts (its latest page)`,
        url: `${appOrigin}/spaces/${pagesWorld.chatSpaceId}`,
        cookie: pagesWorld.ownerCookie,
      },
    ]);
    results.weight = await weightScenario([
      { name: "/ (landing)", url: `${appOrigin}/` },
      { name: "/login", url: `${appOrigin}/login` },
      { name: "/spaces", url: `${appOrigin}/spaces`, cookie: pagesWorld.ownerCookie },
      {
        name: "/spaces/{id} (chat)",
        url: `${appOrigin}/spaces/${pagesWorld.chatSpaceId}`,
        cookie: pagesWorld.ownerCookie,
      },
    ]);
  }
  if (chosen.includes("lighthouse")) {
    const pages = lighthousePages(pagesWorld).filter(
      (page) => !flags.page || flags.page.includes(page.name.split(" ")[0]),
    );
    results.lighthouse = await lighthouseScenario(appOrigin, pages);
  }
  if (chosen.includes("storm")) {
    // Each client's page was rendered with its space's latest change, as a browser's would be.
    const spaces = await db.selectFrom("spaces").select(["id", "last_seq"]).execute();
    const lastSeq = new Map(spaces.map((space) => [space.id, Number(space.last_seq)]));
    results.storm = await stormScenario({
      config: QUICK ? STORM.quick : STORM.full,
      people: world.people.map((person) => ({ ...person, lastSeq: lastSeq.get(person.spaceId)! })),
      origin: appOrigin,
      killApp: () => kill(app, "SIGKILL"),
      startApp: async () => (app = await startApp()),
    });
  }
  if (chosen.includes("capacity")) {
    // Fresh processes, so that each one's memory grows from the same start.
    await Promise.all([stop(app), stop(bare)]);
    [app, bare] = await Promise.all([startApp(), startBare()]);
    results.capacity = await capacityScenario({
      config: capacity,
      people: capacityWorld!.people,
      appOrigin,
      bareOrigin,
      app,
      bare,
    });
  }
  if (app.exitCode !== null || app.signalCode !== null) throw new Error("the app ended during the run (see above)");
  const peakRss = Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${app.pid}/status`, "utf8"))?.[1] ?? 0);
  results.appPeakRssMb = Math.round(peakRss / 1024);
  await stop(app);
  await stop(bare);
  console.log(`\nbench: app peak RSS ${results.appPeakRssMb} MB`);
  if (flags.profile) {
    const { printSummary } = await import("./cpu-profile");
    for (const file of fs.readdirSync(profileDir)) printSummary(path.join(profileDir, file));
  }
}

// --- Scenario 1: chat delivery. ---
async function chatScenario(appOrigin: string, bareOrigin: string, people: Array<LoadPerson & { cookie: string }>) {
  console.log(`bench: chat: connecting ${people.length} sockets to the app and ${people.length} to the baseline`);
  const appGroup = await connectAll(appOrigin, people);
  const bareGroup = await connectAll(
    bareOrigin,
    people.map(({ spaceId }) => ({ spaceId })),
  );
  const steps: Array<{ rate: number; app: DeliveryStep; baseline: DeliveryStep; unindexed?: DeliveryStep }> = [];
  const step = { stepMs: CONFIG.stepMs, drainMs: CONFIG.drainMs };
  const { db } = await import("~/services/db.server");
  const searchIndex = (on: boolean) =>
    sql`alter table space_messages ${sql.raw(on ? "enable" : "disable")} trigger space_messages_keep_words`.execute(db);
  for (const rate of CONFIG.rates) {
    // Interleaved: each rate on the app, then on the baseline, so a busy spell of the machine hits both.
    let unindexed: DeliveryStep | undefined;
    const withoutIndex = async () => {
      await searchIndex(false);
      unindexed = await deliveryStep(appGroup, { rate, ...step });
      await searchIndex(true);
    };
    // Without the index first at every other rate, so that neither always follows the baseline.
    const first = flags["without-search-index"] && steps.length % 2 === 1;
    if (first) await withoutIndex();
    const app = await deliveryStep(appGroup, { rate, ...step });
    if (flags["without-search-index"] && !first) await withoutIndex();
    const baseline = await deliveryStep(bareGroup, { rate, ...step });
    steps.push({ rate, app, baseline, unindexed });
    const ms = (value: number | null) => (value === null ? "-" : value.toFixed(1));
    console.log(
      `bench: chat ${rate}/s: app p50 ${ms(app.p50)} p99 ${ms(app.p99)} ms, lost ${app.lost}; baseline p50 ${ms(baseline.p50)} p99 ${ms(baseline.p99)} ms, lost ${baseline.lost}`,
    );
  }
  await Promise.all([closeGroup(appGroup), closeGroup(bareGroup)]);
  const ratio = (a: number | null, b: number | null) => (a !== null && b ? a / b : null);
  printTable(
    `Chat delivery: ${people.length} clients in ${CONFIG.spaces} spaces (${people.length / CONFIG.spaces} per space), ${CONFIG.stepMs / 1000} s per rate; ms from the sender's emit until every other member has it`,
    ["msgs/s", "system", "sent", "p50", "p95", "p99", "max", "ack p50", "deliv/s", "lost", "p50 ×", "p99 ×"],
    steps.flatMap(({ rate, app, baseline, unindexed }) =>
      [["app", app], ...(unindexed ? [["no index", unindexed]] : []), ["baseline", baseline]].map(([name, step]) => {
        const s = step as typeof app;
        return [
          String(rate),
          name as string,
          String(s.sent),
          fixed(s.p50),
          fixed(s.p95),
          fixed(s.p99),
          fixed(s.max),
          fixed(s.ackP50),
          String(s.deliveriesPerSecond),
          String(s.lost),
          name === "baseline" ? "" : fixed(ratio(s.p50, baseline.p50)),
          name === "baseline" ? "" : fixed(ratio(s.p99, baseline.p99)),
        ];
      }),
    ),
  );
  // The target's figure: the highest rate each delivers with p95 within 100 ms and nothing lost.
  const highest = (system: "app" | "baseline" | "unindexed") =>
    Math.max(
      0,
      ...steps
        .filter((step) => {
          const measured = step[system];
          return measured !== undefined && measured.lost === 0 && (measured.p95 ?? Infinity) <= 100;
        })
        .map((step) => step.rate),
    );
  const within = {
    app: highest("app"),
    baseline: highest("baseline"),
    ...(flags["without-search-index"] ? { unindexed: highest("unindexed") } : {}),
  };
  console.log(
    `Highest rate with p95 ≤ 100 ms and nothing lost: app ${within.app}/s, baseline ${within.baseline}/s` +
      (within.baseline ? ` (app/baseline ${(within.app / within.baseline).toFixed(2)})` : "") +
      (within.unindexed !== undefined ? `; the app without the search index ${within.unindexed}/s` : ""),
  );
  return { clients: people.length, spaces: CONFIG.spaces, steps, highestRateWithin100ms: within };
}

/** Every one of them connected, or the setup is broken. */
async function connectAll(origin: string, people: LoadPerson[]): Promise<LoadGroup> {
  const group = loadGroup(LOAD_PROCESSES);
  const refused = await connect(group, origin, people);
  if (refused.length) throw new Error(`${refused.length} sockets refused: ${refused[0]}`);
  return group;
}

// --- Scenario 2: pages. ---
type PageTarget = { name: string; url: string; cookie?: string; baseline?: boolean };

function pageTargets(appOrigin: string, bareOrigin: string, world: PagesWorld): PageTarget[] {
  return [
    { name: "bare Express route (limit)", url: `${bareOrigin}/bare`, baseline: true },
    { name: "/healthz (middleware floor)", url: `${appOrigin}/healthz`, baseline: true },
    { name: "/terms (Remix floor)", url: `${appOrigin}/terms`, baseline: true },
    { name: "/login", url: `${appOrigin}/login` },
    { name: "/dashboard", url: `${appOrigin}/dashboard`, cookie: world.ownerCookie },
    { name: "/spaces", url: `${appOrigin}/spaces`, cookie: world.ownerCookie },
    { name: "/spaces/{id} (empty)", url: `${appOrigin}/spaces/${world.emptySpaceId}`, cookie: world.ownerCookie },
    { name: "/spaces/{id} (200 msgs)", url: `${appOrigin}/spaces/${world.chatSpaceId}`, cookie: world.ownerCookie },
    { name: "/client/chat/{id}", url: `${appOrigin}/client/chat/${world.chatSpaceId}`, cookie: world.chatClientCookie },
  ].filter((target) => target.baseline || !flags.page || flags.page.includes(target.name.split(" ")[0]));
}

/** The same pages on PGlite (the default without DATABASE_URL): a world seeded in a child process, then an app of its own. */
async function pagesOnPglite(bareOrigin: string) {
  const pgliteDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-pglite-"));
  cleanups.push(() => fs.rmSync(pgliteDir, { recursive: true, force: true }));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: pgliteDir,
    BENCH_CLIENTS: String(CONFIG.clients),
    BENCH_SPACES: String(CONFIG.spaces),
  };
  delete env.DATABASE_URL;
  console.log("bench: pages on PGlite: seeding the same world");
  const seeded = execFileSync(process.execPath, ["--import", "tsx", "bench/world.ts"], { env, encoding: "utf8" });
  const world = JSON.parse(seeded.trim().split("\n").at(-1)!) as PagesWorld;
  const port = await freePort();
  const app = await startProcess(["build/server.js"], { env: { ...env, PORT: String(port) }, ready: "ready on" });
  children.push(app);
  try {
    return await pagesScenario(
      "Pages on PGlite (embedded)",
      pageTargets(`http://127.0.0.1:${port}`, bareOrigin, world),
    );
  } finally {
    await stop(app);
  }
}

/**
 * Each page under load for `httpMs` in all, in `pageRounds` rounds that take every page in
 * turn, each page's share of the floor taken against the floor's rate of the same round.
 * This machine's speed drifts by a fifth within minutes (docs/performance.md), so a page
 * measured a minute after the floor was compared with another machine; and the floor,
 * measured first, ran on a process that had not warmed up yet. The table shows each
 * page's rate over all its rounds, its p99 as the median of its rounds', and its share of
 * the floor as the median of its rounds' shares, with each round's beside it.
 */
async function pagesScenario(title: string, targets: PageTarget[]) {
  const loader = forkLoad("bench/http-load.ts");
  const rounds: HttpResult[][] = [];
  for (let round = 0; round < CONFIG.pageRounds; round++) {
    const results: HttpResult[] = [];
    for (const target of targets) {
      const job: HttpJob = {
        url: target.url,
        cookie: target.cookie,
        connections: HTTP_CONNECTIONS,
        durationMs: CONFIG.httpMs / CONFIG.pageRounds,
        warmupMs: round === 0 ? CONFIG.warmupMs : 0,
      };
      const result = await ask<HttpResult>(loader, job);
      results.push(result);
      console.log(
        `bench: pages, round ${round + 1} of ${CONFIG.pageRounds}, ${target.name}: ` +
          `${result.perSecond.toFixed(0)} req/s, p99 ${result.p99.toFixed(1)} ms`,
      );
    }
    rounds.push(results);
  }
  loader.kill("SIGTERM");
  await stop(loader);
  const floorIndex = targets.findIndex((target) => target.name.startsWith("/terms"));
  const rows = targets.map((target, index) => {
    const own = rounds.map((results) => results[index]);
    const requests = own.reduce((sum, result) => sum + result.requests, 0);
    const statuses: Record<string, number> = {};
    for (const result of own) {
      for (const [status, count] of Object.entries(result.statuses)) statuses[status] = (statuses[status] ?? 0) + count;
    }
    const ofRound = (other: number) => own.map((result, round) => result.perSecond / rounds[round][other].perSecond);
    return {
      ...target,
      requests,
      perSecond: requests / (CONFIG.httpMs / 1000),
      p50: median(own.map((result) => result.p50)),
      p99: median(own.map((result) => result.p99)),
      max: Math.max(...own.map((result) => result.max)),
      statuses,
      bytes: own.reduce((sum, result) => sum + result.bytes, 0),
      ofFloorRounds: ofRound(floorIndex),
      ofFloor: median(ofRound(floorIndex)),
      ofLimit: median(ofRound(0)),
    };
  });
  printTable(
    `${title}: ${HTTP_CONNECTIONS} connections, ${CONFIG.httpMs / 1000} s each in ${CONFIG.pageRounds} round(s) ` +
      `after ${CONFIG.warmupMs / 1000} s warm-up, gzip asked for; of floor: the median of the rounds'`,
    ["route", "req/s", "p50 ms", "p99 ms", "statuses", "KB/resp", "of floor", "each round", "of limit"],
    rows.map((row) => [
      row.name,
      row.perSecond.toFixed(0),
      row.p50.toFixed(1),
      row.p99.toFixed(1),
      Object.entries(row.statuses)
        .map(([status, count]) => `${status}×${count}`)
        .join(" "),
      (row.bytes / Math.max(1, row.requests) / 1024).toFixed(1),
      row.ofFloor.toFixed(2),
      row.ofFloorRounds.map((share) => share.toFixed(2)).join(" "),
      row.ofLimit.toFixed(3),
    ]),
  );
  // As results/latest.json keeps them: a path, not the URL and its session cookie.
  return rows.map(({ url, cookie: _cookie, bytes, ...row }) => ({
    ...row,
    path: new URL(url).pathname,
    baseline: Boolean(row.baseline),
    bytesPerResponse: bytes / Math.max(1, row.requests),
  }));
}

/** The middle of the rounds' figures (the higher of the two middle ones of an even count). */
function median(values: number[]) {
  return percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  )!;
}

// --- Scenario 3: page weight, and a message's markup. ---

/**
 * A chat message's markup as the owner's chat page serves it: its HTML's bytes and its
 * elements, from `<li id="message-…">` to the next message or the list's end (issue 41).
 */
async function markupScenario(pages: PageTarget[]) {
  const rows = [];
  for (const page of pages) {
    const response = await fetch(page.url, { headers: { cookie: page.cookie! }, redirect: "manual" });
    if (response.status !== 200) throw new Error(`${page.name} answered ${response.status}`);
    const html = await response.text();
    const items = [...html.matchAll(/<li id="message-[\s\S]*?(?=<li id="message-|<\/ol>)/g)].map((match) => match[0]);
    const bytes = items.reduce((sum, item) => sum + Buffer.byteLength(item), 0);
    const elements = items.reduce((sum, item) => sum + (item.match(/<[a-z]/gi)?.length ?? 0), 0);
    rows.push({
      name: page.name,
      messages: items.length,
      bytesPerMessage: Math.round(bytes / items.length),
      elementsPerMessage: Number((elements / items.length).toFixed(1)),
      pageKb: Number((Buffer.byteLength(html) / 1024).toFixed(1)),
      pageElements: html.match(/<[a-z]/gi)?.length ?? 0,
    });
  }
  printTable(
    "A message's markup (the owner's chat page as served): HTML bytes and elements a message",
    ["chat", "messages", "bytes a message", "elements a message", "page KB", "page elements"],
    rows.map((row) => [
      row.name,
      String(row.messages),
      String(row.bytesPerMessage),
      String(row.elementsPerMessage),
      String(row.pageKb),
      String(row.pageElements),
    ]),
  );
  return rows;
}

async function weightScenario(pages: PageTarget[]) {
  const assets = new Map<string, { raw: number; gzip: number; served: number }>();
  const rows = [];
  for (const page of pages) {
    const response = await fetch(page.url, { headers: page.cookie ? { cookie: page.cookie } : {}, redirect: "manual" });
    if (response.status !== 200)
      throw new Error(`${page.name} answered ${response.status} ${response.headers.get("location") ?? ""}`);
    const html = await response.text();
    // What the browser fetches: the modulepreload and stylesheet links, and the inline module's imports. Not every
    // path the HTML holds: its inline route manifest also names routes one may go to (lazy route discovery).
    const fetched = [
      ...html.matchAll(/<link rel="(?:modulepreload|stylesheet)" href="(\/build\/[^"]+)"/g),
      ...html.matchAll(/import(?: \* as \w+ from |\()"(\/build\/[^"]+\.js)"/g),
    ];
    const urls = [...new Set(fetched.map((match) => match[1]))];
    const row = {
      name: page.name,
      path: new URL(page.url).pathname,
      jsFiles: 0,
      jsRaw: 0,
      jsGzip: 0,
      cssFiles: 0,
      cssRaw: 0,
      cssGzip: 0,
      // What the server sends a browser that accepts brotli: the files scripts/build.mjs compressed.
      served: 0,
      htmlGzip: zlib.gzipSync(html).length,
    };
    for (const assetPath of urls) {
      let size = assets.get(assetPath);
      if (!size) {
        const body = Buffer.from(await (await fetch(new URL(assetPath, page.url))).arrayBuffer());
        size = {
          raw: body.length,
          gzip: zlib.gzipSync(body, { level: 9 }).length,
          served: await servedBytes(new URL(assetPath, page.url)),
        };
        assets.set(assetPath, size);
      }
      row.served += size.served;
      if (assetPath.endsWith(".css")) {
        row.cssFiles++;
        row.cssRaw += size.raw;
        row.cssGzip += size.gzip;
      } else {
        row.jsFiles++;
        row.jsRaw += size.raw;
        row.jsGzip += size.gzip;
      }
    }
    rows.push(row);
  }
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  printTable(
    "Page weight: a first visit's JS and CSS (files the HTML names), gzip -9 per file, and as served, KB",
    ["page", "JS files", "JS gzip", "JS raw", "CSS gzip", "CSS raw", "HTML gzip", "total gzip", "JS+CSS served"],
    rows.map((row) => [
      row.name,
      String(row.jsFiles),
      kb(row.jsGzip),
      kb(row.jsRaw),
      kb(row.cssGzip),
      kb(row.cssRaw),
      kb(row.htmlGzip),
      kb(row.jsGzip + row.cssGzip + row.htmlGzip),
      kb(row.served),
    ]),
  );
  return rows;
}

/** The bytes the server sends for a file to a browser that accepts brotli and gzip (fetch would decode them). */
function servedBytes(url: URL) {
  return new Promise<number>((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "br, gzip" } }, (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => (bytes += chunk.length));
        response.on("end", () => resolve(bytes));
      })
      .on("error", reject);
  });
}
