import type { Kysely } from "kysely";

/*
 * The time zone a user chose in their profile settings, an IANA name such as
 * America/New_York. Null is "Automatic": their browser's zone, from its hint cookie
 * (app/web/clock.server.ts), or UTC while that is not known.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("time_zone", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("time_zone").execute();
}
