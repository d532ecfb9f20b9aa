import { sql } from "kysely";
import { vi, type MockInstance } from "vitest";
import { db } from "~/services/db.server";

/**
 * A real failure in the test file's own database, as a full disk would give: every
 * `event` on `table` raises while `run` runs. The error the app logs is caught, so
 * `run` can assert it was logged.
 */
export async function whileWritesFail(
  event: "insert" | "update" | "delete",
  table: string,
  run: (logged: MockInstance<typeof console.error>) => Promise<void>,
) {
  const name = `fail_${table}_${event}`;
  await sql`create function ${sql.id(name)}() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`.execute(
    db,
  );
  await sql`create trigger ${sql.id(name)} before ${sql.raw(event)} on ${sql.table(table)} for each row execute function ${sql.id(name)}()`.execute(
    db,
  );
  const logged = vi.spyOn(console, "error").mockImplementation(() => {});
  try {
    await run(logged);
  } finally {
    logged.mockRestore();
    await sql`drop trigger ${sql.id(name)} on ${sql.table(table)}`.execute(db);
    await sql`drop function ${sql.id(name)}()`.execute(db);
  }
}
