/*
 * The parent's side of bench/socket-load.ts, shared by the chat and capacity scenarios:
 * a group of load processes holding sockets, and one step of sends at a steady rate,
 * measured from each sender's emit until every other member of its space has the message.
 */
import type { ChildProcess } from "node:child_process";
import type { FromLoad, LoadPerson, SentRecord, ToLoad } from "./socket-load";
import { ask, forkLoad, percentile, stop } from "./support";

export type LoadGroup = { processes: ChildProcess[]; members: Map<string, number>; connected: number };

export function loadGroup(processes: number): LoadGroup {
  return {
    processes: Array.from({ length: processes }, () => forkLoad("bench/socket-load.ts")),
    members: new Map(),
    connected: 0,
  };
}

/** Connects these people too, dealt over the group's processes; the reasons of the handshakes refused. */
export async function connect(group: LoadGroup, origin: string, people: LoadPerson[]): Promise<string[]> {
  const count = group.processes.length;
  const answers = await Promise.all(
    group.processes.map((child, index) =>
      ask<FromLoad>(child, {
        type: "connect",
        origin,
        people: people.filter((_, at) => at % count === index),
      } satisfies ToLoad),
    ),
  );
  const failed = answers.flatMap((answer) => {
    if (answer.type !== "connected") throw new Error("unexpected answer");
    return answer.failed;
  });
  // A refused socket is not a member: the delivery check counts only those connected.
  const change = (spaceId: string, by: number) => group.members.set(spaceId, (group.members.get(spaceId) ?? 0) + by);
  for (const person of people) change(person.spaceId, 1);
  for (const refusal of failed) change(refusal.spaceId, -1);
  group.connected += people.length - failed.length;
  return failed.map((refusal) => refusal.reason);
}

export async function closeGroup(group: LoadGroup) {
  for (const child of group.processes) child.send({ type: "close" } satisfies ToLoad);
  await Promise.all(group.processes.map((child) => stop(child)));
}

export type DeliveryStep = {
  rate: number;
  sent: number;
  refused: number;
  p50: number | null;
  p95: number | null;
  p99: number | null;
  max: number | null;
  ackP50: number | null;
  deliveriesPerSecond: number;
  lost: number;
};

export async function deliveryStep(
  group: LoadGroup,
  { rate, stepMs, drainMs }: { rate: number; stepMs: number; drainMs: number },
): Promise<DeliveryStep> {
  const message: ToLoad = { type: "run", rate: rate / group.processes.length, durationMs: stepMs, drainMs };
  const answers = await Promise.all(group.processes.map((child) => ask<FromLoad>(child, message)));
  const sent: SentRecord[] = [];
  const received = new Map<string, [number, number]>();
  for (const answer of answers) {
    if (answer.type !== "step") throw new Error("unexpected answer");
    sent.push(...answer.sent);
    for (const [clientId, [count, lastAt]] of Object.entries(answer.received)) {
      const entry = received.get(clientId) ?? [0, 0];
      received.set(clientId, [entry[0] + count, Math.max(entry[1], lastAt)]);
    }
  }
  const latencies: number[] = [];
  const acks: number[] = [];
  let lost = 0;
  let deliveries = 0;
  for (const record of sent) {
    const [count, lastAt] = received.get(record.clientId) ?? [0, 0];
    deliveries += count;
    if (record.ackMs !== null) acks.push(record.ackMs);
    const others = group.members.get(record.spaceId)! - 1;
    if (!record.ok || count < others) lost++;
    else if (others > 0) latencies.push(lastAt - record.at);
  }
  latencies.sort((a, b) => a - b);
  acks.sort((a, b) => a - b);
  return {
    rate,
    sent: sent.length,
    refused: sent.filter((record) => !record.ok).length,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? null,
    ackP50: percentile(acks, 0.5),
    deliveriesPerSecond: Math.round(deliveries / (stepMs / 1000)),
    lost,
  };
}
