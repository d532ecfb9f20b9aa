import { sql, type Kysely } from "kysely";

/*
 * Issue 37: a reply to a notice mail lands in its space. `reply_addresses` names the
 * person and space a reply address stands for (its token is an HMAC, never an id);
 * `users.reply_key_version` is bumped when a person resets their reply addresses, which
 * refuses every address made before. `inbound_mails` holds each mail received, by its
 * provider id or Message-ID, so a mail delivered twice is handled once. A message posted
 * from a mail says so (`via_email`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("reply_key_version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable("reply_addresses")
    .addColumn("token", "text", (c) => c.primaryKey())
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("space_id", "uuid", (c) => c.notNull().references("spaces.id").onDelete("cascade"))
    .addColumn("key_version", "integer", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("reply_addresses_user_id_idx").on("reply_addresses").column("user_id").execute();
  await db.schema
    .createTable("inbound_mails")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("sender", "text", (c) => c.notNull())
    .addColumn("user_id", "uuid", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("space_id", "uuid", (c) => c.references("spaces.id").onDelete("set null"))
    .addColumn("outcome", "text")
    .addColumn("answered_at", "timestamptz")
    .addColumn("received_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("inbound_mails_user_received_idx")
    .on("inbound_mails")
    .columns(["user_id", "received_at"])
    .execute();
  await db.schema
    .alterTable("space_messages")
    .addColumn("via_email", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("space_messages").dropColumn("via_email").execute();
  await db.schema.dropTable("inbound_mails").execute();
  await db.schema.dropTable("reply_addresses").execute();
  await db.schema.alterTable("users").dropColumn("reply_key_version").execute();
}
