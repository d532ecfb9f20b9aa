import { sql, type Expression } from "kysely";
import type { UserType } from "#db/schema";
import { compiledQuery, compiledQueryPer } from "~/services/compiled-queries.server";
import { db, type Executor } from "~/services/db.server";
import { imageUrl } from "~/shared/image-urls";
import { loadPeople, type Actor } from "./actors.server";
import { UNKNOWN_USER } from "~/shared/chat-message";
import { notFound } from "./errors.server";
import { chatIdsVisibleTo, isUuid, NO_ID, SPACE_NOT_FOUND, whoOf } from "./space-access.server";
import { publishChanges, recordChange, type SpaceChange } from "./space-changes.server";
import { unreadMessagesOf } from "./unread.server";

/*
 * Read receipts (DESIGN.md): one watermark per member and space,
 * space_reads.last_read_at. A member has read every message created at or before it;
 * a message's readers are the members whose watermark has reached it. It only moves
 * forward: when a member sees the latest messages, and for the sender on send.
 * notified_at in the same row belongs to the unread-message mails.
 */

export type ReadAdvanced = { userId: string; lastReadAt: string; seq: number; change: SpaceChange };

/**
 * Marks the space read by the actor up to the message `upTo`, or up to its latest
 * message. Logs and publishes a read.advanced change when the watermark moved;
 * returns null when it did not (already read, or nothing to read).
 */
export async function markRead(actor: Actor, spaceId: string, upTo?: string | null): Promise<ReadAdvanced | null> {
  // A malformed id names no message: nothing to read up to.
  const upToId = upTo ? (isUuid(upTo) ? upTo : NO_ID) : null;
  // Most opened chats have nothing new to read: one query says so (and checks access), with no transaction.
  if (!(await hasUnread(actor, spaceId, upToId))) return null;
  const result = await db.transaction().execute(async (tx) => {
    // Visible again: a member removed since the look above reads nothing.
    const [target] = await latestIn(
      { type: actor.type, upTo: upToId !== null },
      { ...whoOf(actor), spaceId, upToId: upToId ?? NO_ID },
      tx,
    );
    if (!target) return null;
    const lastReadAt = await advanceWatermark(tx, spaceId, actor.id, target.id);
    if (!lastReadAt) return null;
    const person = (await loadPeople([actor.id], tx)).get(actor.id);
    const change = await recordChange(tx, {
      spaceId,
      kind: "read.advanced",
      userId: actor.id,
      payload: {
        userId: actor.id,
        lastReadAt: lastReadAt.toISOString(),
        user: { name: person?.name ?? UNKNOWN_USER, avatar: imageUrl(person?.avatarKey) },
      },
    });
    return { change, lastReadAt };
  });
  if (!result) return null;
  publishChanges(spaceId, [result.change]);
  const { change } = result;
  return { userId: actor.id, lastReadAt: result.lastReadAt.toISOString(), seq: change.seq, change };
}

/**
 * Whether the actor has unread messages in the space (`upToId` among them, where given),
 * as the bell and the lists count them (unread.server.ts); a 404 refusal when the actor may
 * not see the space.
 */
async function hasUnread(actor: Actor, spaceId: string, upToId: string | null): Promise<boolean> {
  const [row] = isUuid(spaceId)
    ? await unreadIn(
        { type: actor.type, upTo: upToId !== null },
        { ...whoOf(actor), userId: actor.id, spaceId, upToId: upToId ?? NO_ID },
      )
    : [];
  if (!row) throw notFound(SPACE_NOT_FOUND);
  return Boolean(row.unread);
}

// Asked on opening every chat and on each `chat:read`: compiled once per type of user,
// with or without a message to read up to.
type ReadShape = { type: UserType; upTo: boolean };
type ReadValues = ReturnType<typeof whoOf> & { spaceId: string; upToId: string };

const unreadIn = compiledQueryPer((shape: ReadShape, values: ReadValues & { userId: string }) => {
  const unread = unreadMessagesOf(values.userId)
    .where("space_messages.space_id", "=", values.spaceId)
    .$if(shape.upTo, (query) => query.where("space_messages.id", "=", values.upToId))
    .select("space_messages.id");
  return db
    .selectFrom("spaces")
    .where("spaces.id", "=", values.spaceId)
    .where("spaces.id", "in", chatIdsVisibleTo(shape.type, values))
    .select((eb) => eb.exists(unread).as("unread"));
});

const latestIn = compiledQueryPer((shape: ReadShape, values: ReadValues) =>
  db
    .selectFrom("space_messages")
    .select("id")
    .where("space_id", "=", values.spaceId)
    .where("space_id", "in", chatIdsVisibleTo(shape.type, values))
    .$if(shape.upTo, (query) => query.where("id", "=", values.upToId))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1),
);

/**
 * Moves a member's read watermark forward to the time of message `messageId` (never
 * back), keeping notified_at, which the unread-message mails own. Returns the new
 * watermark, or null if it did not move.
 */
export async function advanceWatermark(
  executor: Executor,
  spaceId: string,
  userId: string,
  messageId: string,
): Promise<Date | null> {
  const [row] = await watermarkAdvanced({ spaceId, userId, messageId }, executor);
  return row?.last_read_at ?? null;
}

const watermarkAdvanced = compiledQuery(
  ({ spaceId, userId, messageId }: { spaceId: string; userId: string; messageId: string }) =>
    sql<{ last_read_at: Date }>`${watermarksAdvanced(
      sql`select ${spaceId}::uuid, ${userId}::uuid, created_at from space_messages where id = ${messageId} and space_id = ${spaceId}`,
    )} returning last_read_at`,
);

/**
 * The statement that moves watermarks forward to what `rows` selects (space_id,
 * user_id, last_read_at), never back; a send's statement moves its sender's with it
 * (messages.server.ts). The time is copied in SQL: Postgres keeps microseconds, a
 * JavaScript Date only milliseconds, and a watermark rounded down would leave the
 * message it marks unread. On a conflict the row is locked even when it does not move.
 */
export function watermarksAdvanced(rows: Expression<unknown>) {
  return sql`
    insert into space_reads (space_id, user_id, last_read_at) ${rows}
    on conflict (space_id, user_id) do update set last_read_at = excluded.last_read_at
      where space_reads.last_read_at < excluded.last_read_at`;
}
