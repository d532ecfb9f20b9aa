import { sql, type Kysely } from "kysely";

/*
 * Who has the app open (issue 17's "not online", and issue 21's presence): each instance
 * beats in `realtime_instances` and lists the users with a connected socket on it in
 * `user_presence`. An instance that stops beating (killed) stops counting, and its rows go
 * with it when another instance clears it away.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("realtime_instances")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("beat_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable("user_presence")
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("instance_id", "uuid", (c) => c.notNull().references("realtime_instances.id").onDelete("cascade"))
    .addColumn("since", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("user_presence_pkey", ["user_id", "instance_id"])
    .execute();
  await db.schema.createIndex("user_presence_instance_id_idx").on("user_presence").column("instance_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("user_presence").execute();
  await db.schema.dropTable("realtime_instances").execute();
}
