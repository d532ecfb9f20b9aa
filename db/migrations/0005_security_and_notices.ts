import { sql, type Kysely } from "kysely";

/*
 * Issue 9: two-factor sign-in (an authenticator secret and single-use recovery
 * codes per user, and an agency's demand that its team and clients use it), and
 * the single-use links in unread-message notices. The job queue's own tables are
 * made by pg-boss itself, in its `pgboss` schema (app/services/jobs.server.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;

  await db.schema
    .alterTable("agencies")
    .addColumn("require_two_factor", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable("two_factor")
    .addColumn("user_id", "uuid", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    // Base32, as authenticator apps take it. Set up but unconfirmed while enabled_at is null.
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("enabled_at", "timestamptz")
    // The time step of the last code accepted, so that a code works once.
    .addColumn("last_used_step", "bigint")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable("recovery_codes")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("used_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint("recovery_codes_user_code_key", ["user_id", "code_hash"])
    .execute();

  await db.schema
    .createTable("sign_in_links")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("space_id", "uuid", (c) => c.notNull().references("spaces.id").onDelete("cascade"))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("used_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("sign_in_links_expires_at_idx").on("sign_in_links").column("expires_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("sign_in_links").execute();
  await db.schema.dropTable("recovery_codes").execute();
  await db.schema.dropTable("two_factor").execute();
  await db.schema.alterTable("agencies").dropColumn("require_two_factor").execute();
}
