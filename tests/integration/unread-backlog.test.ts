import { CompiledQuery, sql } from "kysely";
import { expect, test } from "vitest";
import { unreadCountIn } from "~/models/unread.server";
import { databaseEngine, db, vacuumEmbedded } from "~/services/db.server";
import { UNREAD_SHOWN_UP_TO } from "~/shared/unread";
import { unreadShown } from "#tests/support/unread-shown";
import { actorOf, createAgency, createClient, createSpace } from "#tests/support/factories";

/*
 * Every signed-in page counts each of the reader's chats' unread messages (the lists, the
 * bell), no further than "99+". An owner who never opens a busy chat must not pay for its
 * whole backlog on every page: the count reads the chat's index of messages by time alone
 * (migration 0031), and stops at the hundredth entry. npm test runs this file on PGlite,
 * `npm run test:postgres` on the server.
 */

type PlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  "Heap Fetches"?: number;
  Plans?: PlanNode[];
};

function nodesOf(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];
}

test("a chat's thousand unread messages are counted from its index alone, and no further than 99+", async () => {
  const { agencyId, owner } = await createAgency();
  const client = await createClient(agencyId, { name: "Cleo Client" });
  const space = await createSpace(agencyId, { name: "Launch", clientIds: [client.client.id] });
  const start = Date.now() - 3_600_000;
  await db
    .insertInto("space_messages")
    .values(
      Array.from({ length: 1_000 }, (_, index) => ({
        space_id: space.id,
        sender_id: client.user.id,
        client_id: `backlog-${index}`,
        content: `Update ${index}`,
        created_at: new Date(start + index * 1_000),
      })),
    )
    .execute();
  // As the database's own upkeep leaves it: autovacuum on a server, the app's vacuum on PGlite.
  if (databaseEngine() === "pglite") await vacuumEmbedded("every table");
  else await sql`vacuum analyze space_messages`.execute(db);

  const counted = db
    .selectFrom("spaces")
    .where("spaces.id", "=", space.id)
    .select((eb) => unreadCountIn(owner.id, eb.ref("spaces.id")).as("count"))
    .compile();
  const { rows } = await db.executeQuery<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(
    CompiledQuery.raw(`explain (analyze, format json) ${counted.sql}`, [...counted.parameters]),
  );
  const messageScans = nodesOf(rows[0]["QUERY PLAN"][0].Plan).filter(
    (node) => node["Relation Name"] === "space_messages",
  );

  expect(messageScans).toEqual([
    expect.objectContaining({ "Node Type": "Index Only Scan", "Index Name": "space_messages_space_created_idx" }),
  ]);
  const [scan] = messageScans;
  expect(scan["Actual Rows"] * scan["Actual Loops"]).toBeLessThanOrEqual(UNREAD_SHOWN_UP_TO + 1);
  expect(scan["Heap Fetches"]).toBe(0);
  // And what the owner's list says of it.
  expect(await unreadShown(await actorOf(owner), space.id)).toBe(UNREAD_SHOWN_UP_TO + 1);
});
