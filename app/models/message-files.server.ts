import { storage, newFileKey } from "~/services/storage.server";
import { inspectUpload } from "./uploads.server";
import type { Actor } from "./actors.server";
import { notFound } from "./errors.server";
import { findVisibleMessage } from "./messages.server";

/*
 * A message's file (SPEC §5, decision 017): checked by its bytes and stored privately
 * when the message is sent, downloaded only by the members of its space. A delete
 * removes it with the message's text (message-changes.server.ts).
 */

export type StoredAttachment = { key: string; name: string; size: number; type: string };

/** Checks the file by its bytes (images, pdf, doc, docx, txt; at most 10 MB) and stores it privately. */
export async function storeAttachment(file: File): Promise<StoredAttachment> {
  const inspected = await inspectUpload(file, "attachment");
  const key = newFileKey("chat-attachments", inspected.extension);
  await storage().put(key, inspected.bytes, { contentType: inspected.contentType });
  return { key, name: inspected.name, size: inspected.size, type: inspected.contentType };
}

/** A message's file, for a member of its space to download; a 404 refusal for anyone else, or when it is gone. */
export async function readAttachment(actor: Actor, messageId: string) {
  const row = await findVisibleMessage(actor, messageId);
  const stored = row.attachment_key ? await storage().get(row.attachment_key) : null;
  if (!stored || !row.attachment_name) throw notFound("File not found");
  return { body: stored.body, contentType: stored.contentType, size: stored.size, name: row.attachment_name };
}
