import { sql, type Kysely } from "kysely";

/*
 * Issue 7: which client owns a space (decision 004), and the images uploaded ahead of
 * the form that will use them (a logo chosen in the New Space dialog before Create Space;
 * decision 013).
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("spaces")
    // Removing the client record leaves the space without an owner until the agency picks another.
    .addColumn("client_owner_id", "uuid", (c) => c.references("clients.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("spaces_client_owner_id_idx").on("spaces").column("client_owner_id").execute();

  await db.schema
    .createTable("pending_uploads")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("pending_uploads_created_at_idx").on("pending_uploads").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("pending_uploads").execute();
  await db.schema.alterTable("spaces").dropColumn("client_owner_id").execute();
}
