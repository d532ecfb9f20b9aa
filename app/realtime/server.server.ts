import type { IncomingMessage } from "node:http";
import { remember } from "@epic-web/remember";
import { createAdapter } from "@socket.io/postgres-adapter";
import pg from "pg";
import type { Server } from "socket.io";
import { env } from "~/services/env.server";
import { isSameOrigin } from "~/utils/origin.server";

/** Refuses the handshake from another site's page: the `cors` option alone does not stop a WebSocket. */
export function allowRealtimeRequest(request: IncomingMessage, callback: (err: string | null, ok: boolean) => void) {
  const origin = request.headers.origin;
  const allowed = Boolean(origin) && isSameOrigin({ origin, host: request.headers.host }, env().APP_URL);
  callback(allowed ? null : "origin not allowed", allowed);
}

/**
 * Wires the app's realtime handlers into the server's socket.io instance. Called
 * again after each dev rebuild, so it replaces what the previous build attached.
 */
export async function attachRealtime(io: Server) {
  const { DATABASE_URL } = env();
  if (DATABASE_URL) {
    // Several instances share rooms through Postgres; the adapter is set once per process.
    remember("realtime-adapter", () => {
      const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 2 });
      io.adapter(createAdapter(pool));
      return pool;
    });
  }
  io.removeAllListeners("connection");
}
