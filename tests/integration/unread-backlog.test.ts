import { CompiledQuery, sql } from "kysely";
import { expect, test } from "vitest";
import { spacesWithUnread, spacesWithUnreadRows, unreadCountIn, unreadReaderOf } from "~/models/unread.server";
import { databaseEngine, db, vacuumEmbedded } from "~/services/db.server";
import { UNREAD_SHOWN_UP_TO } from "~/shared/unread";
import { unreadShown } from "#tests/support/unread-shown";
import {
  actorOf,
  createAgency,
  createClient,
  createSpace,
  createSpaceMessage,
  createSpaces,
} from "#tests/support/factories";

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

// As the database's own upkeep leaves it: autovacuum on a server, the app's vacuum on PGlite.
async function upkeep() {
  if (databaseEngine() === "pglite") await vacuumEmbedded("every table");
  else await sql`vacuum analyze space_messages, space_reads`.execute(db);
}

async function planOf(query: { compile(): CompiledQuery }) {
  const { sql: text, parameters } = query.compile();
  const { rows } = await db.executeQuery<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(
    CompiledQuery.raw(`explain (analyze, format json) ${text}`, [...parameters]),
  );
  return nodesOf(rows[0]["QUERY PLAN"][0].Plan);
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
  await upkeep();

  const nodes = await planOf(
    db
      .selectFrom("spaces")
      .where("spaces.id", "=", space.id)
      .select((eb) => unreadCountIn(owner.id, eb.ref("spaces.id")).as("count")),
  );
  const messageScans = nodes.filter((node) => node["Relation Name"] === "space_messages");

  expect(messageScans).toEqual([
    expect.objectContaining({ "Node Type": "Index Only Scan", "Index Name": "space_messages_space_created_idx" }),
  ]);
  const [scan] = messageScans;
  expect(scan["Actual Rows"] * scan["Actual Loops"]).toBeLessThanOrEqual(UNREAD_SHOWN_UP_TO + 1);
  expect(scan["Heap Fetches"]).toBe(0);
  // And what the owner's list says of it.
  expect(await unreadShown(await actorOf(owner), space.id)).toBe(UNREAD_SHOWN_UP_TO + 1);
});

// The bell is on every signed-in page and counts every chat of an owner: the reader's
// watermarks are read once for them all. Scanned again for each chat, a small space_reads
// cost PGlite a question to Node's file system a chat (the table's size).
test("the bell reads the owner's watermarks once for all their chats, not once a chat", async () => {
  const { agencyId, owner } = await createAgency();
  const client = await createClient(agencyId, { name: "Cleo Client" });
  const spaces = await createSpaces(agencyId, 30, { clientIds: [client.client.id] });
  await db
    .insertInto("space_reads")
    .values(
      spaces
        .slice(0, 10)
        .map((space) => ({ space_id: space.id, user_id: owner.id, last_read_at: new Date(Date.now() - 600_000) })),
    )
    .execute();
  await createSpaceMessage(spaces[0].id, client.user.id, { minutesAgo: 1 });
  await createSpaceMessage(spaces[1].id, client.user.id, { minutesAgo: 20 });
  await createSpaceMessage(spaces[20].id, client.user.id, { minutesAgo: 5 });
  await upkeep();
  const actor = await actorOf(owner);

  const watermarkScans = (await planOf(spacesWithUnreadRows(actor.type, unreadReaderOf(actor)))).filter(
    (node) => node["Relation Name"] === "space_reads",
  );
  expect(watermarkScans.length).toBeGreaterThan(0);
  for (const scan of watermarkScans) {
    if (scan["Node Type"] === "Seq Scan") expect(scan["Actual Loops"]).toBe(1);
  }
  // The newest first: a chat with a message since it was read, and one never opened; not one read since.
  expect(await spacesWithUnread(actor)).toEqual([
    expect.objectContaining({ id: spaces[0].id, count: 1 }),
    expect.objectContaining({ id: spaces[20].id, count: 1 }),
  ]);
});
