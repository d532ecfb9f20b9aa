import { sql, type Kysely } from "kysely";

/*
 * Issue 35: mention mails come as a digest. `mention_notices` holds who has been told they
 * are named in which message (so an edit that takes a name out and puts it back tells
 * nobody again), and which of those a mail has not dealt with yet. `mention_digests` holds
 * when a person was last mailed about a space, so that they get at most one mail per space
 * every few minutes, and the sign-in link that mail carried, mailed again while it is
 * unused and valid. The people already named in existing messages count as told.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("mention_notices")
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("message_id", "uuid", (c) => c.notNull().references("space_messages.id").onDelete("cascade"))
    .addColumn("settled_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("mention_notices_pkey", ["user_id", "message_id"])
    .execute();
  await db.schema.createIndex("mention_notices_message_id_idx").on("mention_notices").column("message_id").execute();
  await sql`
    insert into mention_notices (user_id, message_id, settled_at)
    select distinct users.id, space_messages.id, now()
    from space_messages
    cross join lateral jsonb_array_elements(space_messages.mentions) as mention
    join users on users.id::text = mention->>'userId'
    where space_messages.sender_id is distinct from users.id
  `.execute(db);

  await db.schema
    .createTable("mention_digests")
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("space_id", "uuid", (c) => c.notNull().references("spaces.id").onDelete("cascade"))
    .addColumn("mailed_at", "timestamptz", (c) => c.notNull())
    .addColumn("sign_in_link_id", "uuid", (c) => c.references("sign_in_links.id").onDelete("set null"))
    .addPrimaryKeyConstraint("mention_digests_pkey", ["user_id", "space_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("mention_digests").execute();
  await db.schema.dropTable("mention_notices").execute();
}
