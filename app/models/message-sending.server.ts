import crypto from "node:crypto";
import { sql } from "kysely";
import { db } from "~/services/db.server";
import { storage } from "~/services/storage.server";
import { batched } from "~/services/batches.server";
import { compiledQuery } from "~/services/compiled-queries.server";
import { loadPeople, type Actor } from "./actors.server";
import { Refusal, notFound } from "./errors.server";
import {
  emptyReactions,
  MESSAGE_MAX_LENGTH,
  MESSAGE_TEXT,
  type ChatMessage,
  type ReplyQuote,
} from "~/shared/chat-message";
import { askersOf, findVisibleChat, isUuid, SPACE_NOT_FOUND, visibleToEach } from "./space-access.server";
import { appendChanges, publishChanges, spaceChangeOf, type ChangeRow, type SpaceChange } from "./space-changes.server";
import { watermarksAdvanced } from "./space-reads.server";
import { mentionsIn } from "./mentions.server";
import { announceLink, announceMentions } from "./message-announcements.server";
import { storeAttachment, type StoredAttachment } from "./message-files.server";
import { chatMessage, MESSAGE_NOT_FOUND, quoteOf, toChatMessages, type MessageRow } from "./messages.server";

/*
 * Sending a message to a space (SPEC §2.13, §8): one model for the page's send form,
 * the browser's post of a file and the socket's chat:send. A message is stored once per
 * sender and client id, moves its sender's read watermark to it, and goes into the
 * space's change log in the same statement; the change is published after the commit.
 */

export type SendMessageInput = {
  clientId: string;
  content: string;
  file?: FormDataEntryValue | null;
  /** The message of the same space it replies to (issue 21). */
  replyToId?: string | null;
  /** Posted by a reply to a notice mail (app/models/mail-replies.server.ts). */
  viaEmail?: boolean;
};
/** `change` is the log entry a new message made (null for a retry), for the sender to apply at once. */
export type SentMessage = { message: ChatMessage; seq: number; duplicate: boolean; change: SpaceChange | null };

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
    await findVisibleChat(actor, spaceId);
    const existing = await findSent(actor.id, spaceId, clientId);
    if (existing) return existing;
  }
  if (content.length > MESSAGE_MAX_LENGTH) throw new Refusal(MESSAGE_TEXT.tooLong);
  if (!content && !file) throw new Refusal(MESSAGE_TEXT.empty);
  // Before a file is stored: a reply to a message of another space, or to none, is refused.
  const replyTo = input.replyToId ? await quoteOf(actor, spaceId, input.replyToId) : null;
  const attachment = file ? await storeAttachment(file) : null;

  const change = await insertMessage(actor, spaceId, clientId, content, attachment, replyTo, input.viaEmail).catch(
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
  viaEmail = false,
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
    via_email: viaEmail,
  };
  // A new message has no reactions and no readers yet.
  const message = chatMessage(row, sender, emptyReactions(), [], mentioned.people, replyTo);
  const stored = await storedMessages.load({ actor, row, message });
  if (!stored.visible) throw notFound(SPACE_NOT_FOUND);
  return stored.change;
}

/** The senders of the messages sent at the same moment, read together (the chat at its busiest). */
const senders = batched(
  async (userIds: readonly string[]) => {
    const people = await loadPeople([...userIds]);
    return userIds.map((id) => people.get(id));
  },
  { concurrency: 2 },
);

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
  const rows = await storeStatement({
    input: JSON.stringify(input),
    askers: askersOf(batch.map(({ actor, row }) => ({ actor, spaceId: row.space_id }))),
  });
  const byOrd = new Map(rows.map((row) => [row.ord, row]));
  return batch.map((_, ord) => {
    const row = byOrd.get(first[ord]);
    if (!row) return new Error("A message of the batch was not answered");
    // The second of a client id in one batch is a retry of the first.
    const change = row.seq === null || row.ord !== ord ? null : spaceChangeOf(row);
    return { visible: row.visible, change };
  });
}

/** The statement of `storeMessages`, whose text is the same for any batch: compiled once. */
const storeStatement = compiledQuery(
  (values: { input: string; askers: string }) => sql<ChangeRow & { ord: number; visible: boolean }>`
    with input as (
      select * from jsonb_to_recordset(${values.input}::jsonb) as input(
        ord integer, id uuid, space_id uuid, sender_id uuid, client_id text, content text, attachment_key text,
        attachment_name text, attachment_size integer, attachment_type text, mentions jsonb, reply_to_id uuid,
        via_email boolean, payload jsonb
      )
    ),
    visible as (${visibleToEach(values.askers, { narrowed: true })}),
    message as (
      insert into space_messages
        (id, space_id, sender_id, client_id, content, attachment_key, attachment_name, attachment_size, attachment_type,
         mentions, reply_to_id, via_email, created_at)
      select id, space_id, sender_id, client_id, content, attachment_key, attachment_name, attachment_size,
        attachment_type, mentions, reply_to_id, via_email, now() + ord * interval '1 microsecond'
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
  `,
);

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
