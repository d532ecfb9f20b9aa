import type { Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { migrations } from "./migrations";

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((result) => result.status === "Error");
  if (error) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String(error)}`, { cause: error });
  }
  return results.filter((result) => result.status === "Success").map((result) => result.migrationName);
}
