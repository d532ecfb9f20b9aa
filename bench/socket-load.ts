/*
 * A load process of `npm run bench`'s chat and capacity scenarios (forked through
 * bench/delivery.ts, talking over IPC): it holds its share of the clients' sockets, sends its share of the messages at a
 * steady rate, and notes when each message reaches each of its sockets. Times are
 * absolute (performance.timeOrigin + now), so the parent compares them across processes.
 */
import { performance } from "node:perf_hooks";
import { CHAT_COMMANDS, SPACE_CHANGE_EVENT } from "~/shared/protocol";
import crypto from "node:crypto";
import { io as connect, type Socket } from "socket.io-client";

export type LoadPerson = { spaceId: string; cookie?: string; address?: string };
export type ToLoad =
  | { type: "connect"; origin: string; people: LoadPerson[] }
  | { type: "run"; rate: number; durationMs: number; drainMs: number }
  | { type: "close" };
export type SentRecord = { clientId: string; spaceId: string; at: number; ackMs: number | null; ok: boolean };
export type FromLoad =
  | { type: "connected"; connected: number; failed: Array<{ spaceId: string; reason: string }> }
  | { type: "step"; sent: SentRecord[]; received: Record<string, [count: number, lastAt: number]> };

type Member = { socket: Socket; spaceId: string; own: Set<string> };
const now = () => performance.timeOrigin + performance.now();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const reply = (message: FromLoad) => process.send!(message);

let members: Member[] = [];
let received = new Map<string, [number, number]>();

async function join(origin: string, person: LoadPerson): Promise<Member> {
  const socket = connect(origin, {
    transports: ["websocket"],
    reconnection: false,
    // The bare baseline has no sessions: the socket names its space.
    auth: { spaceId: person.spaceId },
    extraHeaders: {
      origin,
      ...(person.cookie && { cookie: person.cookie }),
      ...(person.address && { "x-forwarded-for": person.address }),
    },
  });
  const member: Member = { socket, spaceId: person.spaceId, own: new Set() };
  socket.on(SPACE_CHANGE_EVENT, ({ change }: { change: { kind: string; payload: { clientId?: unknown } } }) => {
    if (change.kind !== "message.created") return;
    const clientId = String(change.payload.clientId);
    if (member.own.has(clientId)) return;
    const entry = received.get(clientId);
    if (entry) {
      entry[0]++;
      entry[1] = now();
    } else received.set(clientId, [1, now()]);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", (error) => reject(error));
  });
  // As the browser's live chat does on every connect: the answer also says the socket's rooms are joined.
  const answer = await socket.timeout(30_000).emitWithAck(CHAT_COMMANDS.sync, { spaceId: person.spaceId, afterSeq: 0 });
  if (!answer.ok) {
    socket.close();
    throw new Error(`chat:sync refused: ${answer.error}`);
  }
  return member;
}

async function run(rate: number, durationMs: number, drainMs: number) {
  received = new Map();
  const sent: SentRecord[] = [];
  const pending: Promise<void>[] = [];
  const startedAt = now();
  while (now() - startedAt < durationMs) {
    // Catch up with the schedule: a late timer sends what is due, so the rate holds.
    const due = Math.floor(((now() - startedAt) / 1000) * rate);
    while (sent.length < due) {
      const member = members[Math.floor(Math.random() * members.length)];
      const record: SentRecord = {
        clientId: crypto.randomUUID(),
        spaceId: member.spaceId,
        at: now(),
        ackMs: null,
        ok: false,
      };
      member.own.add(record.clientId);
      sent.push(record);
      pending.push(
        member.socket
          .timeout(30_000)
          .emitWithAck(CHAT_COMMANDS.send, {
            spaceId: member.spaceId,
            clientId: record.clientId,
            content: "A steady chat",
          })
          .then((answer: { ok: boolean }) => {
            record.ok = answer.ok;
            record.ackMs = now() - record.at;
          })
          .catch(() => undefined),
      );
    }
    await pause(5);
  }
  await Promise.all(pending);
  await pause(drainMs);
  reply({ type: "step", sent, received: Object.fromEntries(received) });
}

process.on("message", async (message: ToLoad) => {
  if (message.type === "connect") {
    const failed: Array<{ spaceId: string; reason: string }> = [];
    for (let first = 0; first < message.people.length; first += 20) {
      const batch = message.people.slice(first, first + 20).map((person) =>
        join(message.origin, person).catch((error: Error) => {
          failed.push({ spaceId: person.spaceId, reason: error.message });
          return null;
        }),
      );
      for (const member of await Promise.all(batch)) if (member) members.push(member);
    }
    reply({ type: "connected", connected: members.length, failed });
  } else if (message.type === "run") {
    await run(message.rate, message.durationMs, message.drainMs);
  } else {
    for (const member of members) member.socket.close();
    members = [];
    process.exit(0);
  }
});
