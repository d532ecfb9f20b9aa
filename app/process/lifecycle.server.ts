import { detachRealtime } from "~/realtime/server.server";
import { pruneLinkPreviewCache } from "~/models/link-previews.server";
import { pruneUnusedUploads } from "~/models/pending-uploads.server";
import { pruneExpiredRateLimits } from "~/models/rate-limits.server";
import { pruneExpiredSessions } from "~/models/sessions.server";
import { pruneExpiredSignInLinks } from "~/models/sign-in-links.server";
import { pruneSpaceExports } from "~/models/space-exports.server";
import { trimChangeLogs } from "~/models/space-changes.server";
import { purgeAbandonedAccounts } from "~/models/unverified-accounts.server";
import {
  db,
  isDatabaseUnavailable,
  migrate,
  pingDatabase,
  vacuumEmbedded,
  type VacuumScope,
} from "~/services/db.server";
import { env } from "~/services/env.server";
import { backgroundMailSettled } from "~/services/mail.server";
import { attachJobs, detachJobs } from "./jobs.server";

/*
 * The process around the app: what server.ts calls to start it (environment, migrations,
 * the jobs, the hourly pruning), to ask whether it is ready, and to stop it. Express and
 * socket.io themselves are wired in server.ts.
 */

/** What server.ts needs to listen; read from the one parsed environment. */
export function serverConfig() {
  const { PORT, TRUST_PROXY_HOPS } = env();
  return { port: PORT, trustProxyHops: TRUST_PROXY_HOPS };
}

/**
 * Runs before the server listens: a bad environment or a failed migration stops start-up.
 * A database that cannot be reached yet (it is restarting, or starts after us) is waited
 * for, with back-off: exiting would only have the platform restart us in a loop.
 * Pages need only the migrations, so the pruning and the job queue start once they are
 * done, without holding up the listening: after a crash, every client is waiting to
 * reconnect, and pg-boss's start is several round trips.
 */
export async function startup() {
  const { DATABASE_URL, dataDir } = env();
  await whenDatabaseAnswers(async () => {
    const applied = await migrate();
    if (applied.length) console.log(`Applied migrations: ${applied.join(", ")}`);
  });
  inBackground("pruning and vacuuming", () => pruneAndVacuum("every table"));
  inBackground("starting the job queue", attachJobs);
  // Hourly, so that sign-in probes with made-up emails do not pile up counters.
  setInterval(
    () => void pruneAndVacuum("tables due").catch((error) => console.error("pruning and vacuuming failed", error)),
    3_600_000,
  ).unref();
  console.log(`Database: ${DATABASE_URL ? "Postgres server (DATABASE_URL)" : `PGlite in ${dataDir}/db`}`);
}

/** Waits for the database as start-up does; a failure that is not the database's absence is logged, the server stays up. */
function inBackground(what: string, work: () => Promise<unknown>) {
  void whenDatabaseAnswers(work).catch((error) => console.error(`start-up: ${what} failed`, error));
}

const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 15_000;

async function whenDatabaseAnswers(work: () => Promise<unknown>) {
  for (let delay = FIRST_RETRY_MS; ; delay = Math.min(delay * 2, LAST_RETRY_MS)) {
    try {
      return await work();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      console.error(
        `start-up: the database does not answer (${(error as Error).message}); trying again in ${delay} ms`,
      );
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** The vacuum after the pruning, so that it takes back at once what the pruning deleted (PGlite only). */
async function pruneAndVacuum(scope: VacuumScope) {
  await pruneExpired();
  await vacuumEmbedded(scope);
}

function pruneExpired() {
  return Promise.all([
    pruneExpiredSessions(),
    pruneExpiredRateLimits(),
    pruneUnusedUploads(),
    pruneExpiredSignInLinks(),
    pruneSpaceExports(),
    pruneLinkPreviewCache(),
    trimChangeLogs(),
    purgeAbandonedAccounts(),
  ]);
}

export async function shutdown() {
  await backgroundMailSettled();
  await detachJobs();
  await detachRealtime();
  await db.destroy();
}

const READY_TIMEOUT_MS = 2_000;

/** Readiness: the database answers `select 1` within two seconds (a hung failover counts as down). */
export async function checkReady() {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("the database did not answer within 2 s")), READY_TIMEOUT_MS);
  });
  try {
    await Promise.race([pingDatabase(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
