import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { describe, expect, test } from "vitest";
import { migrations } from "#db/migrations";
import { db, databaseEngine, migrate } from "~/services/db.server";
import { createAgency, createSpace } from "#tests/support/factories";

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
        "space_exports",
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

  test("0006 makes one company per agency and name, and a company of one of each client without a name", async () => {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo("0005_security_and_notices")).error).toBeUndefined();
    const agency = async (name: string) => {
      const { rows } = await sql<{ id: string }>`
        insert into users (email, password_hash) values (${`${name}@migrate.test`}, 'x') returning id
      `.execute(db);
      await sql`insert into agencies (id, agency_name) values (${rows[0].id}, ${name})`.execute(db);
      return rows[0].id;
    };
    const [acme, other] = [await agency("acme"), await agency("other")];
    const client = async (agencyId: string, email: string, company: string) => {
      await sql`insert into clients (agency_id, name, email, company) values (${agencyId}, ${email}, ${email}, ${company})`.execute(
        db,
      );
    };
    await client(acme, "a@x.test", "Globex");
    await client(acme, "b@x.test", "Globex");
    await client(acme, "c@x.test", "");
    await client(acme, "d@x.test", "");
    await client(other, "e@x.test", "Globex");

    await migrate();
    const { rows } = await sql<{ email: string; company_id: string; name: string }>`
      select clients.email, clients.company_id, client_companies.name
      from clients join client_companies on client_companies.id = clients.company_id
      where clients.email like '%@x.test' order by clients.email
    `.execute(db);
    const [a, b, c, d, e] = rows;
    expect(rows.map((row) => row.name)).toEqual(["Globex", "Globex", "", "", "Globex"]);
    expect(b.company_id).toBe(a.company_id);
    expect(new Set([a.company_id, c.company_id, d.company_id, e.company_id]).size).toBe(4);
  });

  test("0027 gives the messages already stored their words, and leaves the deleted ones out", async () => {
    const { agencyId } = await createAgency({ agencyName: "Words Agency" });
    const space = await createSpace(agencyId);
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo("0026_sign_offs")).error).toBeUndefined();
    const message = async (content: string, deleted: boolean) => {
      const { rows } = await sql<{ id: string }>`
        insert into space_messages (space_id, sender_id, client_id, content, deleted_at)
        values (${space.id}, ${agencyId}, ${content}, ${content}, ${deleted ? new Date() : null}) returning id
      `.execute(db);
      return rows[0].id;
    };
    const kept = await message("The résumé is attached", false);
    await message("A résumé since deleted", true);

    await migrate();
    const { rows } = await sql<{ message_id: string }>`
      select message_id from message_words where words @@ to_tsquery('search_words', 'resume')
    `.execute(db);
    expect(rows.map((row) => row.message_id)).toEqual([kept]);
  });
});
