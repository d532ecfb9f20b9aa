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
