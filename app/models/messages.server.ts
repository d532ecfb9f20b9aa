import { sql } from "kysely";
import type { StoredLinkPreview, UserType } from "#db/schema";
import { compiledQuery, compiledQueryPer } from "~/services/compiled-queries.server";
import { db, type Executor } from "~/services/db.server";
import { imageUrl } from "~/shared/image-urls";
import { attachmentPath } from "~/shared/paths";
import { loadPeople, type Actor, type Person } from "./actors.server";
import { isNotFound, notFound } from "./errors.server";
import {
  emptyReactions,
  replyExcerpt,
  UNKNOWN_USER,
  type ChatMessage,
  type ReplyQuote,
  type ChatPerson,
  type LinkPreview,
  type ReactionType,
  type Reactions,
} from "~/shared/chat-message";
import type { SignOffCard } from "~/shared/sign-offs";
import { signOffsOnMessages } from "./sign-off-cards.server";
import { chatIdsVisibleTo, chatMemberIds, findVisibleChat, isUuid, NO_ID, whoOf } from "./space-access.server";

/*
 * A space's messages as the chat shows them (SPEC §2.13, §4), for the pages, the socket
 * and the models that change them: a page of them, one of them, the quote a reply shows,
 * and a stored row made into a ChatMessage (sender, file, reactions, readers, mentions,
 * link card). Sending is message-sending.server.ts; the sender's edit and delete,
 * message-changes.server.ts; files, message-files.server.ts.
 */

export const MESSAGE_NOT_FOUND = "Message not found";
/**
 * Messages per page of the chat; older ones come a page at a time. Thirty fill a tall
 * screen two or three times over; each message is some fifty elements to render on the
 * server and hydrate on a phone, so the first page is kept to what a reader sees first.
 */
export const PAGE_SIZE = 30;

/**
 * A page opened at a message (`around`) shows this many of the later ones after it, so
 * that the reader sees it among what followed, not at the very foot of the chat.
 */
export const AFTER_OPENED = 5;

/**
 * `hasNewer`: later messages than the page's exist (an older page, or one opened at a
 * message), so the chat offers its latest messages. `lastSeq`: the space's change log
 * as it stood before the page was read, so replaying what follows misses nothing.
 */
export type MessagePage = { messages: ChatMessage[]; hasOlder: boolean; hasNewer: boolean; lastSeq: number };

export type PageOptions = {
  before?: string | null;
  around?: string | null;
  matching?: string | null;
  mentioning?: string | null;
  limit?: number;
};

/** A chat the reader was found to see, as its page read it: its id and its change log's last step. */
export type VisibleChat = { id: string; lastSeq: number };

/**
 * A page of the space's messages, oldest to newest: the latest ones, those before the
 * message `before` (the oldest one the reader has), or, `around` a message, the page that
 * ends with it and the few after it (a search result opened in its chat; the latest
 * page when it is not one of the chat's messages, or deleted). With `matching`, only
 * those whose text or file name contains it (case-insensitive), and with `mentioning`,
 * only those that mention that user, so a search pages as the chat does. Deleted
 * messages are left out.
 */
export async function listMessages(actor: Actor, spaceId: string, options: PageOptions = {}): Promise<MessagePage> {
  const chat = await findVisibleChat(actor, spaceId);
  return listMessagesIn({ id: chat.id, lastSeq: Number(chat.last_seq) }, options);
}

/** `listMessages` of a chat the caller has found visible to the reader (a chat page, with its space). */
export async function listMessagesIn(
  { id: spaceId, lastSeq }: VisibleChat,
  { before, around, matching, mentioning, limit = PAGE_SIZE }: PageOptions = {},
): Promise<MessagePage> {
  const opened = around && isUuid(around) ? await rowsAround(spaceId, around, limit) : null;
  if (opened) {
    const { rows, hasOlder, hasNewer } = opened;
    return { messages: await toChatMessages(rows), hasOlder, hasNewer, lastSeq };
  }
  const older = before && isUuid(before) ? before : null;
  const term = matching?.trim();
  const filters = { before: older !== null, matching: Boolean(term), mentioning: Boolean(mentioning) };
  const rows = await pageRows(filters, {
    spaceId,
    older: older ?? NO_ID,
    pattern: likePattern(term ?? ""),
    mentions: JSON.stringify([{ userId: mentioning }]),
    rows: limit + 1,
  });
  const page = rows.slice(0, limit).reverse();
  return { messages: await toChatMessages(page), hasOlder: rows.length > limit, hasNewer: older !== null, lastSeq };
}

/** The rows of a page, newest first, with the filters given (a shape each: compiled once each). */
const pageRows = compiledQueryPer(
  (
    filters: { before: boolean; matching: boolean; mentioning: boolean },
    values: { spaceId: string; older: string; pattern: string; mentions: string; rows: number },
  ) => {
    let query = newestFirst(chatRows(values.spaceId)).limit(values.rows);
    if (filters.before)
      query = query.where(sql<boolean>`(created_at, id) < ${positionOf(values.spaceId, values.older)}`);
    if (filters.matching) {
      query = query.where((eb) =>
        eb.or([eb("content", "ilike", values.pattern), eb("attachment_name", "ilike", values.pattern)]),
      );
    }
    if (filters.mentioning) query = query.where(sql<boolean>`mentions @> ${values.mentions}::jsonb`);
    return query;
  },
);

/**
 * The rows of the page that ends with the message `messageId` (it and the `limit` - 1
 * before it) and up to AFTER_OPENED after it, in two queries along the chat's (created_at,
 * id) order; null when the message is not one of the chat's shown messages (unknown, of
 * another chat, or deleted), so that the caller shows the latest page and nothing else.
 */
async function rowsAround(spaceId: string, messageId: string, limit: number) {
  const upTo = await newestFirst(chatRows(spaceId))
    .where(sql<boolean>`(created_at, id) <= ${positionOf(spaceId, messageId)}`)
    .limit(limit + 1)
    .execute();
  if (upTo[0]?.id !== messageId) return null;
  const after = await chatRows(spaceId)
    .where(sql<boolean>`(created_at, id) > ${positionOf(spaceId, messageId)}`)
    .orderBy("created_at")
    .orderBy("id")
    .limit(AFTER_OPENED + 1)
    .execute();
  return {
    rows: [...upTo.slice(0, limit).reverse(), ...after.slice(0, AFTER_OPENED)],
    hasOlder: upTo.length > limit,
    hasNewer: after.length > AFTER_OPENED,
  };
}

/** The chat's messages as it shows them: not deleted. */
function chatRows(spaceId: string) {
  return db.selectFrom("space_messages").selectAll().where("space_id", "=", spaceId).where("deleted_at", "is", null);
}

function newestFirst(query: ReturnType<typeof chatRows>) {
  return query.orderBy("created_at", "desc").orderBy("id", "desc");
}

/**
 * Where a message of the chat stands in its order, to compare rows with in SQL, at the
 * database's (microsecond) precision: no row compares with a message of another chat.
 */
function positionOf(spaceId: string, messageId: string) {
  return sql`(select created_at, id from space_messages where id = ${messageId} and space_id = ${spaceId})`;
}

/**
 * A message the actor may see (in a space they take part in), deleted or not; a 404
 * refusal otherwise. `lock`, inside a transaction that changes it: its row is held until
 * the commit, so an edit, a delete, a removal of its preview and the preview job (which
 * locks it too) never overwrite one another.
 */
export async function findVisibleMessage(
  actor: Actor,
  messageId: string,
  executor: Executor = db,
  { lock = false }: { lock?: boolean } = {},
) {
  const [row] = isUuid(messageId)
    ? await visibleMessage({ type: actor.type, lock }, { ...whoOf(actor), messageId }, executor)
    : [];
  if (!row) throw notFound(MESSAGE_NOT_FOUND);
  return row;
}

// Asked before every reply, edit, delete and reaction: compiled once per type of user, locking or not.
const visibleMessage = compiledQueryPer(
  (shape: { type: UserType; lock: boolean }, values: ReturnType<typeof whoOf> & { messageId: string }) => {
    const query = db
      .selectFrom("space_messages")
      .selectAll()
      .where("id", "=", values.messageId)
      .where("space_id", "in", chatIdsVisibleTo(shape.type, values));
    return shape.lock ? query.forNoKeyUpdate() : query;
  },
);

/** One message of the space as the chat renders it (not a deleted one). */
export async function findChatMessage(actor: Actor, spaceId: string, messageId: string): Promise<ChatMessage> {
  const row = await findVisibleMessage(actor, messageId);
  if (row.space_id !== spaceId || row.deleted_at) throw notFound(MESSAGE_NOT_FOUND);
  return (await toChatMessages([row]))[0];
}

export type MessageRow = Awaited<ReturnType<typeof findVisibleMessage>>;

/** Builds messages as the chat renders them: sender, file link, reactions and readers. */
export async function toChatMessages(rows: MessageRow[], executor: Executor = db): Promise<ChatMessage[]> {
  if (!rows.length) return [];
  const spaceId = rows[0].space_id;
  const ids = rows.map((row) => row.id);
  const replyToIds = [...new Set(rows.flatMap((row) => (row.reply_to_id ? [row.reply_to_id] : [])))];
  const [reactions, memberReads, originals, signOffs] = await Promise.all([
    reactionRows({ ids }, executor),
    memberReadRows({ spaceId }, executor),
    replyToIds.length ? originalRows({ ids: replyToIds, spaceId }, executor) : [],
    signOffsOnMessages(
      rows.flatMap((row) => (row.attachment_key ? [row.id] : [])),
      executor,
    ),
  ]);
  const people = await loadPeople(
    [
      ...rows.flatMap((row) => (row.sender_id ? [row.sender_id] : [])),
      ...memberReads.map((read) => read.user_id),
      ...rows.flatMap((row) => row.mentions.map((mention) => mention.userId)),
      ...originals.flatMap((original) => (original.sender_id ? [original.sender_id] : [])),
    ],
    executor,
  );
  const quotes = new Map(originals.map((original) => [original.id, quote(original, people)]));
  const personOf = (id: string): ChatPerson => {
    const person = people.get(id);
    return { id, name: person?.name ?? UNKNOWN_USER, avatar: imageUrl(person?.avatarKey) };
  };

  return rows.map((row) =>
    chatMessage(
      row,
      row.sender_id ? people.get(row.sender_id) : undefined,
      reactionsFrom(reactions.filter((reaction) => reaction.message_id === row.id)),
      memberReads
        .filter((read) => read.user_id !== row.sender_id && read.last_read_at >= row.created_at)
        .map((read) => personOf(read.user_id)),
      people,
      (row.reply_to_id && quotes.get(row.reply_to_id)) || null,
      signOffs.cards.get(row.id) ?? null,
      signOffs.cardMessageOf.get(row.id) ?? null,
    ),
  );
}

// What a page of messages reads beside its rows, compiled once: a list of ids goes in as one
// array, each id a key of the index read, so one plan serves every page and send.
const reactionRows = compiledQuery(
  (values: { ids: string[] }) =>
    db
      .selectFrom("message_reactions")
      .select(["message_id", "user_id", "reaction_type"])
      .where(sql<boolean>`message_id = any(${values.ids}::uuid[])`)
      .orderBy("created_at"),
  { onePlanForAnyList: true },
);
// A former member's watermark stays behind; only those who take part now show as readers.
const memberReadRows = compiledQuery((values: { spaceId: string }) =>
  db
    .selectFrom("space_reads")
    .select(["user_id", "last_read_at"])
    .where("space_id", "=", values.spaceId)
    .where("user_id", "in", chatMemberIds(values.spaceId)),
);
const originalRows = compiledQuery(
  (values: { ids: string[]; spaceId: string }) =>
    db
      .selectFrom("space_messages")
      .select(["id", "sender_id", "content", "attachment_name", "deleted_at"])
      .where(sql<boolean>`id = any(${values.ids}::uuid[])`)
      .where("space_id", "=", values.spaceId),
  { onePlanForAnyList: true },
);

type QuotedRow = Pick<MessageRow, "id" | "sender_id" | "content" | "attachment_name" | "deleted_at">;

/** The quote a reply shows of its original: the sender's name as it is now, or that it was deleted. */
function quote(original: QuotedRow, people: Map<string, Person>): ReplyQuote {
  if (original.deleted_at) return { id: original.id, senderName: "", excerpt: "", deleted: true };
  const senderName = (original.sender_id && people.get(original.sender_id)?.name) || UNKNOWN_USER;
  return {
    id: original.id,
    senderName,
    excerpt: replyExcerpt(original.content, original.attachment_name),
    deleted: false,
  };
}

/** The quote of a message to reply to, for the page that offers it; null when it is not one of the space's. */
export async function findReplyQuote(actor: Actor, spaceId: string, messageId: string): Promise<ReplyQuote | null> {
  return quoteOf(actor, spaceId, messageId).catch((error: unknown) => {
    if (isNotFound(error)) return null;
    throw error;
  });
}

/** The message a new one replies to, which must be of the same space: "Message not found" otherwise. */
export async function quoteOf(actor: Actor, spaceId: string, messageId: string): Promise<ReplyQuote> {
  const original = await findVisibleMessage(actor, messageId);
  if (original.space_id !== spaceId) throw notFound(MESSAGE_NOT_FOUND);
  const people = original.sender_id ? await loadPeople([original.sender_id]) : new Map<string, Person>();
  return quote(original, people);
}

/**
 * A stored row as the chat renders it, with what is read beside it: its sender, its
 * reactions and readers, the people it names and the quote of the message it answers.
 */
export function chatMessage(
  row: MessageRow,
  sender: Person | undefined,
  reactions: Reactions,
  readers: ChatPerson[],
  people: Map<string, Person>,
  replyTo: ReplyQuote | null,
  signOff: SignOffCard | null = null,
  signOffCardMessage: string | null = null,
): ChatMessage {
  return {
    id: row.id,
    clientId: row.client_id,
    spaceId: row.space_id,
    senderId: row.sender_id,
    senderName: sender?.name ?? UNKNOWN_USER,
    senderAvatar: imageUrl(sender?.avatarKey),
    content: row.content,
    attachment:
      row.attachment_key && row.attachment_name
        ? {
            name: row.attachment_name,
            size: row.attachment_size ?? 0,
            type: row.attachment_type ?? "application/octet-stream",
            url: attachmentPath(row.id),
          }
        : null,
    createdAt: row.created_at.toISOString(),
    editedAt: row.edited_at?.toISOString() ?? null,
    deletedAt: row.deleted_at?.toISOString() ?? null,
    reactions,
    readers,
    mentions: row.mentions.map((mention) => ({ ...mention, name: people.get(mention.userId)?.name ?? UNKNOWN_USER })),
    replyTo,
    linkPreview: linkPreviewOf(row.id, row.link_preview),
    viaEmail: row.via_email,
    signOff,
    signOffCardMessageId: signOffCardMessage,
  };
}

/** Who reacted with what, from a message's reaction rows (oldest first). */
export function reactionsFrom(rows: Array<{ user_id: string; reaction_type: ReactionType }>): Reactions {
  const reactions = emptyReactions();
  for (const row of rows) reactions[row.reaction_type].push(row.user_id);
  return reactions;
}

/** The card a message shows for what is stored of its link; null when there is none or it was removed. */
export function linkPreviewOf(messageId: string, stored: StoredLinkPreview | null): LinkPreview | null {
  if (!stored || "removed" in stored) return null;
  const { url, title, description, siteName, image } = stored;
  return {
    url,
    title,
    description,
    siteName,
    image: image && { url: previewImageUrl(messageId), width: image.width, height: image.height },
  };
}

/** Where members load a preview's picture (app/routes/attachments.$messageId_.preview-image.tsx checks who asks). */
function previewImageUrl(messageId: string) {
  return `/attachments/${messageId}/preview-image`;
}

/** An ILIKE pattern matching text that contains `term` as typed (its `%`, `_` and `\` mean themselves). */
export function likePattern(term: string) {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
