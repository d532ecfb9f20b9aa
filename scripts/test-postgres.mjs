/*
 * `npm run test:postgres`: the integration files whose behaviour depends on the
 * database driver (the `postgres` project, listed in vitest.config.ts), on a Postgres
 * server. Everything else has run on PGlite already; the files that need a server of
 * their own skip themselves there, so running this without one would prove nothing.
 * Further arguments go to vitest.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";

if (!process.env.TEST_DATABASE_URL) {
  console.error(
    "npm run test:postgres needs TEST_DATABASE_URL: a Postgres server where the user may create databases, e.g.\n" +
      "  TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run test:postgres",
  );
  process.exit(1);
}

const vitest = path.resolve("node_modules", ".bin", "vitest");
const result = spawnSync(vitest, ["run", "--project", "postgres", ...process.argv.slice(2)], { stdio: "inherit" });
if (result.error) console.error(result.error.message);
process.exit(result.status ?? 1);
