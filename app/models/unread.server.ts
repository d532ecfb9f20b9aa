import { sql } from "kysely";
import { db } from "~/services/db.server";
import type { Actor } from "./actors.server";
import { visibleChatIds } from "./space-access.server";
import { chatName, sideOf } from "~/shared/chat-sides";

/*
 * What is unread, written once: for a member, the messages of a space newer than
 * their read watermark (app/models/space-reads.server.ts), not their own and not
 * deleted. A member without a watermark has read nothing. The space lists, the top
 * bar's notifications and the unread-message mails all count with it.
 */

// The watermark of a member who never opened the space.
export const NOTHING_READ = new Date(0);

/** The messages unread by `userId`, in every space; narrow it by space and select what you need. */
export function unreadMessagesOf(userId: string) {
  return db
    .selectFrom("space_messages")
    .leftJoin("space_reads", (join) =>
      join.onRef("space_reads.space_id", "=", "space_messages.space_id").on("space_reads.user_id", "=", userId),
    )
    .where("space_messages.deleted_at", "is", null)
    .where((eb) => eb.or([eb("space_messages.sender_id", "is", null), eb("space_messages.sender_id", "!=", userId)]))
    .where((eb) =>
      eb("space_messages.created_at", ">", eb.fn.coalesce("space_reads.last_read_at", eb.val(NOTHING_READ))),
    );
}

/** Unread messages per space id, for the spaces the actor may see; spaces with none are absent. */
export async function unreadCounts(actor: Actor): Promise<Record<string, number>> {
  const rows = await unreadMessagesOf(actor.id)
    .where("space_messages.space_id", "in", visibleChatIds(actor))
    .select((eb) => ["space_messages.space_id", eb.fn.countAll<string>().as("count")])
    .groupBy("space_messages.space_id")
    .execute();
  return Object.fromEntries(rows.map((row) => [row.space_id, Number(row.count)]));
}

/** `mentions`: how many of the unread messages mention the actor. */
export type UnreadSpace = { id: string; name: string; count: number; mentions: number };

/** The spaces where the actor has unread messages, most recent first (the top bar's notifications). */
export async function spacesWithUnread(actor: Actor): Promise<UnreadSpace[]> {
  return (await spacesWithUnreadRows(actor).execute()).map(toUnreadSpace);
}

/** `spacesWithUnread` as a query, for a statement that asks more; `toUnreadSpace` makes its rows UnreadSpaces. */
export function spacesWithUnreadRows(actor: Actor) {
  return unreadMessagesOf(actor.id)
    .innerJoin("spaces", "spaces.id", "space_messages.space_id")
    .where("spaces.id", "in", visibleChatIds(actor))
    .select((eb) => [
      "spaces.id",
      "spaces.name",
      "spaces.team_side_of",
      eb.fn.countAll<string>().as("count"),
      sql<string>`count(*) filter (where space_messages.mentions @> ${JSON.stringify([{ userId: actor.id }])}::jsonb)`.as(
        "mentions",
      ),
      eb.fn.max("space_messages.created_at").as("latest"),
    ])
    .groupBy(["spaces.id", "spaces.name", "spaces.team_side_of"])
    .orderBy("latest", "desc");
}

/** A row of `spacesWithUnreadRows`; its counts are numbers when read as JSON. */
export function toUnreadSpace(row: {
  id: string;
  name: string;
  team_side_of: string | null;
  count: string | number;
  mentions: string | number;
}): UnreadSpace {
  return {
    id: row.id,
    name: chatName(row.name, sideOf(row)),
    count: Number(row.count),
    mentions: Number(row.mentions),
  };
}
