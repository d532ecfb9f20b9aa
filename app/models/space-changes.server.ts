import { sql, type Expression, type Transaction } from "kysely";
import type { Database } from "#db/schema";
import { compiledQuery } from "~/services/compiled-queries.server";
import { db } from "~/services/db.server";
import { emit } from "./events.server";
import type { SpaceChange, SpaceChangeKind } from "~/shared/protocol";
import type { Actor } from "./actors.server";
import { notFound } from "./errors.server";
import { findVisibleChat, isUuid, SPACE_NOT_FOUND, visibleChatIds } from "./space-access.server";

/*
 * The change log of a space (DESIGN.md): every change to its chat gets the space's
 * next sequence number, taken from the space row inside the transaction that makes
 * the change. The row lock serialises writers of one space, so the numbers are
 * gap-free in commit order, and a client that has seen up to N asks for what came
 * after N. Live events carry the same numbers.
 */

export type { SpaceChange, SpaceChangeKind };

/** How many changes a reconnecting client may have missed before it is told to reload instead. */
export const REPLAY_LIMIT = 200;

/** Each space's log keeps its latest changes: the replay window, and as many again for a sync that reads during a trim. */
export const KEPT_CHANGES = 2 * REPLAY_LIMIT;

type NewChange = {
  spaceId: string;
  kind: SpaceChangeKind;
  messageId?: string | null;
  userId?: string | null;
  payload: Record<string, unknown>;
};

/** Appends a change to the space's log inside `tx`; publish it with `publishChanges` once `tx` has committed. */
export async function recordChange(tx: Transaction<Database>, change: NewChange): Promise<SpaceChange> {
  const [row] = await changeAppended(
    {
      spaceId: change.spaceId,
      kind: change.kind,
      messageId: change.messageId ?? null,
      userId: change.userId ?? null,
      payload: JSON.stringify(change.payload),
    },
    tx,
  );
  if (!row) throw new Error(`No space ${change.spaceId} to log a change of`);
  return spaceChangeOf(row);
}

// Every edit, delete, reaction and read logs one: compiled once.
const changeAppended = compiledQuery(
  (values: { spaceId: string; kind: string; messageId: string | null; userId: string | null; payload: string }) =>
    sql<ChangeRow>`
      with ${appendChanges(sql`
        select ${values.spaceId}::uuid as space_id, 0 as ord, ${values.kind}::text as kind,
          ${values.messageId}::uuid as message_id, ${values.userId}::uuid as user_id,
          ${values.payload}::jsonb as payload
      `)}
      select * from change
    `,
);

/**
 * The appending of changes as CTEs of one statement, the last of them `change` (the
 * logged changes, every column): `recordChange` runs them for one change, a send for the
 * messages stored before them in the same statement (messages.server.ts). `rows` selects
 * `space_id, ord, kind, message_id, user_id, payload`; each space's changes are numbered
 * in the order of `ord`. The spaces' rows are locked in the order of their ids, so two
 * statements that number the same spaces never each wait for the other, and in the mode an
 * update of `last_seq` takes (no key update): a stronger one would wait on the key-share
 * locks that rows referring to the space (a message, a watermark) take, and two
 * transactions that each wrote such a row first would wait on each other.
 */
export function appendChanges(rows: Expression<unknown>) {
  return sql`
    added as (${rows}),
    counted as (select space_id, count(*)::integer as count from added group by space_id),
    locked as (select id from spaces where id in (select space_id from counted) order by id for no key update),
    numbered as (
      update spaces set last_seq = last_seq + counted.count
      from counted, (select count(*) from locked) as held
      where spaces.id = counted.space_id
      returning spaces.id, spaces.last_seq, counted.count
    ),
    change as (
      insert into space_changes (space_id, seq, kind, message_id, user_id, payload)
      select added.space_id,
        numbered.last_seq - numbered.count + row_number() over (partition by added.space_id order by added.ord),
        added.kind, added.message_id, added.user_id, added.payload
      from added join numbered on numbered.id = added.space_id
      returning *
    )`;
}

/** Tells the space's room (app/realtime) about committed changes, in order. */
export function publishChanges(spaceId: string, changes: SpaceChange[]) {
  for (const change of changes) emit("space.changed", { spaceId, change });
}

export type ChangesSince = { reload: false; changes: SpaceChange[]; lastSeq: number } | { reload: true };

/**
 * What a client that has seen the space's log up to `afterSeq` missed, edits and
 * deletes included; or `reload` when it missed more than `limit` (or holds a number
 * this log never handed out). A 404 refusal when the actor may not see the space.
 */
export async function changesSince(
  actor: Actor,
  spaceId: string,
  afterSeq: number,
  limit = REPLAY_LIMIT,
): Promise<ChangesSince> {
  if (!Number.isSafeInteger(afterSeq) || afterSeq < 0) {
    await findVisibleChat(actor, spaceId);
    return { reload: true };
  }
  if (!isUuid(spaceId)) throw notFound(SPACE_NOT_FOUND);
  // The space's number and the changes before it, in one snapshot: a space the actor may
  // not see has no row, one with nothing to replay (or too much) a row without a change.
  const rows = await db
    .selectFrom("spaces")
    .leftJoin("space_changes", (join) =>
      join
        .onRef("space_changes.space_id", "=", "spaces.id")
        .on("space_changes.seq", ">", String(afterSeq))
        .on(sql<boolean>`spaces.last_seq - ${afterSeq} <= ${limit}`),
    )
    .select([
      "spaces.last_seq",
      "space_changes.seq",
      "space_changes.kind",
      "space_changes.message_id",
      "space_changes.user_id",
      "space_changes.payload",
      "space_changes.created_at",
    ])
    .where("spaces.id", "=", spaceId)
    .where("spaces.id", "in", visibleChatIds(actor))
    .orderBy("space_changes.seq")
    .execute();
  if (!rows.length) throw notFound(SPACE_NOT_FOUND);
  const lastSeq = Number(rows[0].last_seq);
  if (afterSeq > lastSeq || lastSeq - afterSeq > limit) return { reload: true };
  const changes = rows.flatMap((row) => (row.seq === null ? [] : [spaceChangeOf(row as ChangeRow)]));
  // The start of the log is trimmed away: a client from before it reloads rather than skip what it missed.
  if (lastSeq > afterSeq && changes[0]?.seq !== afterSeq + 1) return { reload: true };
  return { reload: false, changes, lastSeq };
}

/** Forgets what no client may still replay (run hourly with the other pruning), so the log stops growing with the chat. */
export async function trimChangeLogs(): Promise<void> {
  await db
    .deleteFrom("space_changes")
    .using("spaces")
    .whereRef("spaces.id", "=", "space_changes.space_id")
    .where("space_changes.seq", "<=", sql<string>`spaces.last_seq - ${KEPT_CHANGES}`)
    .execute();
}

/** The last number handed out in the space's log (what a page rendered from the database is up to). */
export async function currentSeq(spaceId: string): Promise<number> {
  const row = await db.selectFrom("spaces").select("last_seq").where("id", "=", spaceId).executeTakeFirst();
  return Number(row?.last_seq ?? 0);
}

export type ChangeRow = {
  seq: string;
  kind: string;
  message_id: string | null;
  user_id: string | null;
  payload: Record<string, unknown>;
  created_at: Date;
};

/** A row of the log as clients get it. */
export function spaceChangeOf(row: ChangeRow): SpaceChange {
  return {
    seq: Number(row.seq),
    kind: row.kind as SpaceChangeKind,
    messageId: row.message_id,
    userId: row.user_id,
    payload: row.payload,
    createdAt: row.created_at.toISOString(),
  };
}
