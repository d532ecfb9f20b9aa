import { sql, type Transaction } from "kysely";
import type { Database, SpaceMessage, StoredLinkPreview } from "#db/schema";
import { db } from "~/services/db.server";
import { storage } from "~/services/storage.server";
import type { Actor } from "./actors.server";
import { Refusal, notFound } from "./errors.server";
import { firstLinkIn, MESSAGE_MAX_LENGTH, MESSAGE_TEXT, type ChatMessage } from "~/shared/chat-message";
import { publishChanges, recordChange, type SpaceChange } from "./space-changes.server";
import { mentionsIn } from "./mentions.server";
import { announceLink, announceMentions } from "./message-announcements.server";
import { findVisibleMessage, MESSAGE_NOT_FOUND, toChatMessages } from "./messages.server";
import { withdrawForDeletedMessage } from "./sign-offs.server";

/*
 * The sender's changes to their message (SPEC §5, §8): edit and delete; anyone else's is
 * refused. A deleted message stays as a tombstone (deleted_at, no content, no file) so
 * that a client catching up learns of the delete. Each change goes into the space's
 * change log in the same transaction, what the log carried of the message is rewritten
 * to match, and the change is published after the commit.
 */

export type ChangedMessage = { message: ChatMessage; seq: number | null; change: SpaceChange | null };

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
 * Deletes one's own message: its text and file go, a tombstone stays. What the log
 * carried of it is blanked too, so a client catching up never sees deleted words.
 */
export async function deleteMessage(
  actor: Actor,
  messageId: string,
): Promise<{ id: string; seq: number; change: SpaceChange }> {
  const { row, change, changes } = await db.transaction().execute(async (tx) => {
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
    // Its sign-offs that wait on its file are withdrawn first (kept on record), so a card's last change precedes the delete.
    const withdrawn = row.attachment_key ? await withdrawForDeletedMessage(tx, actor, row) : [];
    const change = await recordChange(tx, {
      spaceId: row.space_id,
      kind: "message.deleted",
      messageId: row.id,
      userId: actor.id,
      payload: { id: row.id },
    });
    return { row, change, changes: [...withdrawn, change] };
  });
  if (row.attachment_key) await storage().delete(row.attachment_key);
  await deletePreviewImage(row.link_preview);
  publishChanges(row.space_id, changes);
  return { id: row.id, seq: change.seq, change };
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
