import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { forget } from "@epic-web/remember";
import type pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { createClient } from "#db/connect";

/*
 * Every test file gets a database of its own: a copy of the migrated PGlite template,
 * or, when TEST_DATABASE_URL names a Postgres server, a throwaway database there.
 * DATA_DIR is a fresh folder too, so uploads and the mail outbox are per file.
 */
// Top-level, not beforeAll: the test file's imports (and so the db module) come after this.
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "agency-test-"));
let serverDatabase: { adminUrl: string; name: string } | undefined;
process.env.DATA_DIR = dataDir;
// A developer's shell must not make tests mail people or write to a real bucket.
delete process.env.RESEND_API_KEY;
delete process.env.S3_BUCKET;
const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl) {
  const name = `test_${crypto.randomBytes(6).toString("hex")}`;
  await adminQuery(serverUrl, `create database ${name}`);
  serverDatabase = { adminUrl: serverUrl, name };
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
} else {
  delete process.env.DATABASE_URL;
  await fs.cp(process.env.TEST_PGLITE_TEMPLATE!, path.join(dataDir, "db"), { recursive: true });
}
forget("db");

beforeAll(async () => {
  const { migrate } = await import("~/services/db.server");
  await migrate();
});

afterAll(async () => {
  // A sign-up or reset answers before its mail is written; let it land before the folder goes.
  const { backgroundMailSettled } = await import("~/services/mail.server");
  await backgroundMailSettled();
  const { db } = await import("~/services/db.server");
  await db.destroy();
  forget("db");
  if (serverDatabase) await dropDatabase(serverDatabase.adminUrl, serverDatabase.name);
  await fs.rm(dataDir, { recursive: true, force: true });
});

/*
 * pg's pool resolves end() before its connections have said goodbye; a forced drop at
 * that moment kills them mid-close, and the test process dies of an unhandled error.
 * So wait (a little) for the server to see them gone, and force only what is left.
 */
async function dropDatabase(adminUrl: string, name: string) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const [{ sessions }] = await adminQuery<{ sessions: number }>(
      adminUrl,
      "select count(*)::int as sessions from pg_stat_activity where datname = $1",
      [name],
    );
    if (sessions === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await adminQuery(adminUrl, `drop database ${name} with (force)`);
}

async function adminQuery<Row extends pg.QueryResultRow>(url: string, statement: string, values: unknown[] = []) {
  const client = createClient(url, "test database admin");
  await client.connect();
  try {
    return (await client.query<Row>(statement, values)).rows;
  } finally {
    await client.end();
  }
}
