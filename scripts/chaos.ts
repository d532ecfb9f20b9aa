/*
 * npm run chaos -- [--clients 300] [--spaces 30] [--rate 50] [--instances 2] [--down 3000] [--mode stop|terminate]
 *
 * Restarts Postgres under a live chat and prints what happened. It starts a throwaway
 * Postgres server of its own (initdb in a temporary folder, a free port; as the
 * `postgres` user when run as root), never a server you already run. App instances are
 * processes (tests/support/realtime-server.ts, the app's realtime stack without pages);
 * every client is the browser's live chat (app/components/chat/live-chat.ts) over a real socket.
 *
 * --mode stop: `pg_ctl stop -m fast`, down for --down ms, `pg_ctl start`.
 * --mode terminate: every backend of the app's database terminated, every 200 ms for --down ms.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { createClient as createPgClient } from "#db/connect";
import type { SpaceChange } from "~/shared/protocol";
import type { OutboxMessage } from "~/components/chat/live-chat";

const { values: flags } = parseArgs({
  options: {
    clients: { type: "string", default: "300" },
    spaces: { type: "string", default: "30" },
    rate: { type: "string", default: "50" },
    instances: { type: "string", default: "2" },
    down: { type: "string", default: "3000" },
    mode: { type: "string", default: "stop" },
  },
});
const CLIENTS = Number(flags.clients);
const SPACES = Number(flags.spaces);
const RATE = Number(flags.rate);
const INSTANCES = Number(flags.instances);
const DOWN_MS = Number(flags.down);
const MODE = flags.mode === "terminate" ? "terminate" : "stop";
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// A throwaway Postgres server.
const root = process.getuid?.() === 0;
const version = fs.readdirSync("/usr/lib/postgresql").sort().at(-1);
const bin = (name: string) =>
  process.env.PG_BIN ? path.join(process.env.PG_BIN, name) : `/usr/lib/postgresql/${version}/bin/${name}`;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "chaos-"));
const pgData = path.join(work, "pg");
if (root) execFileSync("chown", ["postgres", work]);
const asPostgres = (command: string, args: string[]) =>
  root
    ? execFileSync("runuser", ["-u", "postgres", "--", command, ...args], { stdio: "pipe" })
    : execFileSync(command, args, { stdio: "pipe" });
const pgPort = 20_000 + Math.floor(Math.random() * 20_000);
const pgCtl = (...args: string[]) => asPostgres(bin("pg_ctl"), ["-D", pgData, "-w", ...args]);
asPostgres(bin("initdb"), ["-D", pgData, "-U", "postgres", "--auth=trust"]);
const startPostgres = () =>
  pgCtl("-o", `-p ${pgPort} -k ${work} -c max_connections=200`, "-l", path.join(work, "pg.log"), "start");
startPostgres();
// Whatever ends this script (a failure, Ctrl-C), its Postgres server and folder go with it.
process.on("exit", () => {
  try {
    pgCtl("-m", "immediate", "stop");
  } catch {
    // Already stopped.
  }
  fs.rmSync(work, { recursive: true, force: true });
});
process.on("SIGINT", () => process.exit(130));
const adminUrl = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;
const url = `postgres://postgres@127.0.0.1:${pgPort}/chaos`;
await sql(adminUrl, "create database chaos");
process.env.DATABASE_URL = url;
process.env.DATA_DIR = path.join(work, "data");

async function sql<Row extends object>(target: string, text: string): Promise<Row[]> {
  const client = createPgClient(target, "chaos admin");
  await client.connect();
  try {
    return (await client.query(text)).rows as Row[];
  } finally {
    await client.end();
  }
}

// Imported now: the app's database handle reads DATABASE_URL.
const { db, migrate } = await import("~/services/db.server");
const { seedChatWorld } = await import("#tests/support/chat-world");
const { connectClient, freePort, startServerProcess, stopServerProcess } = await import("#tests/support/sockets");
const { LiveChat } = await import("~/components/chat/live-chat");
const { MemoryStorage } = await import("#tests/support/sockets");

await migrate();
const world = await seedChatWorld({ clients: CLIENTS, spaces: SPACES });
const { spaces } = world;
console.log(
  `chaos: Postgres ${version} on port ${pgPort}; ${CLIENTS} clients in ${SPACES} spaces on ${INSTANCES} instance(s); ${RATE} messages/s; ${MODE} for ${DOWN_MS} ms`,
);

process.env.TRUST_PROXY_HOPS = "1";
const instances = [];
const origins: string[] = [];
for (let index = 0; index < INSTANCES; index++) {
  const port = await freePort();
  instances.push(await startServerProcess(port, { instances: index + 1 }));
  origins.push(`http://127.0.0.1:${port}`);
}

const clientIdOf = (change: SpaceChange) => String(change.payload.clientId);

type Person = {
  chat: InstanceType<typeof LiveChat>;
  spaceId: string;
  socket: Awaited<ReturnType<typeof connectClient>>;
  seen: Map<string, number>;
  liveAt: Map<string, number>;
};
const acknowledged = new Set<string>();
let firstAckAfter: number | null = null;
let heldAckedAfter: number | null = null;
let held = new Set<string>();
let backAt = Infinity;
async function joinPerson(index: number): Promise<Person> {
  const { spaceId, cookie, address } = world.people[index];
  // Each client from an address of its own, through the one proxy hop the instances trust (as on Fly).
  const socket = await connectClient(origins[index % INSTANCES], cookie, { reconnect: true, address });
  const person: Person = { spaceId, socket, seen: new Map(), liveAt: new Map(), chat: null! };
  socket.on("space:change", ({ change }: { change: SpaceChange }) => {
    if (change.kind === "message.created") person.liveAt.set(clientIdOf(change), performance.now());
  });
  person.chat = new LiveChat({
    socket,
    spaceId,
    lastSeq: 0,
    storage: new MemoryStorage(),
    onChange: (change) => {
      if (change.kind !== "message.created") return;
      person.seen.set(clientIdOf(change), (person.seen.get(clientIdOf(change)) ?? 0) + 1);
    },
    onReload: () => console.error("chaos: a client was asked to reload"),
    onOutboxChange: (outbox: OutboxMessage[]) => {
      for (const entry of outbox) {
        if (entry.status !== "sent" || acknowledged.has(entry.clientId)) continue;
        acknowledged.add(entry.clientId);
        if (firstAckAfter === null && performance.now() > backAt) firstAckAfter = performance.now() - backAt;
        if (held.delete(entry.clientId) && held.size === 0) heldAckedAfter = performance.now() - backAt;
      }
    },
  });
  person.chat.start();
  return person;
}
// Twenty at a time: one by one, a thousand clients take minutes to set up.
const people: Person[] = [];
for (let first = 0; first < CLIENTS; first += 20) {
  const batch = Array.from({ length: Math.min(20, CLIENTS - first) }, (_, offset) => joinPerson(first + offset));
  people.push(...(await Promise.all(batch)));
}
await Promise.all(people.map((person) => person.chat.sync()));

const sent: OutboxMessage[] = [];
let sending = true;
const load = (async () => {
  while (sending) {
    const person = people[Math.floor(Math.random() * people.length)];
    sent.push(person.chat.send(`load ${sent.length}`));
    await pause(1000 / RATE);
  }
})();

await pause(5_000);
const downAt = performance.now();
if (MODE === "stop") {
  pgCtl("-m", "fast", "stop");
  await pause(DOWN_MS);
  startPostgres();
} else {
  while (performance.now() - downAt < DOWN_MS) {
    await sql(adminUrl, "select pg_terminate_backend(pid) from pg_stat_activity where datname = 'chaos'");
    await pause(200);
  }
}
backAt = performance.now();
held = new Set(sent.filter((entry) => !acknowledged.has(entry.clientId)).map((entry) => entry.clientId));
const waitingAtRecovery = held.size;
await pause(10_000);
sending = false;
await load;

// Everyone caught up: every outbox empty and every member has every message of their space.
const deadline = Date.now() + 60_000;
let drainedAfter: number | null = null;
while (Date.now() < deadline) {
  if (sent.every((entry) => acknowledged.has(entry.clientId))) {
    drainedAfter ??= performance.now() - backAt;
    break;
  }
  await pause(100);
}
const stored = await db.selectFrom("space_messages").select(["client_id", "space_id"]).execute();
const timesStored = new Map<string, number>();
for (const row of stored) timesStored.set(row.client_id!, (timesStored.get(row.client_id!) ?? 0) + 1);
const lost = [...acknowledged].filter((clientId) => !timesStored.has(clientId)).length;
const doubled = [...timesStored.values()].filter((times) => times > 1).length;
let missing = 0;
let appliedTwice = 0;
await pause(3_000);
for (const person of people) {
  for (const row of stored) if (row.space_id === person.spaceId && !person.seen.has(row.client_id!)) missing++;
  for (const times of person.seen.values()) if (times > 1) appliedTwice++;
}

// One message per space, sent now at the load's rate, then all at once: how long until each other member's socket has it live.
async function probe(spacing: number) {
  const latencies: number[] = [];
  let expected = 0;
  const probes = [];
  for (const space of spaces) {
    const members = people.filter((person) => person.spaceId === space.id);
    expected += members.length - 1;
    probes.push({ members, startedAt: performance.now(), entry: members[0].chat.send("probe") });
    if (spacing) await pause(spacing);
  }
  await pause(5_000);
  let notLive = 0;
  for (const { members, startedAt, entry } of probes) {
    for (const member of members.slice(1)) {
      const at = member.liveAt.get(entry.clientId);
      if (at === undefined) notLive++;
      else latencies.push(at - startedAt);
    }
  }
  latencies.sort((a, b) => a - b);
  const percentile = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))];
  const figures = [percentile(50), percentile(95), latencies.at(-1)].map((value) => value?.toFixed(0)).join(" / ");
  return { delivered: `${latencies.length} of ${expected} (not live: ${notLive})`, figures, notLive };
}
const steady = await probe(1000 / RATE);
const burst = await probe(0);
const peakRss = instances.map((instance) => {
  const status = fs.readFileSync(`/proc/${instance.pid}/status`, "utf8");
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
});

const alive = instances.filter((instance) => instance.exitCode === null && instance.signalCode === null).length;
const ms = (value: number | null) => (value === null ? "never" : `${Math.round(value)} ms`);
console.log(`
chaos: ${MODE} Postgres for ${DOWN_MS} ms under ${CLIENTS} clients at ${RATE} messages/s, ${INSTANCES} instance(s)
  instances still running:                   ${alive} of ${INSTANCES}
  messages typed / acknowledged:             ${sent.length} / ${acknowledged.size}
  waiting in outboxes when Postgres was back: ${waitingAtRecovery}
  first acknowledgement after it was back:   ${ms(firstAckAfter)}
  all of those acknowledged after:           ${ms(heldAckedAfter)}
  every outbox empty after it was back:      ${ms(drainedAfter)} (load goes on for 10 s after)
  acknowledged but not stored (lost):        ${lost}
  stored more than once (duplicated):        ${doubled}
  deliveries missing after catch-up:         ${missing} (applied twice: ${appliedTwice})
  probe, one per space at ${RATE}/s, live:     ${steady.delivered}
    latency p50 / p95 / max:                 ${steady.figures} ms
  probe, one per space all at once, live:    ${burst.delivered}
    latency p50 / p95 / max:                 ${burst.figures} ms
  peak RSS per instance:                     ${peakRss.map((mb) => `${mb} MB`).join(", ")}
`);

for (const person of people) {
  person.chat.stop();
  person.socket.close();
}
await Promise.all(instances.map((instance) => stopServerProcess(instance)));
await db.destroy();
const allLive = steady.notLive === 0 && burst.notLive === 0;
process.exit(alive === INSTANCES && lost === 0 && doubled === 0 && missing === 0 && allLive ? 0 : 1);
