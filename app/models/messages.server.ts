import crypto from "node:crypto";
import { sql, type Transaction } from "kysely";
import type { Database, SpaceMessage, StoredLinkPreview } from "#db/schema";
import { db, type Executor } from "~/services/db.server";
import { storage, newFileKey } from "~/services/storage.server";
import { batched } from "~/services/batches.server";
import { inspectUpload } from "./uploads.server";
import { imageUrl } from "~/shared/image-urls";
import { loadPeople, type Actor, type Person } from "./actors.server";
import { Refusal, isNotFound, notFound } from "./errors.server";
import {
  emptyReactions,
  firstLinkIn,
  MESSAGE_MAX_LENGTH,
  MESSAGE_TEXT,
  replyExcerpt,
  UNKNOWN_USER,
  type ChatMessage,
  type ReplyQuote,
  type ChatPerson,
  type LinkPreview,
  type ReactionType,
  type Reactions,
} from "~/shared/chat-message";
import {
  findVisibleSpace,
  isUuid,
  SPACE_NOT_FOUND,
  spaceMemberUserIds,
  visibleSpaceIds,
  visibleToEach,
} from "./space-access.server";
import {
  appendChanges,
  publishChanges,
  recordChange,
  spaceChangeOf,
  type ChangeRow,
  type SpaceChange,
} from "./space-changes.server";
import { watermarksAdvanced } from "./space-reads.server";
import { emit } from "./events.server";
import { mentionsIn } from "./mentions.server";
import { firstToldOfMention } from "./mention-notices.server";

/*
 * The chat of a space (SPEC §2.13, §4, §8): one model for the form actions and the
 * socket handlers. Members of a space send; only the sender edits or deletes; a
 * deleted message stays as a tombstone (deleted_at, no content, no file) so that a
 * client catching up learns of the delete. Each change goes into the space's change
 * log in the same transaction and is published after the commit.
 */

export const MESSAGE_NOT_FOUND = "Message not found";
/**
 * Messages per page of the chat; older ones come a page at a time. Thirty fill a tall
 * screen two or three times over; each message is some fifty elements to render on the
 * server and hydrate on a phone, so the first page is kept to what a reader sees first.
 */
export const PAGE_SIZE = 30;

export type SendMessageInput = {
  clientId: string;
  content: string;
  file?: FormDataEntryValue | null;
  /** The message of the same space it replies to (issue 21). */
  replyToId?: string | null;
};
/** `change` is the log entry a new message made (null for a retry), for the sender to apply at once. */
export type SentMessage = { message: ChatMessage; seq: number; duplicate: boolean; change: SpaceChange | null };
export type ChangedMessage = { message: ChatMessage; seq: number | null; change: SpaceChange | null };

/**
 * Stores a message from a member of the space, with an optional file, and advances the
 * sender's read watermark to it. A `clientId` the sender used before returns the
 * stored message (`duplicate`), whatever the retry carries: the unique constraint on
 * (sender, client id) decides, so a send retried after a lost acknowledgement, from
 * any instance, is stored once.
 */
export async function sendMessage(actor: Actor, spaceId: string, input: SendMessageInput): Promise<SentMessage> {
  const clientId = input.clientId.trim();
  if (!clientId || clientId.length > 100) throw new Refusal("Could not send message.");
  const content = input.content.trim();
  // A form without a chosen file still posts an empty one (or, url-encoded, a string).
  const file = input.file instanceof File && input.file.size > 0 ? input.file : null;
  if (file) {
    // Before a file is stored: a retry of a message already sent, or a space out of reach, needs none.
    await findVisibleSpace(actor, spaceId);
    const existing = await findSent(actor.id, spaceId, clientId);
    if (existing) return existing;
  }
  if (content.length > MESSAGE_MAX_LENGTH) throw new Refusal(MESSAGE_TEXT.tooLong);
  if (!content && !file) throw new Refusal(MESSAGE_TEXT.empty);
  // Before a file is stored: a reply to a message of another space, or to none, is refused.
  const replyTo = input.replyToId ? await quoteOf(actor, spaceId, input.replyToId) : null;
  const attachment = file ? await storeAttachment(file) : null;

  const change = await insertMessage(actor, spaceId, clientId, content, attachment, replyTo).catch(
    async (error: unknown) => {
      if (attachment) await storage().delete(attachment.key);
      throw error;
    },
  );

  if (!change) {
    // The client id was used before: a retry, or another request with it that won the race.
    if (attachment) await storage().delete(attachment.key);
    const stored = await findSent(actor.id, spaceId, clientId);
    if (!stored) throw notFound(MESSAGE_NOT_FOUND);
    return stored;
  }
  publishChanges(spaceId, [change]);
  const message = change.payload as ChatMessage;
  await announceMentions(message);
  announceLink(message.id, content, null);
  return { message, seq: change.seq, duplicate: false, change };
}

/**
 * Stores the message, moves its sender's read watermark to it and logs it (with the
 * messages sent at the same moment, `storeMessages`). Returns the logged change, whose
 * payload is the message; null when the sender's client id is taken.
 */
async function insertMessage(
  actor: Actor,
  spaceId: string,
  clientId: string,
  content: string,
  attachment: StoredAttachment | null,
  replyTo: ReplyQuote | null,
): Promise<SpaceChange | null> {
  if (!isUuid(spaceId)) throw notFound(SPACE_NOT_FOUND);
  // Read now, not taken from the actor: the message carries its sender's name as it is today.
  const [sender, mentioned] = await Promise.all([senders.load(actor.id), mentionsIn(spaceId, content)]);
  const row: MessageRow = {
    id: crypto.randomUUID(),
    space_id: spaceId,
    sender_id: actor.id,
    client_id: clientId,
    content,
    attachment_key: attachment?.key ?? null,
    attachment_name: attachment?.name ?? null,
    attachment_size: attachment?.size ?? null,
    attachment_type: attachment?.type ?? null,
    // A placeholder: the statement writes the stored row's time over it.
    created_at: new Date(0),
    edited_at: null,
    deleted_at: null,
    mentions: mentioned.at,
    reply_to_id: replyTo?.id ?? null,
    link_preview: null,
  };
  // A new message has no reactions and no readers yet.
  const message = chatMessage(row, sender, emptyReactions(), [], mentioned.people, replyTo);
  const stored = await storedMessages.load({ actor, row, message });
  if (!stored.visible) throw notFound(SPACE_NOT_FOUND);
  return stored.change;
}

type NewMessage = { actor: Actor; row: MessageRow; message: ChatMessage };

const storedMessages = batched(storeMessages, { maxBatchSize: 100, concurrency: 2 });

/**
 * The messages sent at the same moment, in one statement (one round trip and one commit
 * for a burst, where a statement per message saturated near 800 a second). It first asks
 * whether each sender may see the space now: a socket keeps its actor from its handshake,
 * and a member removed since is refused here. Each message is stored unless its sender
 * used its client id before (`on conflict do nothing`: a retry), each sender's watermark
 * moves to their latest, and each space's messages are numbered in the order they came.
 * Their times are the statement's, a microsecond apart in that order, so that the
 * chat's order (time, then id) is the order of the numbers.
 */
async function storeMessages(
  batch: readonly NewMessage[],
): Promise<Array<{ visible: boolean; change: SpaceChange | null } | Error>> {
  // A client id twice in one batch (a retry sent before the first was answered) is stored once:
  // each message is answered by the first of its sender's client id.
  const firstOf = new Map<string, number>();
  const first = batch.map(({ row }, ord) => {
    const key = `${row.sender_id} ${row.client_id}`;
    if (!firstOf.has(key)) firstOf.set(key, ord);
    return firstOf.get(key) ?? ord;
  });
  const input = batch.flatMap(({ row, message }, ord) =>
    first[ord] === ord ? [{ ...row, ord, created_at: undefined, payload: message }] : [],
  );
  const { rows } = await sql<ChangeRow & { ord: number; visible: boolean }>`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as input(
        ord integer, id uuid, space_id uuid, sender_id uuid, client_id text, content text, attachment_key text,
        attachment_name text, attachment_size integer, attachment_type text, mentions jsonb, reply_to_id uuid,
        payload jsonb
      )
    ),
    visible as ${visibleToEach(batch.map(({ actor, row }) => ({ actor, spaceId: row.space_id })))},
    message as (
      insert into space_messages
        (id, space_id, sender_id, client_id, content, attachment_key, attachment_name, attachment_size, attachment_type,
         mentions, reply_to_id, created_at)
      select id, space_id, sender_id, client_id, content, attachment_key, attachment_name, attachment_size,
        attachment_type, mentions, reply_to_id, now() + ord * interval '1 microsecond'
      from input
      where ord in (select actor_index from visible)
      order by ord
      on conflict (sender_id, client_id) do nothing
      returning id, space_id, sender_id, created_at
    ),
    watermark as (
      ${watermarksAdvanced(sql`
        select space_id, sender_id, max(created_at) from message group by space_id, sender_id order by space_id, sender_id
      `)}
      returning user_id
    ),
    ${appendChanges(sql`
      -- Numbered once the watermarks moved: each space's row is locked after its senders'
      -- watermark rows, in markRead's order, so a send and a read never wait on each other.
      select message.space_id, input.ord, 'message.created' as kind, message.id as message_id,
        message.sender_id as user_id,
        -- Times as JavaScript's toISOString writes them (milliseconds, cut, not rounded), as the pages do.
        input.payload || jsonb_build_object(
          'createdAt', to_char(message.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
        ) as payload
      from message join input using (id), (select count(*) from watermark) as moved
    `)}
    select input.ord, input.ord in (select actor_index from visible) as visible, change.*
    from input left join change on change.message_id = input.id
  `.execute(db);
  const byOrd = new Map(rows.map((row) => [row.ord, row]));
  return batch.map((_, ord) => {
    const row = byOrd.get(first[ord]);
    if (!row) return new Error("A message of the batch was not answered");
    // The second of a client id in one batch is a retry of the first.
    const change = row.seq === null || row.ord !== ord ? null : spaceChangeOf(row);
    return { visible: row.visible, change };
  });
}

/** Changes the text of one's own message; empty text is refused (SPEC §5). */
export async function editMessage(actor: Actor, messageId: string, newContent: string): Promise<ChangedMessage> {
  const content = newContent.trim();
  const result = await db.transaction().execute(async (tx) => {
    const row = await findOwnMessage(actor, messageId, "Could not edit message.", tx);
    if (!content && !row.attachment_key) throw new Refusal(MESSAGE_TEXT.empty);
    if (content.length > MESSAGE_MAX_LENGTH) throw new Refusal(MESSAGE_TEXT.tooLong);
    if (content === row.content) return { message: (await toChatMessages([row], tx))[0], change: null };
    const mentioned = await mentionsIn(row.space_id, content, tx);
    const preview = previewAfterEdit(row.link_preview, content);
    const updated = await tx
      .updateTable("space_messages")
      .set({
        content,
        mentions: JSON.stringify(mentioned.at),
        edited_at: sql<Date>`now()`,
        link_preview: preview && JSON.stringify(preview),
      })
      .where("id", "=", row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const [message] = await toChatMessages([updated], tx);
    await rewriteLoggedMessage(tx, row, {
      content: message.content,
      mentions: message.mentions,
      editedAt: message.editedAt,
      linkPreview: message.linkPreview,
    });
    const change = await recordChange(tx, {
      spaceId: row.space_id,
      kind: "message.edited",
      messageId: row.id,
      userId: actor.id,
      payload: message,
    });
    return { message, change, before: row };
  });
  if (result.change) {
    publishChanges(result.message.spaceId, [result.change]);
    await announceMentions(result.message);
    if (result.before && !result.message.linkPreview) {
      await deletePreviewImage(result.before.link_preview);
      announceLink(result.message.id, content, result.before.content);
    }
  }
  return { message: result.message, seq: result.change?.seq ?? null, change: result.change };
}

/**
 * Tells whom the message names (its sender aside) and never named before, for their
 * notices: once per person and message, however often an edit takes a name out and puts
 * it back. The message is stored by now, so a failure to note it costs the notices only.
 */
async function announceMentions(message: ChatMessage) {
  const named = [...new Set(message.mentions.map((mention) => mention.userId))].filter((id) => id !== message.senderId);
  if (!named.length) return;
  try {
    const userIds = await firstToldOfMention(message.id, named);
    if (userIds.length) emit("message.mentioned", { messageId: message.id, spaceId: message.spaceId, userIds });
  } catch (error) {
    console.error("messages: could not note whom a message mentions", error);
  }
}

/** Asks for the card of the message's first link (a job, link-previews.server.ts) when the text leads with a new one. */
function announceLink(messageId: string, content: string, before: string | null) {
  const url = firstLinkIn(content);
  if (url && url !== (before === null ? null : firstLinkIn(before))) emit("message.linked", { messageId, url });
}

/**
 * Overwrites what the space's log carried of a message with how it reads now, so that
 * a replay (any member's `chat:sync`) never shows edited-away or deleted words.
 */
export async function rewriteLoggedMessage(
  tx: Transaction<Database>,
  row: Pick<SpaceMessage, "id" | "space_id">,
  current: Partial<ChatMessage>,
) {
  await tx
    .updateTable("space_changes")
    .set({ payload: sql`payload || ${JSON.stringify(current)}::jsonb` })
    .where("space_id", "=", row.space_id)
    .where("message_id", "=", row.id)
    .where("kind", "in", ["message.created", "message.edited"])
    .execute();
  if (!("linkPreview" in current)) return;
  // The log's earlier cards of the message, too: a removed or edited-away card is not replayed.
  await tx
    .updateTable("space_changes")
    .set({ payload: JSON.stringify({ linkPreview: current.linkPreview }) })
    .where("space_id", "=", row.space_id)
    .where("message_id", "=", row.id)
    .where("kind", "=", "message.preview")
    .execute();
}

/**
 * Deletes one's own message: its text and file go, a tombstone stays. What the log
 * carried of it is blanked too, so a client catching up never sees deleted words.
 */
export async function deleteMessage(
  actor: Actor,
  messageId: string,
): Promise<{ id: string; seq: number; change: SpaceChange }> {
  const { row, change } = await db.transaction().execute(async (tx) => {
    const row = await findOwnMessage(actor, messageId, "Could not delete message.", tx);
    await tx
      .updateTable("space_messages")
      .set({
        content: "",
        mentions: "[]",
        attachment_key: null,
        attachment_name: null,
        attachment_size: null,
        attachment_type: null,
        link_preview: null,
        deleted_at: sql<Date>`now()`,
      })
      .where("id", "=", row.id)
      .execute();
    await rewriteLoggedMessage(tx, row, { content: "", mentions: [], attachment: null, linkPreview: null });
    const change = await recordChange(tx, {
      spaceId: row.space_id,
      kind: "message.deleted",
      messageId: row.id,
      userId: actor.id,
      payload: { id: row.id },
    });
    return { row, change };
  });
  if (row.attachment_key) await storage().delete(row.attachment_key);
  await deletePreviewImage(row.link_preview);
  publishChanges(row.space_id, [change]);
  return { id: row.id, seq: change.seq, change };
}

/** `lastSeq`: the space's change log as it stood before the page was read, so replaying what follows misses nothing. */
export type MessagePage = { messages: ChatMessage[]; hasOlder: boolean; lastSeq: number };

/**
 * A page of the space's messages, oldest to newest: the latest ones, or those before
 * the message `before` (the oldest one the reader has); with `matching`, only those whose
 * text or file name contains it (case-insensitive), and with `mentioning`, only those
 * that mention that user, so a search pages as the chat does. Deleted messages are left out.
 */
export async function listMessages(
  actor: Actor,
  spaceId: string,
  {
    before,
    matching,
    mentioning,
    limit = PAGE_SIZE,
  }: { before?: string | null; matching?: string | null; mentioning?: string | null; limit?: number } = {},
): Promise<MessagePage> {
  const space = await findVisibleSpace(actor, spaceId);
  let query = db
    .selectFrom("space_messages")
    .selectAll()
    .where("space_id", "=", spaceId)
    .where("deleted_at", "is", null)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit + 1);
  if (before && isUuid(before)) {
    // Compared in SQL, at the database's (microsecond) precision.
    query = query.where(
      sql<boolean>`(created_at, id) < (select created_at, id from space_messages where id = ${before} and space_id = ${spaceId})`,
    );
  }
  const term = matching?.trim();
  if (term) {
    query = query.where((eb) =>
      eb.or([eb("content", "ilike", likePattern(term)), eb("attachment_name", "ilike", likePattern(term))]),
    );
  }
  if (mentioning) query = query.where(sql<boolean>`mentions @> ${JSON.stringify([{ userId: mentioning }])}::jsonb`);
  const rows = await query.execute();
  const page = rows.slice(0, limit).reverse();
  return { messages: await toChatMessages(page), hasOlder: rows.length > limit, lastSeq: Number(space.last_seq) };
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
  let query = executor
    .selectFrom("space_messages")
    .selectAll()
    .where("id", "=", messageId)
    .where("space_id", "in", visibleSpaceIds(actor, executor));
  if (lock) query = query.forNoKeyUpdate();
  const row = isUuid(messageId) ? await query.executeTakeFirst() : undefined;
  if (!row) throw notFound(MESSAGE_NOT_FOUND);
  return row;
}

/** One message of the space as the chat renders it (not a deleted one). */
export async function findChatMessage(actor: Actor, spaceId: string, messageId: string): Promise<ChatMessage> {
  const row = await findVisibleMessage(actor, messageId);
  if (row.space_id !== spaceId || row.deleted_at) throw notFound(MESSAGE_NOT_FOUND);
  return (await toChatMessages([row]))[0];
}

/** A message's file, for a member of its space to download; a 404 refusal for anyone else, or when it is gone. */
export async function readAttachment(actor: Actor, messageId: string) {
  const row = await findVisibleMessage(actor, messageId);
  const stored = row.attachment_key ? await storage().get(row.attachment_key) : null;
  if (!stored || !row.attachment_name) throw notFound("File not found");
  return { body: stored.body, contentType: stored.contentType, size: stored.size, name: row.attachment_name };
}

export type MessageRow = Awaited<ReturnType<typeof findVisibleMessage>>;

/** The senders of the messages sent at the same moment, read together (the chat at its busiest). */
const senders = batched(
  async (userIds: readonly string[]) => {
    const people = await loadPeople([...userIds]);
    return userIds.map((id) => people.get(id));
  },
  { concurrency: 2 },
);

/** Builds messages as the chat renders them: sender, file link, reactions and readers. */
export async function toChatMessages(rows: MessageRow[], executor: Executor = db): Promise<ChatMessage[]> {
  if (!rows.length) return [];
  const spaceId = rows[0].space_id;
  const ids = rows.map((row) => row.id);
  const replyToIds = [...new Set(rows.flatMap((row) => (row.reply_to_id ? [row.reply_to_id] : [])))];
  const [reactions, reads, memberIds, originals] = await Promise.all([
    executor
      .selectFrom("message_reactions")
      .select(["message_id", "user_id", "reaction_type"])
      .where("message_id", "in", ids)
      .orderBy("created_at")
      .execute(),
    executor.selectFrom("space_reads").select(["user_id", "last_read_at"]).where("space_id", "=", spaceId).execute(),
    spaceMemberUserIds(spaceId, executor),
    replyToIds.length
      ? executor
          .selectFrom("space_messages")
          .select(["id", "sender_id", "content", "attachment_name", "deleted_at"])
          .where("id", "in", replyToIds)
          .where("space_id", "=", spaceId)
          .execute()
      : [],
  ]);
  const members = new Set(memberIds);
  const memberReads = reads.filter((read) => members.has(read.user_id));
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
    ),
  );
}

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
async function quoteOf(actor: Actor, spaceId: string, messageId: string): Promise<ReplyQuote> {
  const original = await findVisibleMessage(actor, messageId);
  if (original.space_id !== spaceId) throw notFound(MESSAGE_NOT_FOUND);
  const people = original.sender_id ? await loadPeople([original.sender_id]) : new Map<string, Person>();
  return quote(original, people);
}

function chatMessage(
  row: MessageRow,
  sender: Person | undefined,
  reactions: Reactions,
  readers: ChatPerson[],
  people: Map<string, Person>,
  replyTo: ReplyQuote | null,
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
            url: attachmentUrl(row.id),
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
  };
}

/** Who reacted with what, from a message's reaction rows (oldest first). */
export function reactionsFrom(rows: Array<{ user_id: string; reaction_type: ReactionType }>): Reactions {
  const reactions = emptyReactions();
  for (const row of rows) reactions[row.reaction_type].push(row.user_id);
  return reactions;
}

/** Where members download a message's file (app/routes/attachments.$messageId.tsx checks who asks). */
export function attachmentUrl(messageId: string) {
  return `/attachments/${messageId}`;
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

/**
 * What an edit leaves of the stored preview: the same while the text leads with the same
 * link (removed stays removed), none when the link changed or went.
 */
function previewAfterEdit(stored: StoredLinkPreview | null, content: string): StoredLinkPreview | null {
  return stored && stored.url === firstLinkIn(content) ? stored : null;
}

/** The stored picture of a preview no longer shown, removed; a failure is only logged. */
export async function deletePreviewImage(stored: StoredLinkPreview | null | undefined) {
  const key = stored && !("removed" in stored) ? stored.image?.key : null;
  if (!key) return;
  await storage()
    .delete(key)
    .catch((error) => console.error(`Could not delete the preview image ${key}`, error));
}

/** The actor's own message, to change; someone else's is refused under `title` (SPEC §8: "Could not edit message."). */
async function findOwnMessage(actor: Actor, messageId: string, title: string, tx: Transaction<Database>) {
  const row = await findVisibleMessage(actor, messageId, tx, { lock: true });
  if (row.deleted_at) throw notFound(MESSAGE_NOT_FOUND);
  if (row.sender_id !== actor.id) throw new Refusal(MESSAGE_TEXT.notSender, { status: 403, title });
  return row;
}

/** The message the sender already sent with this client id, as a duplicate send answers it. */
async function findSent(senderId: string, spaceId: string, clientId: string): Promise<SentMessage | null> {
  const row = await db
    .selectFrom("space_messages")
    .leftJoin("space_changes", (join) =>
      join
        .onRef("space_changes.space_id", "=", "space_messages.space_id")
        .onRef("space_changes.message_id", "=", "space_messages.id")
        .on("space_changes.kind", "=", "message.created"),
    )
    .selectAll("space_messages")
    .select("space_changes.seq as created_seq")
    .where("space_messages.sender_id", "=", senderId)
    .where("space_messages.client_id", "=", clientId)
    .executeTakeFirst();
  if (!row) return null;
  // A client id is the browser's name for one message; reused for another space it names nothing here.
  if (row.space_id !== spaceId) throw new Refusal("Could not send message.");
  const [message] = await toChatMessages([row]);
  return { message, seq: Number(row.created_seq ?? 0), duplicate: true, change: null };
}

type StoredAttachment = { key: string; name: string; size: number; type: string };

/** Checks the file by its bytes (images, pdf, doc, docx, txt; at most 10 MB) and stores it privately. */
async function storeAttachment(file: File): Promise<StoredAttachment> {
  const inspected = await inspectUpload(file, "attachment");
  if (!inspected.ok) throw new Refusal(inspected.message, { title: inspected.title });
  const key = newFileKey("chat-attachments", inspected.extension);
  await storage().put(key, inspected.bytes, { contentType: inspected.contentType });
  return { key, name: inspected.name, size: inspected.size, type: inspected.contentType };
}

/** An ILIKE pattern matching text that contains `term` as typed (its `%`, `_` and `\` mean themselves). */
export function likePattern(term: string) {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
