/*
 * A load process of `npm run bench`'s storm scenario (forked by bench/storm.ts, over IPC):
 * its share of the clients, each the browser's own live chat (LiveChat, with the
 * browser's reconnection back-off), sending at a steady rate until told the server was
 * killed. It notes when each client is back after the kill, when each message reached
 * each client, and when each of its messages was acknowledged. Times are absolute
 * (performance.timeOrigin + now), so the parent compares them across processes.
 */
import { performance } from "node:perf_hooks";
import { io as connect, type Socket } from "socket.io-client";
import { keepConnected } from "~/components/realtime/keep-connected";
import { LiveChat, type OutboxMessage, type OutboxStorage } from "~/components/chat/live-chat";
import type { SpaceChange } from "~/shared/protocol";
import { RECONNECTION } from "~/shared/protocol";

export type StormPerson = { spaceId: string; cookie: string; address: string; lastSeq: number };
export type ToStorm =
  | { type: "connect"; origin: string; people: StormPerson[] }
  | { type: "send"; rate: number }
  | { type: "halt"; killedAt: number }
  | { type: "settle"; deadline: number }
  | { type: "report" };
export type StormClientReport = { spaceId: string; backAt: number | null; seen: Array<[clientId: string, at: number]> };
export type FromStorm =
  | { type: "connected"; failed: string[] }
  | { type: "sending" }
  | { type: "halted"; sent: number }
  | { type: "settled"; settled: boolean }
  | {
      type: "report";
      clients: StormClientReport[];
      acked: Array<[clientId: string, spaceId: string, at: number]>;
      reconnectAttempts: number;
      reloads: number;
    };

type Client = {
  spaceId: string;
  socket: Socket;
  chat: LiveChat;
  seen: Map<string, number>;
  outbox: OutboxMessage[];
  backAt: number | null;
};

const now = () => performance.timeOrigin + performance.now();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const reply = (message: FromStorm) => process.send!(message);

const clients: Client[] = [];
const acked = new Map<string, [spaceId: string, at: number]>();
let killedAt = Infinity;
let sending = false;
let sent = 0;
let reconnectAttempts = 0;
let reloads = 0;

/** localStorage's interface over a Map: the outbox each browser keeps. */
function memoryStorage(): OutboxStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

async function join(origin: string, person: StormPerson): Promise<Client> {
  const socket = connect(origin, {
    transports: ["websocket"],
    ...RECONNECTION,
    extraHeaders: { origin, cookie: person.cookie, "x-forwarded-for": person.address },
  });
  // The callbacks run from start() on, once `client` exists.
  const chat = new LiveChat({
    socket,
    spaceId: person.spaceId,
    lastSeq: person.lastSeq,
    storage: memoryStorage(),
    onChange: (change: SpaceChange) => {
      const clientId = change.kind === "message.created" ? String(change.payload.clientId) : null;
      if (clientId && !client.seen.has(clientId)) client.seen.set(clientId, now());
    },
    onReload: () => reloads++,
    onOutboxChange: (outbox) => {
      client.outbox = outbox;
      for (const entry of outbox) {
        if (entry.status === "sent" && !acked.has(entry.clientId)) acked.set(entry.clientId, [person.spaceId, now()]);
      }
    },
  });
  const client: Client = { spaceId: person.spaceId, socket, chat, seen: new Map(), outbox: [], backAt: null };
  socket.on("connect", () => {
    if (client.backAt === null && now() > killedAt) client.backAt = now();
  });
  socket.io.on("reconnect_attempt", () => reconnectAttempts++);
  client.chat.start();
  keepConnected(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  await client.chat.sync();
  return client;
}

async function sendSteadily(rate: number) {
  const startedAt = now();
  sending = true;
  while (sending) {
    const due = Math.floor(((now() - startedAt) / 1000) * rate);
    for (; sent < due; sent++) {
      clients[Math.floor(Math.random() * clients.length)].chat.send("Before the restart");
    }
    await pause(5);
  }
}

const settled = (client: Client) => client.backAt !== null && client.socket.connected && !client.outbox.length;

process.on("message", async (message: ToStorm) => {
  if (message.type === "connect") {
    const failed: string[] = [];
    for (let first = 0; first < message.people.length; first += 20) {
      const batch = message.people.slice(first, first + 20).map((person) =>
        join(message.origin, person).catch((error: Error) => {
          failed.push(error.message);
          return null;
        }),
      );
      for (const client of await Promise.all(batch)) if (client) clients.push(client);
    }
    reply({ type: "connected", failed });
  } else if (message.type === "send") {
    void sendSteadily(message.rate);
    reply({ type: "sending" });
  } else if (message.type === "halt") {
    killedAt = message.killedAt;
    sending = false;
    reply({ type: "halted", sent });
  } else if (message.type === "settle") {
    while (!clients.every(settled) && now() < message.deadline) await pause(50);
    reply({ type: "settled", settled: clients.every(settled) });
  } else {
    reply({
      type: "report",
      clients: clients.map(({ spaceId, backAt, seen }) => ({ spaceId, backAt, seen: [...seen] })),
      acked: [...acked].map(([clientId, [spaceId, at]]) => [clientId, spaceId, at]),
      reconnectAttempts,
      reloads,
    });
    for (const client of clients) {
      client.chat.stop();
      client.socket.close();
    }
    process.exit(0);
  }
});
