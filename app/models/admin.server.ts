import { sql } from "kysely";
import { migrations } from "#db/migrations";
import type { UserType } from "#db/schema";
import { db, databaseEngine, countOf } from "~/services/db.server";
import { env } from "~/services/env.server";
import { queueSizes } from "~/services/jobs.server";
import type { Actor } from "./actors.server";
import { forbidden } from "./errors.server";
import { takePage, type Page } from "~/shared/paging";
import { hashPassword } from "./passwords.server";
import { SIGN_IN_LINK_LIFETIME_MS } from "./sign-in-links.server";
import { NOTICE_AFTER_MS } from "./unread-notices.server";

/* What the admin area shows: every account, the database's state and the settings in force. */

function assertAdmin(actor: Actor) {
  if (!actor.isAdmin) throw forbidden("Administrators only.");
}

export type AdminUser = {
  id: string;
  email: string;
  userType: UserType;
  agencyName: string | null;
  verified: boolean;
  createdAt: Date;
};

/** Every account, newest first, a page at a time; `query` matches the email or the agency's name. */
export async function listUsers(
  actor: Actor,
  { query = "", page = 1 }: { query?: string; page?: number } = {},
): Promise<{ users: Page<AdminUser>; query: string }> {
  assertAdmin(actor);
  const search = query.trim().slice(0, 100);
  let filtered = db.selectFrom("users").leftJoin("agencies", "agencies.id", "users.agency_id");
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    filtered = filtered.where((eb) =>
      eb.or([eb("users.email", "ilike", pattern), eb("agencies.agency_name", "ilike", pattern)]),
    );
  }
  const users = await takePage(
    page,
    () => countOf(filtered),
    async ({ limit, offset }) => {
      const rows = await filtered
        .select([
          "users.id",
          "users.email",
          "users.user_type",
          "users.email_verified_at",
          "users.created_at",
          "agencies.agency_name",
        ])
        .orderBy("users.created_at", "desc")
        .orderBy("users.id")
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        email: row.email,
        userType: row.user_type,
        agencyName: row.agency_name,
        verified: row.email_verified_at !== null,
        createdAt: row.created_at,
      }));
    },
  );
  return { users, query: search };
}

const COUNTED_TABLES = [
  "users",
  "agencies",
  "team_members",
  "clients",
  "spaces",
  "invitations",
  "space_messages",
  "sessions",
  "activity",
  "sign_in_links",
] as const;

export async function databaseStatus(actor: Actor) {
  assertAdmin(actor);
  const applied = await sql<{ name: string; timestamp: string }>`
    select name, timestamp from kysely_migration order by name
  `.execute(db);
  const appliedAt = new Map(applied.rows.map((row) => [row.name, row.timestamp]));
  const counts = await Promise.all(
    COUNTED_TABLES.map(async (table) => {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("count"))
        .executeTakeFirstOrThrow();
      return { table, rows: Number(row.count) };
    }),
  );
  return {
    engine: databaseEngine(),
    // Every migration this build knows, applied or not: a pending one means start-up has not migrated yet.
    migrations: Object.keys(migrations).map((name) => ({ name, appliedAt: appliedAt.get(name) ?? null })),
    counts,
    queues: await queueSizes(),
  };
}

/** The configuration this instance runs with; secrets are shown only as set or not. */
export function settingsInForce(actor: Actor) {
  assertAdmin(actor);
  const config = env();
  const isSet = (value: string | undefined) => (value ? "set" : "not set");
  return [
    { name: "NODE_ENV", value: config.NODE_ENV },
    { name: "PORT", value: String(config.PORT) },
    {
      name: "Database",
      value: config.DATABASE_URL ? "Postgres server (DATABASE_URL)" : `PGlite in ${config.dataDir}/db`,
    },
    {
      name: "Files",
      value: config.S3_BUCKET ? `S3 bucket ${config.S3_BUCKET}` : `Local disk in ${config.dataDir}/uploads`,
    },
    {
      name: "Mail",
      value: config.RESEND_API_KEY ? `Resend, from ${config.MAIL_FROM}` : `Outbox in ${config.dataDir}/mail`,
    },
    { name: "Realtime fan-out", value: config.DATABASE_URL ? "Postgres adapter" : "In-process" },
    { name: "Job queue", value: "pg-boss in the app's database (schema pgboss)" },
    { name: "Unread-message notices", value: `after ${NOTICE_AFTER_MS / 60_000} minutes, one per member and space` },
    { name: "Notice sign-in links", value: `single-use, valid ${SIGN_IN_LINK_LIFETIME_MS / 3_600_000} hours` },
    { name: "APP_URL", value: config.APP_URL },
    { name: "SESSION_SECRET", value: isSet(config.SESSION_SECRET) },
    { name: "RESEND_API_KEY", value: isSet(config.RESEND_API_KEY) },
    { name: "S3 keys", value: isSet(config.S3_SECRET_ACCESS_KEY) },
    { name: "TRUST_PROXY_HOPS", value: String(config.TRUST_PROXY_HOPS) },
  ];
}

/** For `npm run admin:create`: a new, verified administrator account. */
export async function createAdministrator(email: string, password: string) {
  return db
    .insertInto("users")
    .values({
      email: email.trim().toLowerCase(),
      password_hash: await hashPassword(password),
      user_type: "ADMIN",
      email_verified_at: new Date(),
    })
    .onConflict((oc) => oc.column("email").doNothing())
    .returning(["id", "email"])
    .executeTakeFirst();
}
