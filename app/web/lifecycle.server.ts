import type { IncomingMessage } from "node:http";
import { sql } from "kysely";
import { detachRealtime } from "~/realtime/server.server";
import { pruneUnusedUploads } from "~/models/pending-uploads.server";
import { pruneExpiredRateLimits } from "~/models/rate-limits.server";
import { pruneExpiredSessions } from "~/models/sessions.server";
import { pruneExpiredSignInLinks } from "~/models/sign-in-links.server";
import { purgeAbandonedAccounts } from "~/models/unverified-accounts.server";
import { isSameOrigin } from "~/utils/origin.server";
import { db, migrate } from "~/services/db.server";
import { env } from "~/services/env.server";
import { attachJobs, detachJobs } from "./jobs.server";

/** What server.ts needs to listen; read from the one parsed environment. */
export function serverConfig() {
  const { PORT, TRUST_PROXY_HOPS } = env();
  return { port: PORT, trustProxyHops: TRUST_PROXY_HOPS };
}

/** Runs before the server listens: a bad environment or a failed migration stops start-up. */
export async function startup() {
  const { DATABASE_URL, dataDir } = env();
  const applied = await migrate();
  if (applied.length) console.log(`Applied migrations: ${applied.join(", ")}`);
  await pruneExpired();
  await attachJobs();
  // Hourly, so that sign-in probes with made-up emails do not pile up counters.
  setInterval(() => void pruneExpired().catch((error) => console.error("pruning failed", error)), 3_600_000).unref();
  console.log(`Database: ${DATABASE_URL ? "Postgres server (DATABASE_URL)" : `PGlite in ${dataDir}/db`}`);
}

function pruneExpired() {
  return Promise.all([
    pruneExpiredSessions(),
    pruneExpiredRateLimits(),
    pruneUnusedUploads(),
    pruneExpiredSignInLinks(),
    purgeAbandonedAccounts(),
  ]);
}

export async function shutdown() {
  await detachJobs();
  await detachRealtime();
  await db.destroy();
}

export async function checkHealth() {
  await sql`select 1`.execute(db);
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Refuses a state-changing request that another site's page sent. */
export function isAllowedOrigin(request: IncomingMessage): boolean {
  if (SAFE_METHODS.has(request.method ?? "GET")) return true;
  return isSameOrigin(
    { origin: request.headers.origin, referer: request.headers.referer, host: request.headers.host },
    env().APP_URL,
  );
}
