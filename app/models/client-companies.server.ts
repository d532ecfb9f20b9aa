import { sql } from "kysely";
import type { Executor } from "~/services/db.server";

/*
 * A client's company (decision 009) is a row, and whether two clients are colleagues
 * is decided by its id, never by comparing names. The agency names companies: one name
 * is one company of the agency. A client without a name is a company of one; a client
 * owner's invitation carries their company's id.
 */

/** The agency's company of that name (made if new); a blank name makes a new company of one. */
export async function companyNamed(executor: Executor, agencyId: string, rawName: string | null | undefined) {
  const name = rawName?.trim() ?? "";
  const made = await executor
    .insertInto("client_companies")
    .values({ agency_id: agencyId, name })
    // The index's condition as written in it, not a parameter: a prepared statement's generic plan
    // (db/connect.ts) could not tell that `name <> $3` is the index's `name <> ''`, and found no index.
    .onConflict((oc) => oc.columns(["agency_id", "name"]).where("name", "<>", sql.lit("")).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (made) return made.id;
  const existing = await executor
    .selectFrom("client_companies")
    .select("id")
    .where("agency_id", "=", agencyId)
    .where("name", "=", name)
    .executeTakeFirstOrThrow();
  return existing.id;
}

/** The company an invitation makes its client part of: the inviting owner's, else the one it names. */
export async function companyOfInvitation(
  executor: Executor,
  agencyId: string,
  meta: { company?: string; company_id?: string },
) {
  if (meta.company_id) {
    const own = await executor
      .selectFrom("client_companies")
      .select("id")
      .where("id", "=", meta.company_id)
      .where("agency_id", "=", agencyId)
      .executeTakeFirst();
    if (own) return own.id;
  }
  return companyNamed(executor, agencyId, meta.company);
}
