import { databaseEnv } from "~/services/env.server";

/**
 * Runs a command-line tool (db:migrate, db:seed, admin:create) after checking the only
 * settings it needs, the database's: a migration must not ask for SESSION_SECRET. A bad
 * setting or a failure prints its message, not a stack trace, and exits with 1. `main`
 * imports the database itself, so that nothing connects before the check.
 */
export async function runCommand(main: () => Promise<void>) {
  try {
    databaseEnv();
    await main();
  } catch (error) {
    console.error(error instanceof Error ? error.message || String(error) : error);
    process.exit(1);
  }
}
