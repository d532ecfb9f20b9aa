import { sql, type Transaction } from "kysely";
import type { Database } from "#db/schema";
import { db } from "~/services/db.server";
import { emit, type SpaceChange, type SpaceChangeKind } from "./events.server";
import type { Actor } from "./actors.server";
import { findVisibleSpace } from "./space-access.server";

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
  const { last_seq } = await tx
    .updateTable("spaces")
    .set({ last_seq: sql`last_seq + 1` })
    .where("id", "=", change.spaceId)
    .returning("last_seq")
    .executeTakeFirstOrThrow();
  const row = await tx
    .insertInto("space_changes")
    .values({
      space_id: change.spaceId,
      seq: last_seq,
      kind: change.kind,
      message_id: change.messageId ?? null,
      user_id: change.userId ?? null,
      payload: JSON.stringify(change.payload),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toSpaceChange(row);
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
  const space = await findVisibleSpace(actor, spaceId);
  const lastSeq = Number(space.last_seq);
  if (!Number.isInteger(afterSeq) || afterSeq < 0 || afterSeq > lastSeq || lastSeq - afterSeq > limit) {
    return { reload: true };
  }
  const rows = await db
    .selectFrom("space_changes")
    .selectAll()
    .where("space_id", "=", spaceId)
    .where("seq", ">", String(afterSeq))
    .where("seq", "<=", String(lastSeq))
    .orderBy("seq")
    .execute();
  // The start of the log is trimmed away: a client from before it reloads rather than skip what it missed.
  if (lastSeq > afterSeq && Number(rows[0]?.seq) !== afterSeq + 1) return { reload: true };
  return { reload: false, changes: rows.map(toSpaceChange), lastSeq };
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

type ChangeRow = {
  seq: string;
  kind: string;
  message_id: string | null;
  user_id: string | null;
  payload: Record<string, unknown>;
  created_at: Date;
};

function toSpaceChange(row: ChangeRow): SpaceChange {
  return {
    seq: Number(row.seq),
    kind: row.kind as SpaceChangeKind,
    messageId: row.message_id,
    userId: row.user_id,
    payload: row.payload,
    createdAt: row.created_at.toISOString(),
  };
}
