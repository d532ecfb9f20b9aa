import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

/*
 * The integration files whose behaviour depends on the database driver: CI runs these,
 * and only these, again on a Postgres server (`npm run test:postgres`). The rest talk
 * to the database through Kysely alone, and PGlite runs the same Postgres.
 */
export const POSTGRES_FILES = [
  // Migrations as each engine applies them.
  "tests/integration/migrations.test.ts",
  // The unread count's plan, as each engine's upkeep (autovacuum, or the app's vacuum) leaves it.
  "tests/integration/unread-backlog.test.ts",
  // Sequence numbers and the change log under concurrent sends: one serialised
  // connection on PGlite, real concurrent transactions on the pg pool.
  "tests/integration/messages.test.ts",
  // One invitation per email when the same one is submitted twice at once.
  "tests/integration/invitations-concurrency.test.ts",
  // One export when the same one is asked for twice at once; its job on pg-boss.
  "tests/integration/space-exports.test.ts",
  // pg-boss's SQL goes through executeRawSql, which takes a different path on each driver.
  "tests/integration/unread-notices.test.ts",
  "tests/integration/member-notices.test.ts",
  "tests/integration/push.test.ts",
  "tests/integration/mentions.test.ts",
  // One answer per version of a sign-off when two people answer at once (issue 39).
  "tests/integration/sign-offs.test.ts",
  // A received mail's job, queued by Resend's webhook.
  "tests/integration/mail-events.test.ts",
  // A person's sign-ins serialised on their row, so two at once keep the session cap.
  "tests/integration/sessions-limits.test.ts",
  // Two app processes on one database, killed or cut off: skipped on PGlite.
  "tests/integration/multi-process.test.ts",
  "tests/integration/fault-kill.test.ts",
  // A person's messages in typing order across a SIGKILL (a process on Postgres, a cut listener on PGlite).
  "tests/integration/send-order.test.ts",
  "tests/integration/database-outage.test.ts",
  // Typing and presence told between two instances through the Postgres adapter.
  "tests/integration/realtime-typing.test.ts",
  "tests/integration/presence.test.ts",
  // The Postgres adapter of the realtime fan-out; the chat over it, where a send's
  // acknowledgement overtakes its own broadcast (on one process, the broadcast comes first).
  "tests/integration/realtime-adapter.test.ts",
  "tests/integration/realtime-chat.test.ts",
  // Queries compiled once, their values (arrays, JSON, timestamps) as each driver sends them (issue 41).
  "tests/integration/compiled-queries.test.ts",
  // Statements prepared once on each connection: the pg pool's, and PGlite's one through its protocol (issue 41).
  "tests/integration/prepared-statements.test.ts",
  // PGlite, which runs no autovacuum, vacuumed by the app; a server left to its own.
  "tests/integration/database-maintenance.test.ts",
  // Words, their accents and prefixes, ranks and headlines: Postgres's text search and unaccent, as each engine has them (issue 40).
  "tests/integration/search.test.ts",
];

const database = {
  globalSetup: ["tests/support/global-setup.ts"],
  setupFiles: ["tests/support/database.ts"],
};

export default defineConfig({
  resolve: {
    alias: {
      "~": path.resolve("app"),
      "#db": path.resolve("db"),
      "#tests": path.resolve("tests"),
    },
  },
  test: {
    // Each file in a worker thread rather than a process of its own: still a fresh module graph
    // and database per file, without a Node process to start and PGlite's WebAssembly to load
    // into it each time. Measured one after the other on the 2-core machine: the suite took
    // 169 s with threads and 210 s with forks (user CPU 3m21s against 4m45s); the Postgres
    // project, which waits on its processes, 51 s and 50 s.
    pool: "threads",
    // vitest's default is one worker fewer than the cores: one at a time on 2 cores. The
    // files wait on their databases much of the time: with processes, one more than the
    // cores ran the suite in 2.3 minutes instead of 4.2 here (4 were no faster); with
    // threads, two more than the cores took 149 s against 167 s with one more (one run each,
    // one after the other).
    maxWorkers: os.availableParallelism() + 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // `vitest run` runs all three, so each file once; on PGlite unless TEST_DATABASE_URL is set.
    projects: [
      { extends: true, test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"] } },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.{ts,tsx}"],
          exclude: POSTGRES_FILES,
          ...database,
        },
      },
      { extends: true, test: { name: "postgres", include: POSTGRES_FILES, ...database } },
    ],
  },
});
