import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { db, databaseEngine, migrate } from "~/services/db.server";

describe(`migrations on ${process.env.TEST_DATABASE_URL ? "the Postgres server" : "PGlite"}`, () => {
  test("create every table of the data model", async () => {
    const { rows } = await sql<{ table_name: string }>`
      select table_name from information_schema.tables where table_schema = 'public' order by table_name
    `.execute(db);
    expect(rows.map((row) => row.table_name)).toEqual(
      expect.arrayContaining([
        "activity",
        "agencies",
        "clients",
        "invitations",
        "message_reactions",
        "notification_preferences",
        "rate_limits",
        "recovery_codes",
        "sessions",
        "sign_in_links",
        "space_changes",
        "space_clients",
        "space_messages",
        "space_reads",
        "spaces",
        "team_member_spaces",
        "team_members",
        "two_factor",
        "users",
        "verification_tokens",
      ]),
    );
    expect(databaseEngine()).toBe(process.env.TEST_DATABASE_URL ? "postgres" : "pglite");
  });

  test("running them again changes nothing", async () => {
    expect(await migrate()).toEqual([]);
  });

  test("emails are unique whatever their case, because they are stored lower-case", async () => {
    await db.insertInto("users").values({ email: "owner@example.com", password_hash: "x" }).execute();
    await expect(
      db.insertInto("users").values({ email: "Owner@Example.com", password_hash: "x" }).execute(),
    ).rejects.toThrow(/check constraint/);
    await expect(
      db.insertInto("users").values({ email: "owner@example.com", password_hash: "x" }).execute(),
    ).rejects.toThrow(/duplicate key/);
  });

  test("deleting an agency owner removes the agency and everything in it", async () => {
    const owner = await db
      .insertInto("users")
      .values({ email: "boss@agency.test", password_hash: "x" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.insertInto("agencies").values({ id: owner.id, agency_name: "Acme" }).execute();
    const space = await db
      .insertInto("spaces")
      .values({ agency_id: owner.id, name: "Client Co" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.deleteFrom("users").where("id", "=", owner.id).execute();
    const left = await db.selectFrom("spaces").where("id", "=", space.id).select("id").execute();
    expect(left).toEqual([]);
  });
});
