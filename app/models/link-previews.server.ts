import { sql } from "kysely";
import type { LinkCard, StoredLinkPreview } from "#db/schema";
import { db, type Executor } from "~/services/db.server";
import { env } from "~/services/env.server";
import { FairQueue } from "~/services/fair-queue.server";
import { deleteImage, prepareImage } from "~/services/images.server";
import { OutboundRefusal, outboundRequest, parseAllowedHosts } from "~/services/outbound.server";
import { readPageMetadata } from "~/services/page-metadata.server";
import { newFileKey, storage } from "~/services/storage.server";
import type { Actor } from "./actors.server";
import { firstLinkIn, MESSAGE_TEXT } from "~/shared/chat-message";
import { forbidden, notFound } from "./errors.server";
import { findVisibleMessage, linkPreviewOf, MESSAGE_NOT_FOUND } from "./messages.server";
import { deletePreviewImage, rewriteLoggedMessage } from "./message-changes.server";
import { assertWithinRateLimits, isRateLimited, type RateLimit } from "./rate-limits.server";
import { publishChanges, recordChange, type SpaceChange } from "./space-changes.server";

/*
 * Link previews (issue 21): a message whose text holds an http(s) link gets a card
 * under it with what the linked page says of itself. The page is read once, by a
 * background job after the send (app/process/jobs.server.ts), through the guarded
 * outbound requests of app/services/outbound.server.ts; its picture is fetched the same
 * way, re-encoded small and kept with the app's files, so a reader's browser never calls
 * the site. The card reaches the chat as a change of the space's log ("message.preview"),
 * live and in the replay; the sender may remove it, and it stays removed.
 *
 * One agency must not starve the others' previews (issue 35): a page's card is kept by
 * its URL for every message that links it, in any agency; pages not kept count against
 * their sender's and their agency's limits; pages are read a few at a time, one agency's
 * one at a time; and a picture is decoded only up to what the card needs.
 */

/** The largest side of a preview's picture, in pixels: a card is 288 CSS pixels wide, on screens up to 2x and more. */
const IMAGE_SIZE = 800;
/**
 * The most pixels a page's picture may decode to. A 1 MB PNG can describe 50 megapixels
 * (some 200 MB decoded); 16 take in any photo a page would offer for an 800 px card.
 */
const IMAGE_MAX_PIXELS = 16_000_000;
const IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"]);
const HTML_TYPES = new Set(["text/html", "application/xhtml+xml"]);

/** How long a page's card serves the messages that link it. */
const CARD_KEPT_MS = 24 * 60 * 60_000;
/** A page that gave no card is asked again sooner: it may have been down for a moment. */
const NO_CARD_KEPT_MS = 60 * 60_000;

/**
 * Pages read for one sender, and for one agency's spaces, in a minute (a page kept from an
 * earlier read does not count). A person pastes a few links a minute at most, an
 * agency's people together a few times more; past either, a link gets no card, as when
 * its page does not answer.
 */
const LINK_FETCH_LIMITS = {
  perUser: { limit: 10, windowMs: 60_000 },
  perAgency: { limit: 30, windowMs: 60_000 },
} satisfies Record<string, RateLimit>;

/**
 * Pages are read three at a time in a process, and an agency's one at a time: a page may
 * take some 6 s (3 for it, 3 for its picture), so one agency's slow links hold one of the
 * readers, never all of them. In memory rather than on pg-boss, which has no cap per
 * group (decision 032); a card comes now or never, so a restart losing the waiting ones
 * loses nothing worth having.
 */
const pageReads = new FairQueue({ workers: 3, perGroup: 1 });
/**
 * A link whose turn comes this long after its message was sent gets no card: a card a
 * minute late sits on a message already read, and an agency whose links come faster than
 * its pages answer does not pile up work for later (as pg-boss's job expiry gave before).
 */
const CARD_LATE_AFTER_MS = 60_000;

export type LinkPreviewJob = { messageId: string; url: string };

/**
 * What `message.linked` asks for (app/process/jobs.server.ts): the job, in its agency's
 * turn. Settles once it ran, with its change, or null when no card came: also when the
 * page is not kept already and its sender or agency is past their limit.
 */
export async function queueLinkPreview(job: LinkPreviewJob): Promise<SpaceChange | null> {
  const origin = await db
    .selectFrom("space_messages")
    .innerJoin("spaces", "spaces.id", "space_messages.space_id")
    .select(["space_messages.sender_id", "space_messages.created_at", "spaces.agency_id"])
    .where("space_messages.id", "=", job.messageId)
    .executeTakeFirst();
  if (!origin) return null;
  if (!(await cachedCard(job.url)) && !(await withinFetchLimits(origin))) return null;
  const sentAt = new Date(origin.created_at).getTime();
  return pageReads.run(origin.agency_id, async () =>
    Date.now() - sentAt > CARD_LATE_AFTER_MS ? null : attachLinkPreview(job),
  );
}

/** Counts a page read; the sender's count first, so a sender past their own limit uses none of their agency's. */
async function withinFetchLimits({ sender_id, agency_id }: { sender_id: string | null; agency_id: string }) {
  const checks: Array<[string, RateLimit]> = [[`link-fetches:agency:${agency_id}`, LINK_FETCH_LIMITS.perAgency]];
  if (sender_id) checks.unshift([`link-fetches:user:${sender_id}`, LINK_FETCH_LIMITS.perUser]);
  try {
    await assertWithinRateLimits(checks);
    return true;
  } catch (error) {
    if (isRateLimited(error)) return false;
    throw error;
  }
}

/**
 * The job: reads the linked page and its picture (or takes them as kept from an earlier
 * read), stores the card and tells the space. Nothing happens when the message was
 * deleted, no longer leads with that link, or has a card for it already (or had one
 * removed). A page that cannot be read, or says nothing of itself, gets no card; the job
 * does not retry it.
 */
export async function attachLinkPreview({ messageId, url }: LinkPreviewJob): Promise<SpaceChange | null> {
  // Checked before the page is fetched, and again, under a lock, before the card is stored.
  if (!(await messageWantingCard(messageId, url))) return null;
  const card = await cardOf(url);
  if (!card) return null;
  // The message's own copy of the picture: taking its card off never touches another message's.
  const preview: StoredLinkPreview = { url, ...card, image: card.image && (await copyImage(card.image)) };
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

/** The page's card: as kept from an earlier read while that lasts, else read now and kept. */
async function cardOf(url: string): Promise<LinkCard | null> {
  const cached = await cachedCard(url);
  if (cached) return cached.card;
  return keepCard(url, await readCard(url));
}

/** The cache's entry for the page while it lasts. It holds no trace of who linked the page. */
function cachedCard(url: string) {
  return db
    .selectFrom("link_preview_cache")
    .select("card")
    .where("url", "=", cacheKeyOf(url))
    .where("expires_at", ">", new Date())
    .executeTakeFirst();
}

/** The page a link reads: its fragment is never sent to the site, and URL already lowercases the host and drops a default port. */
function cacheKeyOf(url: string) {
  const page = new URL(url);
  page.hash = "";
  return page.href;
}

/** The picture of a cached card, as SQL reads it. */
const imageKey = sql<string | null>`card #>> '{image,key}'`.as("image_key");

/**
 * Keeps the page's card for the next messages that link it, in place of an entry that has
 * lapsed (whose picture goes). When another read of the same page has just kept its card,
 * that one stays and serves, and this read's picture goes.
 */
async function keepCard(url: string, card: LinkCard | null): Promise<LinkCard | null> {
  const now = new Date();
  const key = cacheKeyOf(url);
  const kept = await db
    .with("lapsed", (query) => query.selectFrom("link_preview_cache").select(imageKey).where("url", "=", key))
    .insertInto("link_preview_cache")
    .values({
      url: key,
      card: card && JSON.stringify(card),
      expires_at: new Date(now.getTime() + (card ? CARD_KEPT_MS : NO_CARD_KEPT_MS)),
    })
    .onConflict((conflict) =>
      conflict
        .column("url")
        .doUpdateSet((eb) => ({ card: eb.ref("excluded.card"), expires_at: eb.ref("excluded.expires_at") }))
        .where("link_preview_cache.expires_at", "<=", now),
    )
    .returning(sql<string | null>`(select image_key from lapsed)`.as("lapsed_image_key"))
    .executeTakeFirst();
  if (kept) {
    await deleteImage(kept.lapsed_image_key);
    return card;
  }
  await deleteImage(card?.image?.key);
  return (await cachedCard(url))?.card ?? null;
}

/**
 * Hourly (app/process/lifecycle.server.ts): entries past their time go, with their pictures.
 * Each message has its own copy, so no card loses its picture; a job copying one just as
 * it goes leaves its card without a picture.
 */
export async function pruneLinkPreviewCache(now = new Date()): Promise<void> {
  const lapsed = await db.deleteFrom("link_preview_cache").where("expires_at", "<=", now).returning(imageKey).execute();
  await Promise.all(lapsed.map((entry) => deleteImage(entry.image_key)));
}

/** A message's own copy of a kept picture; null when the cache's copy has just been pruned. */
async function copyImage(image: NonNullable<LinkCard["image"]>) {
  const stored = await storage().get(image.key);
  if (!stored) return null;
  const key = newFileKey("link-previews", image.key.slice(image.key.lastIndexOf(".") + 1));
  await storage().put(key, stored.body, { contentType: stored.contentType });
  return { ...image, key };
}

/** The card of a page: null when it cannot be read or says nothing of itself. Its picture is stored as it is made. */
async function readCard(url: string): Promise<LinkCard | null> {
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
  const image = await prepareImage(answer.body, IMAGE_SIZE, IMAGE_MAX_PIXELS);
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
