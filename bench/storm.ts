/*
 * `npm run bench`'s reconnect storm: clients in their spaces, each the browser's live chat
 * (bench/storm-load.ts), send until the server is killed with SIGKILL; it is started again
 * 3 s later. Measured from the kill: when each client is connected again, and when it has
 * every message anyone had acknowledged (before the kill, or after it, from an outbox
 * sent again), through the chat's own replay (`chat:sync` on every reconnect). A message
 * acknowledged and never reaching a member is missed (must be 0).
 */
import type { ChildProcess } from "node:child_process";
import type { FromStorm, StormPerson, ToStorm } from "./storm-load";
import { ask, fixed, forkLoad, now, pause, percentile, printTable, stop } from "./support";

export const STORM = {
  quick: { rate: 20, sendMs: 3_000 },
  full: { rate: 50, sendMs: 5_000 },
};
const PROCESSES = 2;
const DOWN_MS = 3_000;
const TARGET_MS = 6_000;
// Past this, clients still out are reported as such: the figure, not a failure.
const SETTLE_DEADLINE_MS = 60_000;
// Once every client is back with its outbox empty, syncs still in flight finish.
const DRAIN_MS = 2_000;

type Answer<T extends FromStorm["type"]> = Extract<FromStorm, { type: T }>;

export async function stormScenario({
  config,
  people,
  origin,
  killApp,
  startApp,
}: {
  config: (typeof STORM)["quick"];
  people: StormPerson[];
  origin: string;
  killApp: () => void;
  startApp: () => Promise<unknown>;
}) {
  const processes: ChildProcess[] = Array.from({ length: PROCESSES }, () => forkLoad("bench/storm-load.ts"));
  const all = <T extends FromStorm["type"]>(message: ToStorm) =>
    Promise.all(processes.map((child) => ask<Answer<T>>(child, message)));
  const connected = await Promise.all(
    processes.map((child, index) =>
      ask<Answer<"connected">>(child, {
        type: "connect",
        origin,
        people: people.filter((_, at) => at % PROCESSES === index),
      } satisfies ToStorm),
    ),
  );
  const refused = connected.flatMap((answer) => answer.failed);
  if (refused.length) throw new Error(`storm: ${refused.length} clients refused: ${refused[0]}`);
  console.log(`bench: storm: ${people.length} clients connected; sending ${config.rate} msgs/s`);

  await all<"sending">({ type: "send", rate: config.rate / PROCESSES });
  await pause(config.sendMs);
  killApp();
  const killedAt = now();
  const sent = (await all<"halted">({ type: "halt", killedAt })).reduce((sum, answer) => sum + answer.sent, 0);
  await pause(killedAt + DOWN_MS - now());
  const spawnedAt = now();
  await startApp();
  const restartMs = now() - spawnedAt;
  console.log(
    `bench: storm: killed, started again after ${DOWN_MS / 1000} s, listening ${restartMs.toFixed(0)} ms later`,
  );
  const settled = (await all<"settled">({ type: "settle", deadline: killedAt + SETTLE_DEADLINE_MS })).every(
    (answer) => answer.settled,
  );
  await pause(DRAIN_MS);
  const reports = await all<"report">({ type: "report" });
  await Promise.all(processes.map((child) => stop(child)));

  // Every acknowledged message, by space: what each member of that space must end up with.
  const expected = new Map<string, Array<{ clientId: string; ackedAt: number }>>();
  for (const [clientId, spaceId, ackedAt] of reports.flatMap((report) => report.acked)) {
    expected.set(spaceId, [...(expected.get(spaceId) ?? []), { clientId, ackedAt }]);
  }
  const back: number[] = [];
  const caughtUp: number[] = [];
  let missed = 0;
  let notBack = 0;
  for (const client of reports.flatMap((report) => report.clients)) {
    const seen = new Map(client.seen);
    if (client.backAt === null) notBack++;
    else back.push(client.backAt - killedAt);
    let last = client.backAt ?? Infinity;
    for (const { clientId } of expected.get(client.spaceId) ?? []) {
      const at = seen.get(clientId);
      if (at === undefined) missed++;
      else last = Math.max(last, at);
    }
    caughtUp.push(last - killedAt);
  }
  back.sort((a, b) => a - b);
  caughtUp.sort((a, b) => a - b);
  const acked = [...expected.values()].flat();
  const result = {
    ...config,
    clients: people.length,
    sent,
    acknowledged: acked.length,
    acknowledgedAfterKill: acked.filter((message) => message.ackedAt > killedAt).length,
    unacknowledged: sent - acked.length,
    downMs: DOWN_MS,
    restartMs,
    backMs: { p50: percentile(back, 0.5), p95: percentile(back, 0.95), max: notBack ? null : (back.at(-1) ?? null) },
    caughtUpMs: {
      p50: percentile(caughtUp, 0.5),
      p95: percentile(caughtUp, 0.95),
      all: missed || notBack ? null : (caughtUp.at(-1) ?? null),
    },
    notBack,
    missed,
    settled,
    reconnectAttemptsPerClient: reports.reduce((sum, report) => sum + report.reconnectAttempts, 0) / people.length,
    reloads: reports.reduce((sum, report) => sum + report.reloads, 0),
  };
  const s = (ms: number | null) => (ms === null ? "-" : (ms / 1000).toFixed(2));
  printTable(
    `Reconnect storm: ${people.length} clients, ${config.rate} msgs/s until SIGKILL, started again ${DOWN_MS / 1000} s later; seconds from the kill (target: all caught up within ${TARGET_MS / 1000} s)`,
    [
      "clients",
      "sent",
      "acked after kill",
      "restart ms",
      "back p50",
      "back p95",
      "all back",
      "caught up p50",
      "p95",
      "all caught up",
      "missed",
      "not back",
      "attempts/client",
    ],
    [
      [
        String(result.clients),
        String(result.sent),
        String(result.acknowledgedAfterKill),
        result.restartMs.toFixed(0),
        s(result.backMs.p50),
        s(result.backMs.p95),
        s(result.backMs.max),
        s(result.caughtUpMs.p50),
        s(result.caughtUpMs.p95),
        s(result.caughtUpMs.all),
        String(result.missed),
        String(result.notBack),
        fixed(result.reconnectAttemptsPerClient),
      ],
    ],
  );
  if (result.unacknowledged || result.reloads) {
    console.log(`storm: ${result.unacknowledged} messages never acknowledged, ${result.reloads} reloads asked for`);
  }
  return result;
}
