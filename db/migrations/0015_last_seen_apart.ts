import { sql, type Kysely } from "kysely";

/*
 * When each user was last seen moves out of `users` into a table of its own: it is
 * written whenever someone's last tab closes, and an account's row should not change with
 * every tab (nor carry presence in what reads and copies accounts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("user_last_seen")
    .addColumn("user_id", "uuid", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("seen_at", "timestamptz", (c) => c.notNull())
    .execute();
  await sql`insert into user_last_seen (user_id, seen_at) select id, last_seen_at from users where last_seen_at is not null`.execute(
    db,
  );
  await db.schema.alterTable("users").dropColumn("last_seen_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("last_seen_at", "timestamptz").execute();
  await sql`update users set last_seen_at = seen_at from user_last_seen where user_last_seen.user_id = users.id`.execute(
    db,
  );
  await db.schema.dropTable("user_last_seen").execute();
}
