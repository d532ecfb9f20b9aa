import { expect, test } from "vitest";
import { createInvitation } from "~/models/inviting.server";
import { sql } from "kysely";
import { db } from "~/services/db.server";
import { actorOf, createAgency } from "#tests/support/factories";

/*
 * Runs on PGlite and on the Postgres server (vitest.config.ts's POSTGRES_FILES): PGlite
 * serialises every transaction on its one connection, so only the server's pool shows
 * two submissions really racing.
 */

test("the same client owner invited twice at once (a double click, Enter and a click) gets one link", async () => {
  const { owner, agencyId } = await createAgency({ agencyName: "Acme Digital" });
  const actor = await actorOf(owner);
  const input = {
    kind: "client" as const,
    clientRole: "OWNER" as const,
    email: "twice@example.test",
    sendEmail: false,
  };

  // Open the pool's connections first: otherwise each submission waits for a new connection
  // of its own and they run one after the other, as if never submitted together.
  await Promise.all(Array.from({ length: 4 }, () => sql`select pg_sleep(0.05)`.execute(db)));
  const made = await Promise.all(
    Array.from({ length: 4 }, () => createInvitation(actor, input, { origin: "http://localhost:3000" })),
  );

  expect(new Set(made.map((invitation) => invitation.link)).size).toBe(1);
  expect(made.filter((invitation) => !invitation.reused)).toHaveLength(1);
  const rows = await db.selectFrom("invitations").select("id").where("agency_id", "=", agencyId).execute();
  expect(rows).toHaveLength(1);
});
