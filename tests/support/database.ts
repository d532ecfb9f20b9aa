import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { forget } from "@epic-web/remember";
import { afterAll, beforeAll } from "vitest";
import { adminQuery, databaseUrl, dropDatabase, throwawayName } from "./postgres-admin";

/*
 * Every test file gets a database of its own, a copy of the migrated template that
 * tests/support/global-setup.ts made: a copied PGlite directory, or, when
 * TEST_DATABASE_URL names a Postgres server, a throwaway database made from the template.
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
  const name = throwawayName();
  await adminQuery(serverUrl, `create database ${name} template ${process.env.TEST_POSTGRES_TEMPLATE!}`);
  serverDatabase = { adminUrl: serverUrl, name };
  process.env.DATABASE_URL = databaseUrl(serverUrl, name);
} else {
  delete process.env.DATABASE_URL;
  await fs.cp(process.env.TEST_PGLITE_TEMPLATE!, path.join(dataDir, "db"), { recursive: true });
}
forget("db");

beforeAll(async () => {
  // The copy is migrated already, so this finds nothing to do; it opens the database
  // here, under the hook's timeout, rather than in the first test.
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
