import { sql, type Kysely } from "kysely";

/*
 * Issue 39: sign-off on deliverables (ADR 035). A sign-off hangs on a message of the
 * client chat that carries a file (its card shows there); each new version of the
 * deliverable is a message of its own with its file; each version has at most one answer
 * (the unique key decides a race of two), and the answer keeps who gave it, from which
 * session, and the SHA-256 of the file's stored bytes at that moment, with the names as
 * they were, so the record stands when people, files or messages change later.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("sign_offs")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("space_id", "uuid", (c) => c.notNull().references("spaces.id").onDelete("cascade"))
    .addColumn("message_id", "uuid", (c) => c.notNull().unique().references("space_messages.id").onDelete("cascade"))
    .addColumn("asked_by", "uuid", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("asked_by_name", "text", (c) => c.notNull())
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    // A calendar day, not an instant: ISO text, which neither driver turns into a midnight somewhere.
    .addColumn("due_on", "text", (c) => c.check(sql`due_on ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`))
    // Kept by the model with each change, so lists filter and page by it in SQL.
    .addColumn("state", "text", (c) =>
      c
        .notNull()
        .defaultTo("waiting")
        .check(sql`state in ('waiting', 'approved', 'changes_requested', 'withdrawn')`),
    )
    .addColumn("current_version", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("withdrawn_at", "timestamptz")
    .addColumn("withdrawn_by_name", "text")
    // Set when no one chose to withdraw it: its file was deleted from the chat.
    .addColumn("withdrawn_because", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("sign_offs_space_created_idx")
    .on("sign_offs")
    .columns(["space_id", "state", "created_at"])
    .execute();
  await db.schema
    .createTable("sign_off_people")
    .addColumn("sign_off_id", "uuid", (c) => c.notNull().references("sign_offs.id").onDelete("cascade"))
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("sign_off_people_pkey", ["sign_off_id", "user_id"])
    .execute();
  await db.schema.createIndex("sign_off_people_user_idx").on("sign_off_people").column("user_id").execute();
  await db.schema
    .createTable("sign_off_versions")
    .addColumn("sign_off_id", "uuid", (c) => c.notNull().references("sign_offs.id").onDelete("cascade"))
    .addColumn("number", "integer", (c) => c.notNull())
    .addColumn("message_id", "uuid", (c) => c.notNull().references("space_messages.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("sign_off_versions_pkey", ["sign_off_id", "number"])
    .execute();
  await db.schema.createIndex("sign_off_versions_message_idx").on("sign_off_versions").column("message_id").execute();
  await db.schema
    .createTable("sign_off_answers")
    .addColumn("sign_off_id", "uuid", (c) => c.notNull().references("sign_offs.id").onDelete("cascade"))
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("answer", "text", (c) => c.notNull().check(sql`answer in ('approved', 'changes_requested')`))
    .addColumn("comment", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("user_id", "uuid", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("user_name", "text", (c) => c.notNull())
    .addColumn("session_handle", "text", (c) => c.notNull())
    .addColumn("device", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("files", "jsonb", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("sign_off_answers_pkey", ["sign_off_id", "version"])
    .execute();
  await db.schema
    .createTable("sign_off_reminders")
    .addColumn("sign_off_id", "uuid", (c) => c.notNull().references("sign_offs.id").onDelete("cascade"))
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("due_on", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('day-before', 'due-day')`))
    .addColumn("sent_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("sign_off_reminders_pkey", ["sign_off_id", "user_id", "due_on", "kind"])
    .execute();
  // "Sign-off requests and reminders": a mail when asked, the day before the due date and on it.
  await db.schema
    .alterTable("notification_preferences")
    .addColumn("sign_offs", "boolean", (c) => c.notNull().defaultTo(true))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("notification_preferences").dropColumn("sign_offs").execute();
  await db.schema.dropTable("sign_off_reminders").execute();
  await db.schema.dropTable("sign_off_answers").execute();
  await db.schema.dropTable("sign_off_versions").execute();
  await db.schema.dropTable("sign_off_people").execute();
  await db.schema.dropTable("sign_offs").execute();
}
