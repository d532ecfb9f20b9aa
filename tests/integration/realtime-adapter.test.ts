import http from "node:http";
import net from "node:net";
import { afterAll, expect, test } from "vitest";
import { Server } from "socket.io";
import { io as connect, type Socket } from "socket.io-client";
import { createPostgresAdapter } from "~/realtime/postgres-adapter.server";
import { eventually } from "#tests/support/sockets";

/*
 * The instances' bus (app/realtime/postgres-adapter.server.ts) against a "Postgres" that
 * accepts connections and never answers: a failover in progress, or a server too busy
 * to reply. A broadcast must still reach this instance's own sockets at once.
 */
const silent = net.createServer(() => {});
const sockets = new Set<net.Socket>();
silent.on("connection", (socket) => sockets.add(socket));
const httpServer = http.createServer();
const io = new Server(httpServer);
const clients: Socket[] = [];
let closeAdapter: (() => Promise<void>) | undefined;

afterAll(async () => {
  for (const client of clients) client.close();
  await new Promise((resolve) => io.close(resolve));
  // The silent "Postgres" goes first: the adapter's connections waiting on it then fail at
  // once, instead of closing only when their connection timeout runs out.
  for (const socket of sockets) socket.destroy();
  silent.close();
  await closeAdapter?.();
});

test("a broadcast reaches the sockets on this instance while Postgres does not answer", async () => {
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  const { port: databasePort } = silent.address() as net.AddressInfo;
  const { adapter, close } = createPostgresAdapter(`postgres://postgres@127.0.0.1:${databasePort}/app`, {
    onRelisten: () => {},
  });
  closeAdapter = close;
  io.adapter(adapter);
  io.on("connection", (socket) => void socket.join("space:one"));
  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
  const { port } = httpServer.address() as net.AddressInfo;

  const received: string[][] = [[], []];
  for (const seen of received) {
    const client = connect(`http://127.0.0.1:${port}`, { transports: ["websocket"], reconnection: false });
    clients.push(client);
    client.on("space:change", (text: string) => seen.push(text));
    await new Promise<void>((resolve) => client.once("connect", () => resolve()));
  }
  await eventually(async () => expect((await io.in("space:one").fetchSockets()).length).toBe(2));

  for (let index = 1; index <= 3; index++) io.to("space:one").emit("space:change", `change ${index}`);

  await eventually(() => expect(received).toEqual([0, 1].map(() => ["change 1", "change 2", "change 3"])), 3_000);
});

/*
 * Postgres down when the instance starts: its first LISTEN fails, and sockets connect
 * meanwhile. Whatever other instances broadcast before it first listens never reached
 * it, so its first successful LISTEN must ask its sockets to catch up, as a later one does.
 */
const postgresUrl = process.env.TEST_DATABASE_URL ? process.env.DATABASE_URL : undefined;

test.skipIf(!postgresUrl)(
  "the first LISTEN after a failed start asks this instance's sockets to catch up",
  async () => {
    const target = new URL(postgresUrl!);
    let reachable = false;
    let refused = 0;
    // Refuses every connection until the "database" comes up, then passes them on to Postgres.
    const proxy = net.createServer((incoming) => {
      sockets.add(incoming);
      if (!reachable) {
        refused++;
        return incoming.destroy();
      }
      const outgoing = net.connect(Number(target.port || 5432), target.hostname);
      sockets.add(outgoing);
      incoming.pipe(outgoing).pipe(incoming);
      incoming.on("error", () => outgoing.destroy());
      outgoing.on("error", () => incoming.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    const throughProxy = new URL(postgresUrl!);
    throughProxy.host = `127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;
    let catchUps = 0;
    const { close } = createPostgresAdapter(throughProxy.href, { onRelisten: () => catchUps++ });
    try {
      // A few attempts fail while the database is down.
      await eventually(() => expect(refused).toBeGreaterThanOrEqual(3), 5_000);
      expect(catchUps).toBe(0);
      reachable = true;
      await eventually(() => expect(catchUps).toBe(1), 5_000);
    } finally {
      await close();
      for (const socket of sockets) socket.destroy();
      proxy.close();
    }
  },
);

/*
 * A burst from one instance reaches the other's sockets whole and in order: the NOTIFYs
 * queued meanwhile go out together, a repeated broadcast is delivered as often as it was
 * made (Postgres folds a transaction's identical NOTIFYs into one), and one too large for
 * NOTIFY (an attachment row) keeps its place.
 */
test.skipIf(!postgresUrl)("a burst of broadcasts reaches another instance whole and in order", async () => {
  const instances = [0, 1].map(() => {
    const server = http.createServer();
    const bus = createPostgresAdapter(postgresUrl!, { onRelisten: () => {} });
    const instance = new Server(server).adapter(bus.adapter);
    instance.on("connection", (socket) => void socket.join("space:burst"));
    return { server, io: instance, close: bus.close };
  });
  try {
    const [sender, receiver] = instances;
    await new Promise<void>((resolve) => receiver.server.listen(0, "127.0.0.1", resolve));
    const client = connect(`http://127.0.0.1:${(receiver.server.address() as net.AddressInfo).port}`, {
      transports: ["websocket"],
      reconnection: false,
    });
    clients.push(client);
    const seen: string[] = [];
    client.on("space:change", (text: string) => seen.push(text));
    await new Promise<void>((resolve) => client.once("connect", () => resolve()));
    // The sender hears of the receiver's socket in its room once both listen. A request the
    // receiver missed is given up after the adapter's 5 s timeout: time for one more ask.
    await eventually(async () => expect((await sender.io.in("space:burst").fetchSockets()).length).toBe(1), 15_000);

    const sent = Array.from({ length: 500 }, (_, index) => `change ${index}`);
    sent.splice(100, 0, "typing", "typing");
    sent.splice(300, 0, "x".repeat(10_000));
    for (const text of sent) sender.io.to("space:burst").emit("space:change", text);

    await eventually(() => expect(seen).toEqual(sent), 10_000);
  } finally {
    for (const { io: instance, close } of instances) {
      await new Promise((resolve) => instance.close(resolve));
      await close();
    }
  }
});
