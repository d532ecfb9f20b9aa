import type { StoredLinkPreview } from "#db/schema";
import { db, type Executor } from "~/services/db.server";
import { env } from "~/services/env.server";
import { prepareImage } from "~/services/images.server";
import { OutboundRefusal, outboundRequest, parseAllowedHosts } from "~/services/outbound.server";
import { readPageMetadata } from "~/services/page-metadata.server";
import { newFileKey, storage } from "~/services/storage.server";
import type { Actor } from "./actors.server";
import { firstLinkIn, MESSAGE_TEXT } from "./chat-message";
import { forbidden, notFound } from "./errors.server";
import {
  deletePreviewImage,
  findVisibleMessage,
  linkPreviewOf,
  MESSAGE_NOT_FOUND,
  rewriteLoggedMessage,
} from "./messages.server";
import { publishChanges, recordChange, type SpaceChange } from "./space-changes.server";

/*
 * Link previews (issue 21): a message whose text holds an http(s) link gets a card
 * under it with what the linked page says of itself. The page is read once, by a
 * background job after the send (app/process/jobs.server.ts), through the guarded
 * outbound requests of app/services/outbound.server.ts; its picture is fetched the same
 * way, re-encoded small and kept with the app's files, so a reader's browser never calls
 * the site. The card reaches the chat as a change of the space's log ("message.preview"),
 * live and in the replay; the sender may remove it, and it stays removed.
 */

/** The largest side of a preview's picture, in pixels: a card is 288 CSS pixels wide, on screens up to 2x and more. */
const IMAGE_SIZE = 800;
const IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"]);
const HTML_TYPES = new Set(["text/html", "application/xhtml+xml"]);

export type LinkPreviewJob = { messageId: string; url: string };

/**
 * The job: reads the linked page and its picture, stores the card and tells the space.
 * Nothing happens when the message was deleted, no longer leads with that link, or has
 * a card for it already (or had one removed). A page that cannot be read, or says
 * nothing of itself, gets no card; the job does not retry it.
 */
export async function attachLinkPreview({ messageId, url }: LinkPreviewJob): Promise<SpaceChange | null> {
  // Checked before the page is fetched, and again, under a lock, before the card is stored.
  if (!(await messageWantingCard(messageId, url))) return null;
  const preview = await readLinkPreview(url);
  if (!preview) return null;
  const result = await db.transaction().execute(async (tx) => {
    const row = await messageWantingCard(messageId, url, tx, { lock: true });
    if (!row) return null;
    await tx
      .updateTable("space_messages")
      .set({ link_preview: JSON.stringify(preview) })
      .where("id", "=", row.id)
      .execute();
    const linkPreview = linkPreviewOf(row.id, preview);
    await rewriteLoggedMessage(tx, row, { linkPreview });
    const change = await recordChange(tx, {
      spaceId: row.space_id,
      kind: "message.preview",
      messageId: row.id,
      payload: { linkPreview },
    });
    return { change, spaceId: row.space_id };
  });
  if (!result) {
    await deletePreviewImage(preview);
    return null;
  }
  publishChanges(result.spaceId, [result.change]);
  return result.change;
}

/** The message, while it still wants a card for `url`: not deleted, leading with that link, with no card yet (nor one removed). */
async function messageWantingCard(
  messageId: string,
  url: string,
  executor: Executor = db,
  { lock = false }: { lock?: boolean } = {},
) {
  let query = executor
    .selectFrom("space_messages")
    .select(["id", "space_id", "content", "deleted_at", "link_preview"])
    .where("id", "=", messageId);
  if (lock) query = query.forNoKeyUpdate();
  const row = await query.executeTakeFirst();
  return row && !row.deleted_at && !row.link_preview && firstLinkIn(row.content) === url ? row : null;
}

/**
 * The sender takes the card off their message; it stays off (an edit to another link
 * gets a new one). Someone else's message is refused; removing what is not there changes nothing.
 */
export async function removeLinkPreview(
  actor: Actor,
  messageId: string,
): Promise<{ messageId: string; seq: number | null; change: SpaceChange | null }> {
  const result = await db.transaction().execute(async (tx) => {
    const row = await findVisibleMessage(actor, messageId, tx, { lock: true });
    if (row.deleted_at) throw notFound(MESSAGE_NOT_FOUND);
    if (row.sender_id !== actor.id) throw forbidden(MESSAGE_TEXT.removePreviewOthers);
    const url = row.link_preview?.url ?? firstLinkIn(row.content);
    if (!url || (row.link_preview && "removed" in row.link_preview)) return null;
    const removed: StoredLinkPreview = { url, removed: true };
    await tx
      .updateTable("space_messages")
      .set({ link_preview: JSON.stringify(removed) })
      .where("id", "=", row.id)
      .execute();
    await rewriteLoggedMessage(tx, row, { linkPreview: null });
    const change = await recordChange(tx, {
      spaceId: row.space_id,
      kind: "message.preview",
      messageId: row.id,
      userId: actor.id,
      payload: { linkPreview: null },
    });
    return { change, spaceId: row.space_id, before: row.link_preview };
  });
  if (!result) return { messageId, seq: null, change: null };
  await deletePreviewImage(result.before);
  publishChanges(result.spaceId, [result.change]);
  return { messageId, seq: result.change.seq, change: result.change };
}

/** A preview's picture, for a member of the message's space; a 404 refusal for anyone else, or when there is none. */
export async function readPreviewImage(actor: Actor, messageId: string) {
  const row = await findVisibleMessage(actor, messageId);
  const stored = row.link_preview && !("removed" in row.link_preview) ? row.link_preview.image : null;
  const image = stored ? await storage().get(stored.key) : null;
  if (!image) throw notFound("Image not found");
  return image;
}

/** The card of a page: null when it cannot be read or says nothing of itself. Its picture is stored as it is made. */
async function readLinkPreview(url: string): Promise<StoredLinkPreview | null> {
  const allowedHosts = parseAllowedHosts(env().LINK_PREVIEW_ALLOWED_HOSTS);
  const page = await outboundRequest(url, {
    allowedHosts,
    headers: { accept: "text/html,application/xhtml+xml" },
    accept: (type) => HTML_TYPES.has(type),
    truncate: true,
  }).catch(ignoreRefusal);
  if (!page || page.status !== 200) return null;
  const metadata = readPageMetadata(page.body.toString("utf8"), page.url);
  const title = metadata.title ?? metadata.siteName;
  if (!title) return null;
  return {
    url,
    title,
    description: metadata.description,
    siteName: metadata.siteName ?? page.url.hostname.replace(/^www\./, ""),
    image: metadata.image ? await storeImage(metadata.image, allowedHosts) : null,
  };
}

async function storeImage(url: string, allowedHosts: ReadonlySet<string>) {
  const answer = await outboundRequest(url, {
    allowedHosts,
    headers: { accept: [...IMAGE_TYPES].join(",") },
    accept: (type) => IMAGE_TYPES.has(type),
  }).catch(ignoreRefusal);
  if (!answer || answer.status !== 200) return null;
  const image = await prepareImage(answer.body, IMAGE_SIZE);
  if (!image) return null;
  const key = newFileKey("link-previews", image.extension);
  await storage().put(key, image.bytes, { contentType: image.contentType });
  return { key, width: image.width, height: image.height };
}

/** A page the guard refused or that failed to answer gets no card: not an error of the app. */
function ignoreRefusal(error: unknown): null {
  if (error instanceof OutboundRefusal) return null;
  throw error;
}
