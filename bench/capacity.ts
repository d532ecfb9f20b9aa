/*
 * `npm run bench`'s capacity scenario: signed-in clients connect in steps, and at each step
 * 1% of them send a message a second (connected / 100 messages per second, from clients
 * picked at random), until delivery's p95 passes 500 ms, a message is lost or refused, a
 * handshake is refused, or the next step would come near the server's open-files limit
 * (`ulimit -n`: then the machine stops the ramp, not the app). Memory per socket is the
 * server's RSS growth over the ramp (idle sockets, between the first step and the memory
 * count), measured the same way on the bare baseline server, in processes freshly started.
 */
import type { ChildProcess } from "node:child_process";
import { closeGroup, connect, deliveryStep, loadGroup, type DeliveryStep } from "./delivery";
import type { LoadPerson } from "./socket-load";
import { fixed, openFilesLimit, pause, printTable, rssMb } from "./support";

export const CAPACITY = {
  quick: { steps: [250, 500, 1_000, 1_500, 2_000], memoryAt: 2_000, stepMs: 4_000, drainMs: 1_500, processes: 2 },
  full: {
    steps: [1_000, 2_500, 5_000, 7_500, 10_000, 12_500, 15_000, 17_500, 19_000],
    memoryAt: 5_000,
    stepMs: 8_000,
    drainMs: 2_000,
    processes: 4,
  },
};
/** Clients per space, as in the chat scenario's full run. */
export const CAPACITY_SPACE_SIZE = 20;
const P95_LIMIT_MS = 500;
const SENDERS_SHARE = 0.01;
// Room for the server's own files: the database pool, the adapter's connections, the build's files.
const FILES_HEADROOM = 0.95;
const SETTLE_MS = 1_000;

type Config = (typeof CAPACITY)["quick"];
type Row = DeliveryStep & { clients: number; refusedHandshakes: number; rssMb: number };

export async function capacityScenario({
  config,
  people,
  appOrigin,
  bareOrigin,
  app,
  bare,
}: {
  config: Config;
  people: LoadPerson[];
  appOrigin: string;
  bareOrigin: string;
  app: ChildProcess;
  bare: ChildProcess;
}) {
  const filesLimit = openFilesLimit(app.pid!);
  // Space by space, so that each step's clients fill whole spaces (the world deals them round-robin).
  const bySpace = [...people].sort((a, b) => a.spaceId.localeCompare(b.spaceId));
  const group = loadGroup(config.processes);
  const rows: Row[] = [];
  let stoppedBy = `the last step (${config.steps.at(-1)} clients)`;
  let reached = 0;
  let attempted = 0;
  for (const clients of config.steps) {
    if (clients > filesLimit * FILES_HEADROOM) {
      stoppedBy = `the machine: the server's open-files limit (ulimit -n ${filesLimit}) is near`;
      break;
    }
    const refused = await connect(group, appOrigin, bySpace.slice(attempted, clients));
    attempted = clients;
    await pause(SETTLE_MS);
    const rss = rssMb(app.pid!);
    const rate = Math.max(1, Math.round(group.connected * SENDERS_SHARE));
    const step = await deliveryStep(group, { rate, stepMs: config.stepMs, drainMs: config.drainMs });
    rows.push({ ...step, clients: group.connected, refusedHandshakes: refused.length, rssMb: rss });
    console.log(
      `bench: capacity ${group.connected} clients, ${rate} msgs/s: p95 ${fixed(step.p95)} ms, lost ${step.lost}, ` +
        `refused handshakes ${refused.length}, server RSS ${rss.toFixed(0)} MB`,
    );
    const failure = refused.length
      ? `${refused.length} handshakes refused (${refused[0]})`
      : step.lost
        ? `${step.lost} messages lost or refused`
        : step.p95 !== null && step.p95 > P95_LIMIT_MS
          ? `delivery p95 ${step.p95.toFixed(0)} ms > ${P95_LIMIT_MS} ms`
          : null;
    if (failure) {
      stoppedBy = failure;
      break;
    }
    reached = group.connected;
  }
  await closeGroup(group);

  const memoryAt = Math.min(config.memoryAt, rows.at(-1)?.clients ?? 0);
  const appMemory = perSocket(rows, memoryAt);
  const bareMemory = await bareMemoryPerSocket(bareOrigin, bare, bySpace, config, rows[0]?.clients ?? 0, memoryAt);
  printTable(
    `Capacity: signed-in clients in spaces of ${CAPACITY_SPACE_SIZE}, 1% of them sending once a second, ${config.stepMs / 1000} s per step; ms from the sender's emit until every other member has it`,
    ["clients", "msgs/s", "sent", "p50", "p95", "p99", "max", "lost", "refused conn", "server RSS MB"],
    rows.map((row) => [
      String(row.clients),
      String(row.rate),
      String(row.sent),
      fixed(row.p50),
      fixed(row.p95),
      fixed(row.p99),
      fixed(row.max),
      String(row.lost),
      String(row.refusedHandshakes),
      row.rssMb.toFixed(0),
    ]),
  );
  const kb = (value: number | null) => (value === null ? "-" : `${value.toFixed(1)} KB`);
  const ratio = appMemory !== null && bareMemory ? appMemory / bareMemory : null;
  console.log(
    `Reached ${reached} clients (p95 ≤ ${P95_LIMIT_MS} ms, nothing lost, no handshake refused); stopped by ${stoppedBy}.\n` +
      `Memory per idle socket (RSS growth from ${rows[0]?.clients ?? 0} to ${memoryAt} sockets): ` +
      `app ${kb(appMemory)}, bare ${kb(bareMemory)}, app/bare ${fixed(ratio)}`,
  );
  return {
    reached,
    stoppedBy,
    filesLimit,
    steps: rows,
    memory: { sockets: memoryAt, from: rows[0]?.clients ?? 0, appKb: appMemory, bareKb: bareMemory, ratio },
  };
}

/** KB per socket between the first step and `sockets`, from the idle RSS at each. */
function perSocket(rows: Array<{ clients: number; rssMb: number }>, sockets: number): number | null {
  const first = rows[0];
  const at = rows.find((row) => row.clients === sockets);
  if (!first || !at || at.clients === first.clients) return null;
  return ((at.rssMb - first.rssMb) * 1024) / (at.clients - first.clients);
}

/** The bare server with the same idle sockets, measured the same way. */
async function bareMemoryPerSocket(
  origin: string,
  bare: ChildProcess,
  people: LoadPerson[],
  config: Config,
  from: number,
  to: number,
): Promise<number | null> {
  if (!from || to <= from) return null;
  const group = loadGroup(config.processes);
  const rows = [];
  for (const count of [from, to]) {
    const refused = await connect(
      group,
      origin,
      people.slice(group.connected, count).map(({ spaceId }) => ({ spaceId })),
    );
    if (refused.length) throw new Error(`the bare server refused ${refused.length} sockets: ${refused[0]}`);
    await pause(SETTLE_MS);
    rows.push({ clients: group.connected, rssMb: rssMb(bare.pid!) });
  }
  await closeGroup(group);
  return perSocket(rows, to);
}
