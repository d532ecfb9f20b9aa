import { sql, type Expression } from "kysely";
import type { UserType } from "#db/schema";
import { compiledQueryPer } from "~/services/compiled-queries.server";
import { db } from "~/services/db.server";
import type { Actor } from "./actors.server";
import { chatIdsVisibleTo, whoOf } from "./space-access.server";
import { chatName, sideOf } from "~/shared/chat-sides";
import { UNREAD_SHOWN_UP_TO } from "~/shared/unread";

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
  return othersMessages(userId)
    .leftJoin("space_reads", (join) =>
      join.onRef("space_reads.space_id", "=", "space_messages.space_id").on("space_reads.user_id", "=", userId),
    )
    .where((eb) =>
      eb("space_messages.created_at", ">", eb.fn.coalesce("space_reads.last_read_at", eb.val(NOTHING_READ))),
    );
}

/**
 * The spaces, each with `userId`'s watermark of it as `read.last_read_at` (null before their
 * first visit), for a list that counts unread messages chat by chat. Joined once for the
 * list: looked up for each chat, it was a scan of space_reads for each, which Postgres
 * prefers while the table is small, and each scan on PGlite starts by asking Node's file
 * system for the table's size (104 of them a page for the bench's owner, issue 41).
 */
export function spacesReadBy(userId: string) {
  return db
    .selectFrom("spaces")
    .leftJoin("space_reads as read", (join) =>
      join.onRef("read.space_id", "=", "spaces.id").on("read.user_id", "=", userId),
    );
}

/** In a query of `spacesReadBy`: the reader's watermark of the row's space. */
export const JOINED_WATERMARK = sql.ref<Date | null>("read.last_read_at");

/** `userId`'s watermark of one chat, looked up: for a query of a few chats. */
function watermarkOf(userId: string, chatId: Expression<string>) {
  return db
    .selectFrom("space_reads")
    .select("space_reads.last_read_at")
    .where("space_reads.space_id", "=", chatId)
    .where("space_reads.user_id", "=", userId)
    .$asScalar();
}

/**
 * The messages of one chat unread by `userId`. Its watermark is a value here, not a row
 * joined to each message, so that Postgres starts the chat's index of messages by time
 * (space_id, created_at) at it, rather than reading every message of the chat to compare.
 */
function unreadMessagesIn(userId: string, chatId: Expression<string>, watermark: Expression<Date | null>) {
  return othersMessages(userId)
    .where("space_messages.space_id", "=", chatId)
    .where((eb) => eb("space_messages.created_at", ">", eb.fn.coalesce(watermark, eb.val(NOTHING_READ))));
}

// Whoever's watermark: the messages that can be unread for `userId`, not their own, not deleted.
function othersMessages(userId: string) {
  return db
    .selectFrom("space_messages")
    .where("space_messages.deleted_at", "is", null)
    .where((eb) => eb.or([eb("space_messages.sender_id", "is", null), eb("space_messages.sender_id", "!=", userId)]));
}

/**
 * How many of a chat's messages `userId` has not read, counted no further than one past
 * what a count says (UNREAD_SHOWN_UP_TO, "99+"), on the index of a chat's messages by
 * time, so a page costs about the same however much waits unread.
 */
export function unreadCountIn(
  userId: string,
  chatId: Expression<string>,
  watermark: Expression<Date | null> = watermarkOf(userId, chatId),
) {
  return countOf(unreadMessagesIn(userId, chatId, watermark));
}

/** Of those, how many mention the reader; on the index of the messages that mention anyone (0030). */
function mentionCountIn(reader: UnreadReader, chatId: Expression<string>, watermark: Expression<Date | null>) {
  return countOf(
    unreadMessagesIn(reader.userId, chatId, watermark)
      .where(sql<boolean>`space_messages.mentions <> '[]'::jsonb`)
      .where(sql<boolean>`space_messages.mentions @> ${reader.mention}::jsonb`),
  );
}

function countOf(messages: ReturnType<typeof othersMessages>) {
  // Any of them: without an order, Postgres stops reading at the limit whichever index it takes.
  const counted = messages.select("space_messages.created_at").limit(UNREAD_SHOWN_UP_TO + 1);
  return db.selectFrom(counted.as("counted")).select((eb) => eb.fn.countAll<string>().as("count"));
}

/** `mentions`: how many of the unread messages mention the actor. */
export type UnreadSpace = { id: string; name: string; count: number; mentions: number };

/**
 * Who reads, as the unread queries take them: the actor's ids and how a message names them
 * (a mention). Values, so that a query of them is compiled once per type of user (every
 * signed-in page asks for the bell's spaces).
 */
export function unreadReaderOf(actor: Actor) {
  return { ...whoOf(actor), userId: actor.id, mention: JSON.stringify([{ userId: actor.id }]) };
}
export type UnreadReader = ReturnType<typeof unreadReaderOf>;

/** The spaces where the actor has unread messages, most recent first (the top bar's notifications). */
export async function spacesWithUnread(actor: Actor): Promise<UnreadSpace[]> {
  return (await unreadSpaces(actor.type, unreadReaderOf(actor))).map(toUnreadSpace);
}

const unreadSpaces = compiledQueryPer(spacesWithUnreadRows);

/** `spacesWithUnread` as a query, for a statement that asks more; `toUnreadSpace` makes its rows UnreadSpaces. */
export function spacesWithUnreadRows(type: UserType, reader: UnreadReader) {
  const chat = sql.ref<string>("spaces.id");
  // Most recent first by the chat's latest message, on its index at once. By its newest unread
  // one, Postgres read every unread row of the chat to sort them where it lacked the
  // statistics to know better (after a burst of messages, until autovacuum's analyze).
  const latest = db
    .selectFrom("space_messages")
    .select("space_messages.created_at")
    .where("space_messages.space_id", "=", chat)
    .orderBy("space_messages.created_at", "desc")
    .limit(1);
  // The count joined laterally, once a chat: as a condition of its own (exists), Postgres
  // made it a join over every unread message of every chat.
  return spacesReadBy(reader.userId)
    .innerJoinLateral(unreadCountIn(reader.userId, chat, JOINED_WATERMARK).as("unread"), (join) => join.onTrue())
    .where("spaces.id", "in", chatIdsVisibleTo(type, reader))
    .where("unread.count", ">", "0")
    .select([
      "spaces.id",
      "spaces.name",
      "spaces.team_side_of",
      "unread.count",
      mentionCountIn(reader, chat, JOINED_WATERMARK).as("mentions"),
      latest.as("latest"),
    ])
    .orderBy("latest", "desc");
}

/** A row of `spacesWithUnreadRows`; its counts are numbers when read as JSON. */
export function toUnreadSpace(row: {
  id: string;
  name: string;
  team_side_of: string | null;
  count: string | number | null;
  mentions: string | number | null;
}): UnreadSpace {
  return {
    id: row.id,
    name: chatName(row.name, sideOf(row)),
    count: Number(row.count),
    mentions: Number(row.mentions),
  };
}
