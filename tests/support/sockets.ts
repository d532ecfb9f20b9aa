import type { ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import http from "node:http";
import net from "node:net";
import { Server } from "socket.io";
import { io as connect, type Socket } from "socket.io-client";
import { createSession } from "~/models/sessions.server";
import { allowRealtimeRequest, attachRealtime, detachRealtime } from "~/realtime/server.server";
import { sessionCookieHeader } from "~/web/auth.server";
import { freePort, startProcess, stopServerProcess } from "./processes";

export { freePort, startProcess, stopServerProcess };

/* Real socket.io clients and real server processes for the realtime tests. */

const realtimeServers: Server[] = [];

/** The app's socket.io handlers on a real HTTP server of this process, wired as server.ts wires them; its origin. */
export async function startRealtimeServer(): Promise<string> {
  const server = http.createServer();
  const io = new Server(server, { allowRequest: allowRealtimeRequest });
  await attachRealtime(io);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  realtimeServers.push(io);
  return `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
}

export async function stopRealtimeServers() {
  for (const io of realtimeServers.splice(0)) await new Promise((resolve) => io.close(resolve));
  await detachRealtime();
}

/**
 * One app instance that a test kills and starts again on the same port. On a Postgres
 * server it is a process of its own, killed with SIGKILL. On PGlite, whose directory one
 * process opens, it is this process's socket.io server: every connection is cut at once
 * (what the browsers see of a killed server) and it stops listening until started again.
 */
export async function startKillableServer() {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  if (process.env.TEST_DATABASE_URL) {
    let instance: ChildProcess | undefined = await startServerProcess(port);
    return {
      origin,
      kill: async () => {
        const exited = new Promise((resolve) => instance!.once("exit", resolve));
        instance!.kill("SIGKILL");
        await exited;
        instance = undefined;
      },
      start: async () => void (instance = await startServerProcess(port)),
      stop: async () => instance && (await stopServerProcess(instance)),
    };
  }
  const server = http.createServer();
  const connections = new Set<net.Socket>();
  server.on("connection", (connection) => {
    connections.add(connection);
    connection.once("close", () => connections.delete(connection));
  });
  const io = new Server(server, { allowRequest: allowRealtimeRequest });
  await attachRealtime(io);
  realtimeServers.push(io);
  const listen = () => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  await listen();
  return {
    origin,
    kill: async () => {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const connection of connections) connection.destroy();
      await closed;
    },
    start: listen,
    stop: async () => {},
  };
}

/** The Cookie header of a fresh session of this user, as their browser would send it. */
export async function sessionCookie(user: { id: string }) {
  const header = await sessionCookieHeader(await createSession(user.id, "vitest"));
  return header.split(";")[0];
}

const openSockets: Socket[] = [];

/**
 * A connected client; rejects with the server's reason when the handshake is refused.
 * `address` is the client's as a proxy reports it (X-Forwarded-For), for a server that
 * trusts one proxy hop: many clients then count as many addresses, as behind Fly's proxy.
 */
export function connectClient(
  origin: string,
  cookie: string,
  { reconnect = false, address }: { reconnect?: boolean; address?: string } = {},
): Promise<Socket> {
  const socket = connect(origin, {
    transports: ["websocket"],
    extraHeaders: { origin, cookie, ...(address && { "x-forwarded-for": address }) },
    reconnection: reconnect,
    reconnectionDelay: 100,
    reconnectionDelayMax: 500,
  });
  openSockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", (error) => !reconnect && reject(error));
  });
}

export function closeClients() {
  for (const socket of openSockets.splice(0)) socket.close();
}

/** Every payload of this event the socket receives from now on. */
export function record<T = unknown>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}

/** Emits and waits for the acknowledgement. */
export function request<T = Record<string, unknown>>(socket: Socket, event: string, payload: unknown): Promise<T> {
  return socket.timeout(5_000).emitWithAck(event, payload) as Promise<T>;
}

/**
 * Resolves once the server has answered the socket (a read of no space, which changes
 * nothing). Its rooms are joined by then, since every event waits for them; and whatever
 * this instance sent it before it read the question has arrived, since one connection
 * keeps its order. So a test that asserts something did not reach a socket asks this
 * after whatever would have sent it, and need not wait to see.
 */
export async function roundTrip(socket: Socket) {
  await request(socket, "chat:read", { spaceId: crypto.randomUUID() });
}

/** A socket of the user's, connected and in its rooms. */
export async function connectInRooms(origin: string, user: { id: string }) {
  const socket = await connectClient(origin, await sessionCookie(user));
  await roundTrip(socket);
  return socket;
}

/** Polls until the check passes (or throws its last failure after the timeout). */
export async function eventually(check: () => void | Promise<void>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** An app instance in a process of its own (tests/support/realtime-server.ts), on this test file's database. */
export function startServerProcess(port: number, { instances = 1 } = {}): Promise<ChildProcess> {
  return startProcess(["--import", "tsx", "tests/support/realtime-server.ts"], {
    env: { ...process.env, PORT: String(port), INSTANCES: String(instances) },
    ready: "ready",
  });
}

/**
 * `count` app instances, each in a process of its own on the test's database. Each
 * waits until it hears the ones before it: from then on their broadcasts reach it.
 */
export async function startServerProcesses(count: number) {
  const processes: ChildProcess[] = [];
  const origins: string[] = [];
  for (let index = 0; index < count; index++) {
    const port = await freePort();
    processes.push(await startServerProcess(port, { instances: index + 1 }));
    origins.push(`http://127.0.0.1:${port}`);
  }
  const stop = async () => {
    closeClients();
    await Promise.all(processes.map((child) => stopServerProcess(child)));
  };
  return { processes, origins, stop };
}

/** localStorage's interface over a Map, for the browser's live chat in Node. */
export class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}
