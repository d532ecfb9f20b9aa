import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { connect } from "#db/connect";
import { migrateToLatest } from "#db/migrator";

/*
 * Starting PGlite and migrating takes seconds; copying a migrated data directory
 * takes a fraction of one. Each test file gets its own copy (tests/support/database.ts).
 */
export async function setup() {
  if (process.env.TEST_DATABASE_URL) return;
  const template = await fs.mkdtemp(path.join(os.tmpdir(), "agency-test-template-"));
  const db = connect({ pgliteDir: path.join(template, "db") });
  await migrateToLatest(db);
  await db.destroy();
  process.env.TEST_PGLITE_TEMPLATE = path.join(template, "db");
  return async () => {
    await fs.rm(template, { recursive: true, force: true });
  };
}
