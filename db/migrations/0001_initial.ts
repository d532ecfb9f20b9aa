import { sql, type Kysely } from "kysely";

/* The whole data model of DESIGN.md. Later changes go in new numbered files. */

const TEAM_ROLES = ["OWNER", "ACCOUNT_MANAGER", "SEO_SPECIALIST", "DESIGNER", "CONTENT_WRITER"];
const inList = (values: string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));

export async function up(db: Kysely<unknown>): Promise<void> {
  const createdAt = sql`now()`;

  await db.schema
    .createTable("users")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("email", "text", (c) =>
      c
        .notNull()
        .unique()
        .check(sql`email = lower(email)`),
    )
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("user_type", "text", (c) =>
      c
        .notNull()
        .defaultTo("AGENCY")
        .check(sql`user_type in ('AGENCY', 'TEAM_MEMBER', 'CLIENT', 'ADMIN')`),
    )
    .addColumn("email_verified_at", "timestamptz")
    // The invitation details that become a team or client record once the email is verified.
    .addColumn("pending_registration", "jsonb")
    .addColumn("must_change_password", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("agency_id", "uuid")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(createdAt))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(createdAt))
    .execute();
  await db.schema.createIndex("users_agency_id_idx").on("users").column("agency_id").execute();

  await db.schema
    .createTable("agencies")
    .addColumn("id", "uuid", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("agency_name", "text", (c) => c.notNull())
    .addColumn("first_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("last_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("mobile_number", "text")
    .addColumn("avatar", "text")
    .addColumn("logo", "text")
    .addColumn("url", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(createdAt))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(createdAt))
    .execute();
  await db.schema
    .alterTable("users")
    .addForeignKeyConstraint("users_agency_id_fkey", ["agency_id"], "agencies", ["id"], (c) => c.onDelete("cascade"))
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(createdAt))
    .addColumn("last_seen_at", "timestamptz", (c) => c.notNull().defaultTo(createdAt))
    .addColumn("user_agent", "text")
    .execute();
  await db.schema.createIndex("sessions_user_id_idx").on("sessions").column("user_id").execute();
  await db.schema.createIndex("sessions_expires_at_idx").on("sessions").column("expires_at").execute();

  await db.schema
    .createTable("verification_tokens")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('email', 'reset')`))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("used_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(createdAt))
    .execute();
  await db.schema
    .createIndex("verification_tokens_user_kind_idx")
    .on("verification_tokens")
    .columns(["user_id", "kind"])
    .execute();

  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("hits", "integer", (c) => c.notNull())
    .addColumn("reset_at", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("rate_limits_reset_at_idx").on("rate_limits").column("reset_at").execute();

  await db.schema
    .createTable("team_members")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("agency_id", "uuid", (c) => c.notNull().references("agencies.id").onDelete("cascade"))
    .addColumn("user_id", "uuid", (c) => c.unique().references("users.id").onDelete("set null"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().check(sql`email = lower(email)`))
    .addColumn("role", "text", (c) => c.notNull().check(sql`role in (${inList(TEAM_ROLES)})`))
    .addColumn("profile_picture", "text")
    .addColumn("mobile_number", "text")
    .addColumn("url", "text")
    .addColumn("login_enabled", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(createdAt))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(createdAt))
    .addUniqueConstraint("team_members_agency_email_key", ["agency_id", "email"])
    .execute();

  await db.schema
    .createTable("clients")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("agency_id", "uuid", (c) => c.notNull().references("agencies.id").onDelete("cascade"))
    .addColumn("user_id", "uuid", (c) => c.unique().references("users.id").onDelete("set null"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().check(sql`email = lower(email)`))
    .addColumn("avatar", "text")
    .addColumn("mobile_number", "text")
    .addColumn("extension", "text")
    .addColumn("url", "text")
    .addColumn("company", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("company_logo", "text")
    .addColumn("role", "text", (c) =>
      c
        .notNull()
        .defaultTo("EMPLOYEE")
        .check(sql`role in ('OWNER', 'LEAD', 'EMPLOYEE')`),
    )
    .addColumn("login_enabled", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(createdAt))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(createdAt))
    .addUniqueConstraint("clients_agency_email_key", ["agency_id", "email"])
    .execute();
  await db.schema.createIndex("clients_agency_company_idx").on("clients").columns(["agency_id", "company"]).execute();
  await db.schema.createIndex("clients_agency_role_idx").on("clients").columns(["agency_id", "role"]).execute();

  await db.schema
    .createTable("spaces")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("agency_id", "uuid", (c) => c.notNull().references("agencies.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("logo", "text")
    .addColumn("contact_number", "text")
    .addColumn("email", "text")
    .addColumn("company", "text")
    .addColumn("url", "text")
    // The last number handed out in this space's change log (space_changes.seq).
    .addColumn("last_seq", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(createdAt))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(createdAt))
    .execute();
  await db.schema.createIndex("spaces_agency_id_idx").on("spaces").columns(["agency_id", "created_at"]).execute();

  await db.schema
    .createTable("space_clients")
    .addColumn("space_id", "uuid", (c) => c.notNull().references("spaces.id").onDelete("cascade"))
    .addColumn("client_id", "uuid", (c) => c.notNull().references("clients.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(createdAt))
    .addPrimaryKeyConstraint("space_clients_pkey", ["space_id", "client_id"])
    .execute();
  await db.schema.createIndex("space_clients_client_id_idx").on("space_clients").column("client_id").execute();

  await db.schema
    .createTable("team_member_spaces")
    .addColumn("team_member_id", "uuid", (c) => c.notNull().references("team_members.id").onDelete("cascade"))
    .addColumn("space_id", "uuid", (c) => c.notNull().references("spaces.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(createdAt))
    .addPrimaryKeyConstraint("team_member_spaces_pkey", ["team_member_id", "space_id"])
    .execute();
  await db.schema.createIndex("team_member_spaces_space_id_idx").on("team_member_spaces").column("space_id").execute();

  await db.schema
    .createTable("invitations")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("email", "text", (c) => c.check(sql`email = lower(email)`))
    .addColumn("role", "text", (c) => c.notNull().check(sql`role in (${inList([...TEAM_ROLES, "CLIENT"])})`))
    .addColumn("agency_id", "uuid", (c) => c.notNull().references("agencies.id").onDelete("cascade"))
    .addColumn("invited_by", "uuid", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("used", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("meta", "jsonb")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(createdAt))
    .execute();
  await db.schema
    .createIndex("invitations_agency_created_idx")
    .on("invitations")
    .columns(["agency_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("invitations_open_by_email_idx")
    .on("invitations")
    .columns(["agency_id", "email", "role"])
    .where(sql.ref("used"), "=", false)
    .execute();

  await db.schema
    .createTable("space_messages")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("space_id", "uuid", (c) => c.notNull().references("spaces.id").onDelete("cascade"))
    .addColumn("sender_id", "uuid", (c) => c.references("users.id").onDelete("set null"))
    // Made by the sender's browser, so that a retried send is stored once.
    .addColumn("client_id", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("attachment_key", "text")
    .addColumn("attachment_name", "text")
    .addColumn("attachment_size", "integer")
    .addColumn("attachment_type", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(createdAt))
    .addColumn("edited_at", "timestamptz")
    .addColumn("deleted_at", "timestamptz")
    .addUniqueConstraint("space_messages_sender_client_id_key", ["sender_id", "client_id"])
    .execute();
  await db.schema
    .createIndex("space_messages_space_created_idx")
    .on("space_messages")
    .columns(["space_id", "created_at", "id"])
    .execute();

  await db.schema
    .createTable("space_changes")
    .addColumn("space_id", "uuid", (c) => c.notNull().references("spaces.id").onDelete("cascade"))
    .addColumn("seq", "bigint", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("message_id", "uuid", (c) => c.references("space_messages.id").onDelete("cascade"))
    .addColumn("user_id", "uuid", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("payload", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(createdAt))
    .addPrimaryKeyConstraint("space_changes_pkey", ["space_id", "seq"])
    .execute();

  await db.schema
    .createTable("space_reads")
    .addColumn("space_id", "uuid", (c) => c.notNull().references("spaces.id").onDelete("cascade"))
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("last_read_at", "timestamptz", (c) => c.notNull())
    // When this member was last mailed about unread messages here.
    .addColumn("notified_at", "timestamptz")
    .addPrimaryKeyConstraint("space_reads_pkey", ["space_id", "user_id"])
    .execute();

  await db.schema
    .createTable("message_reactions")
    .addColumn("message_id", "uuid", (c) => c.notNull().references("space_messages.id").onDelete("cascade"))
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("reaction_type", "text", (c) =>
      c.notNull().check(sql`reaction_type in ('smile', 'heart', 'thumbsup', 'angry')`),
    )
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(createdAt))
    .addPrimaryKeyConstraint("message_reactions_pkey", ["message_id", "user_id", "reaction_type"])
    .execute();

  await db.schema
    .createTable("notification_preferences")
    .addColumn("user_id", "uuid", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("new_client", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("team_activity", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("marketing", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("unread_messages", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(createdAt))
    .execute();

  await db.schema
    .createTable("activity")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("agency_id", "uuid", (c) => c.notNull().references("agencies.id").onDelete("cascade"))
    .addColumn("actor_id", "uuid", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("subject_type", "text")
    .addColumn("subject_id", "uuid")
    .addColumn("summary", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(createdAt))
    .execute();
  // @socket.io/postgres-adapter keeps large packets here; it expects this exact table.
  await sql`create table socket_io_attachments (
    id bigserial unique, created_at timestamptz default now(), payload bytea
  )`.execute(db);

  await db.schema
    .createIndex("activity_agency_created_idx")
    .on("activity")
    .columns(["agency_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const tables = [
    "socket_io_attachments",
    "activity",
    "notification_preferences",
    "message_reactions",
    "space_reads",
    "space_changes",
    "space_messages",
    "invitations",
    "team_member_spaces",
    "space_clients",
    "spaces",
    "clients",
    "team_members",
    "rate_limits",
    "verification_tokens",
    "sessions",
  ];
  for (const table of tables) await db.schema.dropTable(table).execute();
  await db.schema.alterTable("users").dropConstraint("users_agency_id_fkey").execute();
  await db.schema.dropTable("agencies").execute();
  await db.schema.dropTable("users").execute();
}
