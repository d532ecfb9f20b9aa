/*
 * One app instance for the multi-process and fault tests, run as its own process:
 * `node --import tsx tests/support/realtime-server.ts` with PORT and DATABASE_URL.
 * It wires socket.io as server.ts does (Origin check, the app's realtime handlers and,
 * with DATABASE_URL, the Postgres adapter) without needing a Remix build.
 * With INSTANCES=n it says it is ready only once it hears the other instances, so a
 * test's first broadcast cannot go out before the adapter listens.
 */
import http from "node:http";
import { Server } from "socket.io";
import { allowRealtimeRequest, attachRealtime } from "~/realtime/server.server";

const server = http.createServer();
const io = new Server(server, { serveClient: false, allowRequest: allowRealtimeRequest });
await attachRealtime(io);
const instances = Number(process.env.INSTANCES ?? 1);
while ((await io.of("/").adapter.serverCount()) < instances) await new Promise((resolve) => setTimeout(resolve, 100));
server.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("realtime server ready"));
