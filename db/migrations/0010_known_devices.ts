import { sql, type Kysely } from "kysely";

/*
 * The browsers each user has signed in from, known by a long-lived cookie of their own
 * (app/web/auth.server.ts), so that a sign-in from another one goes into the agency's
 * audit trail as "signed in from a new device". Only the cookie's hash is kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("known_devices")
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("device_hash", "text", (c) => c.notNull())
    .addColumn("first_seen_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("known_devices_pkey", ["user_id", "device_hash"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("known_devices").execute();
}
