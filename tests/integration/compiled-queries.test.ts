import { DefaultQueryCompiler, sql } from "kysely";
import { afterEach, describe, expect, test, vi } from "vitest";
import { compiledQuery, compiledQueryPer } from "~/services/compiled-queries.server";
import { db } from "~/services/db.server";
import { createUser, uniqueEmail } from "#tests/support/factories";

/* Queries compiled once and run with new values (issue 41), on PGlite and on a Postgres server. */

const compilations = () => vi.spyOn(DefaultQueryCompiler.prototype, "compileQuery");

afterEach(() => vi.restoreAllMocks());

const usersOfType = compiledQuery((values: { emails: string[]; type: "AGENCY" | "CLIENT" }) =>
  db
    .selectFrom("users")
    .select(["email", "user_type"])
    .where(sql<boolean>`email = any(${values.emails}::text[])`)
    .where("user_type", "=", values.type)
    .orderBy("email"),
);

describe("a compiled query", () => {
  test("is compiled once and answers each run with that run's values, lists of any length included", async () => {
    const [first, second] = [uniqueEmail("a"), uniqueEmail("b")].sort();
    const client = uniqueEmail("c");
    await createUser({ email: first });
    await createUser({ email: second });
    await createUser({ email: client, type: "CLIENT" });
    // The first run compiles it (another file's run in this worker may have already).
    await usersOfType({ emails: [], type: "AGENCY" });
    const compiled = compilations();

    expect(await usersOfType({ emails: [first, second, client], type: "AGENCY" })).toEqual([
      { email: first, user_type: "AGENCY" },
      { email: second, user_type: "AGENCY" },
    ]);
    expect(await usersOfType({ emails: [second, client], type: "CLIENT" })).toEqual([
      { email: client, user_type: "CLIENT" },
    ]);
    expect(await usersOfType({ emails: [], type: "AGENCY" })).toEqual([]);
    expect(compiled).not.toHaveBeenCalled();
  });

  test("runs in the caller's transaction, seeing what it wrote", async () => {
    const email = uniqueEmail("tx");
    const seen = await db.transaction().execute(async (tx) => {
      await tx
        .insertInto("users")
        .values({ email, password_hash: "x", user_type: "CLIENT", agency_id: null })
        .execute();
      return usersOfType({ emails: [email], type: "CLIENT" }, tx);
    });
    expect(seen).toEqual([{ email, user_type: "CLIENT" }]);
  });

  test("takes JSON, timestamps and numbers as the query uses them", async () => {
    const query = compiledQuery(
      (values: { document: string; at: Date; add: number }) =>
        sql<{ length: number; at: Date; sum: number }>`
        select jsonb_array_length(${values.document}::jsonb) as length, ${values.at}::timestamptz as at,
          ${values.add}::integer + 1 as sum`,
    );
    const at = new Date("2026-11-27T10:00:00.123Z");
    expect(await query({ document: JSON.stringify([1, 2, 3]), at, add: 41 })).toEqual([{ length: 3, at, sum: 42 }]);
    expect(await query({ document: "[]", at, add: 0 })).toEqual([{ length: 0, at, sum: 1 }]);
  });

  test("a value its text depends on is a shape of it, each compiled once", async () => {
    const verified = uniqueEmail("verified");
    const unverified = uniqueEmail("unverified");
    await createUser({ email: verified });
    await createUser({ email: unverified, verified: false });
    const users = compiledQueryPer((shape: { verifiedOnly: boolean }, values: { emails: string[] }) => {
      const query = db
        .selectFrom("users")
        .select("email")
        .where(sql<boolean>`email = any(${values.emails}::text[])`)
        .orderBy("email");
      return shape.verifiedOnly ? query.where("email_verified_at", "is not", null) : query;
    });
    const compiled = compilations();
    const emails = [verified, unverified];
    for (let run = 0; run < 2; run++) {
      expect(await users({ verifiedOnly: true }, { emails })).toEqual([{ email: verified }]);
      expect((await users({ verifiedOnly: false }, { emails })).map((row) => row.email)).toEqual(emails.sort());
    }
    expect(compiled).toHaveBeenCalledTimes(2);
  });

  test("refuses a value used while the query is built instead of handed to it", async () => {
    const misused = compiledQuery((values: { tags: string[] }) => sql`select ${JSON.stringify(values.tags)}::jsonb`);
    await expect(misused({ tags: ["a"] })).rejects.toThrow('value "tags" was used while the query was built');
  });
});
