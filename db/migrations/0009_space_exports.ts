import { sql, type Kysely } from "kysely";

/*
 * Issue 17: a space taken out as a ZIP. An agency may let its client owners export the
 * spaces they own (off until the agency owner turns it on). Each export asked for is a
 * row: a background job makes its archive and mails a single-use link, whose secret is
 * stored hashed, like a notice's (decision 008).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("agencies")
    .addColumn("client_owners_may_export", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable("space_exports")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("space_id", "uuid", (c) => c.notNull().references("spaces.id").onDelete("cascade"))
    .addColumn("requested_by", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    // The ZIP in storage, its size, and the mailed link: all empty until the job has made it.
    .addColumn("archive_key", "text")
    .addColumn("archive_size", "bigint")
    .addColumn("token_hash", "text", (c) => c.unique())
    .addColumn("expires_at", "timestamptz")
    .addColumn("downloaded_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("space_exports_space_requester_idx")
    .on("space_exports")
    .columns(["space_id", "requested_by"])
    .execute();
  await db.schema.createIndex("space_exports_requested_by_idx").on("space_exports").column("requested_by").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("space_exports").execute();
  await db.schema.alterTable("agencies").dropColumn("client_owners_may_export").execute();
}
