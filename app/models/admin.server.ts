import { sql } from "kysely";
import { db, databaseEngine } from "~/services/db.server";
import { env } from "~/services/env.server";
import type { Actor } from "./actors.server";
import { hashPassword } from "./passwords.server";

/* What the admin area shows: every account, the database's state and the settings in force. */

export class NotAllowedError extends Error {
  name = "NotAllowedError";
}

function assertAdmin(actor: Actor) {
  if (!actor.isAdmin) throw new NotAllowedError("Administrators only.");
}

export async function listUsers(actor: Actor) {
  assertAdmin(actor);
  return db
    .selectFrom("users")
    .leftJoin("agencies", "agencies.id", "users.agency_id")
    .select([
      "users.id",
      "users.email",
      "users.user_type",
      "users.email_verified_at",
      "users.created_at",
      "agencies.agency_name",
    ])
    .orderBy("users.created_at", "desc")
    .limit(500)
    .execute();
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
] as const;

export async function databaseStatus(actor: Actor) {
  assertAdmin(actor);
  const migrations = await sql<{ name: string; timestamp: string }>`
    select name, timestamp from kysely_migration order by name
  `.execute(db);
  const counts = await Promise.all(
    COUNTED_TABLES.map(async (table) => {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("count"))
        .executeTakeFirstOrThrow();
      return { table, rows: Number(row.count) };
    }),
  );
  return { engine: databaseEngine(), migrations: migrations.rows, counts };
}

/** The configuration this instance runs with; secrets are shown only as set or not. */
export function settingsInForce(actor: Actor) {
  assertAdmin(actor);
  const config = env();
  const isSet = (value: string | undefined) => (value ? "set" : "not set");
  return [
    { name: "NODE_ENV", value: config.NODE_ENV },
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
    { name: "APP_URL", value: config.APP_URL ?? "taken from each request" },
    { name: "SESSION_SECRET", value: isSet(config.SESSION_SECRET) },
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
