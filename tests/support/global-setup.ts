import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { connect } from "#db/connect";
import { migrateToLatest } from "#db/migrator";
import { adminQuery, databaseUrl, dropDatabase, throwawayName, waitForNoSessions } from "./postgres-admin";

/*
 * Starting PGlite and migrating takes seconds; copying a migrated data directory
 * takes a fraction of one. On a Postgres server, running every migration in each
 * file's database took as long again; `create database … template` copies a migrated
 * one in well under a second. Each test file gets its own copy (tests/support/database.ts).
 *
 * Every project with a database runs this; the first one makes the template and
 * the others use it, so a run migrates once.
 */
export async function setup() {
  if (process.env.TEST_PGLITE_TEMPLATE || process.env.TEST_POSTGRES_TEMPLATE) return;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) return postgresTemplate(serverUrl);
  const template = await fs.mkdtemp(path.join(os.tmpdir(), "agency-test-template-"));
  const db = connect({ pgliteDir: path.join(template, "db") });
  await migrateToLatest(db);
  await db.destroy();
  process.env.TEST_PGLITE_TEMPLATE = path.join(template, "db");
  return async () => {
    delete process.env.TEST_PGLITE_TEMPLATE;
    await fs.rm(template, { recursive: true, force: true });
  };
}

async function postgresTemplate(serverUrl: string) {
  const name = throwawayName("test_template");
  await adminQuery(serverUrl, `create database ${name}`);
  const drop = async () => {
    delete process.env.TEST_POSTGRES_TEMPLATE;
    await dropDatabase(serverUrl, name);
  };
  try {
    const db = connect({ url: databaseUrl(serverUrl, name) });
    await migrateToLatest(db);
    await db.destroy();
    // A template with a session still on it cannot be copied.
    await waitForNoSessions(serverUrl, name);
  } catch (error) {
    await drop();
    throw error;
  }
  process.env.TEST_POSTGRES_TEMPLATE = name;
  return drop;
}
