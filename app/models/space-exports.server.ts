import { sql } from "kysely";
import type { Space } from "#db/schema";
import { db, type Executor } from "~/services/db.server";
import { renderMail } from "~/services/mail-layout.server";
import { sendMail } from "~/services/mail.server";
import { hashSecret, newSecret } from "~/services/secrets.server";
import { newFileKey, storage, type StoredStream } from "~/services/storage.server";
import { loadActor, type Actor } from "./actors.server";
import { recordSecurityActivity, recordSpaceActivity } from "./activity.server";
import { formatSize } from "~/shared/chat-message";
import { Refusal, isNotFound, notFound } from "./errors.server";
import { emit } from "./events.server";
import { canExportSpace, hasMembership, isAgencyStaff } from "./policy.server";
import { SPACE_NOT_FOUND, findVisibleSpace, teamSideOf } from "./space-access.server";
import { storeSpaceArchive } from "./space-archive.server";

/*
 * A space taken out as a ZIP (issue 17). The agency owner, or a client owner of their own
 * space when the agency allows it, asks; the answer is at once, and a background job
 * (app/process/jobs.server.ts) makes the archive (space-archive.server.ts), stores it
 * privately and mails the asker a link. The link is theirs alone: it works once, for
 * them signed in, and expires; only the hash of its secret is stored (as a notice's,
 * decision 008). Opening it uses nothing up, since mail scanners open links too; the
 * Download button does. Each export copies every file of its space into storage (issue
 * 35): a space has one export at a time, and an agency a few a day.
 */

/** Long enough for a mail read after a weekend; the archive is not kept longer than that. */
export const EXPORT_LINK_LIFETIME_DAYS = 3;
const EXPORT_LINK_LIFETIME_MS = EXPORT_LINK_LIFETIME_DAYS * 24 * 60 * 60 * 1000;
/**
 * How long the queue lets one attempt of an export's job run (app/process/jobs.server.ts).
 * An export not made yet holds its space until that long after its latest attempt began
 * (or after it was asked for, before any began): longer, and that attempt has died.
 */
export const EXPORT_JOB_SECONDS = 60 * 60;
/** Exports one agency may ask for in 24 hours, all its spaces together. */
export const EXPORTS_PER_AGENCY_PER_DAY = 5;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A request whose job never got done is given up after this, with what it had stored. */
const ABANDONED_MS = DAY_MS;
/** A downloaded archive stays this long, so that its own download is never cut short; then it goes. */
const KEPT_AFTER_DOWNLOAD_MS = 60 * 60 * 1000;

export const EXPORT_TEXT = {
  requested: "We're preparing your export. We'll email you a link when it's ready.",
  linkGone: "This export link no longer works.",
  inProgress: "An export of this space is already being prepared. Please try again once it is ready.",
} as const;

/** "… Please try again in 3 hours.": when one of the day's exports will have left the 24 hours. */
function tooManyExports(retryInMs: number): Refusal {
  const minutes = Math.max(1, Math.ceil(retryInMs / 60_000));
  const [count, unit] = minutes < 60 ? [minutes, "minute"] : [Math.ceil(minutes / 60), "hour"];
  return new Refusal(
    `Your agency has made ${EXPORTS_PER_AGENCY_PER_DAY} exports in the last 24 hours. Please try again in ${count} ${unit}${count === 1 ? "" : "s"}.`,
    { status: 429 },
  );
}

/** The space, if the actor may export it; "Space not found" otherwise, as for a space they cannot see. */
export async function findExportableSpace(actor: Actor, spaceId: string, executor: Executor = db): Promise<Space> {
  const space = await findVisibleSpace(actor, spaceId, executor);
  if (!canExportSpace(actor, space, await clientOwnersMayExport(space.agency_id, executor))) {
    throw notFound(SPACE_NOT_FOUND);
  }
  return space;
}

/**
 * Asks for an export of the space, recorded in the agency's activity; the job that makes
 * it is started by the `space.export-requested` event. While one is being made, asking
 * again changes nothing for who asked it (a double click, a repost) and is refused (409)
 * to anyone else; past the agency's exports of the day it is refused (429), saying when
 * it may be asked again.
 */
export async function requestSpaceExport(actor: Actor, spaceId: string): Promise<Space> {
  const { space, exportId } = await db.transaction().execute(async (tx) => {
    const space = await findExportableSpace(actor, spaceId, tx);
    // Two requests at once in the same agency wait for each other here, so that both
    // rules below see the other's export.
    await tx.selectFrom("agencies").select("id").where("id", "=", space.agency_id).forUpdate().execute();
    const now = Date.now();
    const preparing = await tx
      .selectFrom("space_exports")
      .select("requested_by")
      .where("space_id", "=", space.id)
      .where("token_hash", "is", null)
      .where(sql<Date>`coalesce(job_started_at, created_at)`, ">", new Date(now - EXPORT_JOB_SECONDS * 1000))
      .execute();
    if (preparing.some((row) => row.requested_by === actor.id)) return { space, exportId: null };
    if (preparing.length) throw new Refusal(EXPORT_TEXT.inProgress, { status: 409 });
    const today = await tx
      .selectFrom("space_exports")
      .innerJoin("spaces", "spaces.id", "space_exports.space_id")
      .select("space_exports.created_at")
      .where("spaces.agency_id", "=", space.agency_id)
      .where("space_exports.created_at", ">", new Date(now - DAY_MS))
      .orderBy("space_exports.created_at", "desc")
      .execute();
    if (today.length >= EXPORTS_PER_AGENCY_PER_DAY) {
      // Another fits once the oldest of the latest few has left the 24 hours.
      const oldestOfLatest = today[EXPORTS_PER_AGENCY_PER_DAY - 1].created_at;
      throw tooManyExports(oldestOfLatest.getTime() + DAY_MS - now);
    }
    const { id } = await tx
      .insertInto("space_exports")
      .values({ space_id: space.id, requested_by: actor.id })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordSpaceActivity(tx, actor.id, space, {
      action: "space.exported",
      summary: `${actor.name} exported the space ${space.name}`,
    });
    return { space, exportId: id };
  });
  if (exportId) emit("space.export-requested", { exportId });
  return space;
}

/**
 * The job: makes the archive of the space as it stood when it was asked for, into storage
 * as it is made, and mails the asker its link. Nothing is made for someone who may no
 * longer export the space (their request is dropped). When making it or the mail fails,
 * the archive goes and the error is thrown, so that the queue tries the whole again.
 * Returns whether a mail went out.
 */
export async function sendSpaceExport(exportId: string, origin: string): Promise<boolean> {
  const request = await db
    .selectFrom("space_exports")
    .innerJoin("spaces", "spaces.id", "space_exports.space_id")
    .innerJoin("agencies", "agencies.id", "spaces.agency_id")
    .select([
      "space_exports.requested_by",
      "space_exports.space_id",
      "space_exports.created_at",
      "spaces.name",
      "agencies.agency_name",
    ])
    .where("space_exports.id", "=", exportId)
    .where("space_exports.token_hash", "is", null)
    .executeTakeFirst();
  if (!request) return false;
  const requester = await loadActor(request.requested_by);
  if (!requester || !hasMembership(requester) || !(await mayStillExport(requester, request.space_id))) {
    await db.deleteFrom("space_exports").where("id", "=", exportId).execute();
    return false;
  }

  // The archive's key is on the row before its first byte is stored: whatever an attempt
  // that died half-way had stored, the next attempt removes, or the prune with the request.
  const key = newFileKey("space-exports", "zip");
  const attempt = await db.transaction().execute(async (tx) => {
    const row = await tx
      .selectFrom("space_exports")
      .select("archive_key")
      .where("id", "=", exportId)
      .where("token_hash", "is", null)
      .forUpdate()
      .executeTakeFirst();
    if (row) {
      await tx
        .updateTable("space_exports")
        .set({ archive_key: key, job_started_at: new Date() })
        .where("id", "=", exportId)
        .execute();
    }
    return row;
  });
  if (!attempt) return false;
  if (attempt.archive_key) await deleteArchives([attempt.archive_key]);
  // Issue 38: the agency's export holds the team side too, in a section of its own; a client's never does.
  const teamSideId = isAgencyStaff(requester) ? await teamSideOf(request.space_id) : null;
  const size = await storeSpaceArchive(
    key,
    { id: request.space_id, name: request.name, agencyName: request.agency_name, teamSideId },
    { id: requester.id, name: requester.name, timeZone: requester.timeZone },
    request.created_at,
  );
  const secret = newSecret();
  const ready = await db
    .updateTable("space_exports")
    .set({
      archive_size: size,
      token_hash: hashSecret(secret),
      expires_at: new Date(Date.now() + EXPORT_LINK_LIFETIME_MS),
    })
    .where("id", "=", exportId)
    .where("archive_key", "=", key)
    .where("token_hash", "is", null)
    .returning("id")
    .executeTakeFirst();
  if (!ready) {
    // The request went meanwhile (its space was deleted), or a later attempt took it over: so does this archive.
    await deleteArchives([key]);
    return false;
  }
  try {
    await sendMail({ to: requester.email, ...exportMail(origin, secret, request.name, size) });
  } catch (error) {
    await db
      .updateTable("space_exports")
      .set({ archive_key: null, archive_size: null, token_hash: null, expires_at: null })
      .where("id", "=", exportId)
      .execute();
    await deleteArchives([key]);
    throw error;
  }
  return true;
}

async function mayStillExport(actor: Actor, spaceId: string): Promise<boolean> {
  try {
    await findExportableSpace(actor, spaceId);
    return true;
  } catch (error) {
    if (isNotFound(error)) return false;
    throw error;
  }
}

/** Where the link in the mail leads: the page that offers the download. */
export function exportLinkUrl(origin: string, secret: string) {
  return `${origin}/space-export?token=${encodeURIComponent(secret)}`;
}

function exportMail(origin: string, secret: string, spaceName: string, size: number) {
  const { html, text } = renderMail({
    heading: `Your export of ${spaceName} is ready`,
    paragraphs: [
      `The ZIP file (${formatSize(size)}) holds the conversation of ${spaceName}, as a page to read and as JSON, and every file shared in it.`,
      `The link works once, only for you (you log in to use it), and expires in ${EXPORT_LINK_LIFETIME_DAYS} days.`,
    ],
    action: { label: "Download export", url: exportLinkUrl(origin, secret) },
  });
  return { subject: `Your export of ${spaceName} is ready`, html, text };
}

export type ExportLinkState = "ready" | "downloaded" | "expired";

/** What a link stands for, without using it up: whose it is, of which space, and whether it still works. */
export async function findExportLink(secret: string) {
  const row = secret
    ? await db
        .selectFrom("space_exports")
        .innerJoin("spaces", "spaces.id", "space_exports.space_id")
        .select([
          "space_exports.requested_by",
          "space_exports.space_id",
          "space_exports.archive_size",
          "space_exports.expires_at",
          "space_exports.downloaded_at",
          "spaces.name",
        ])
        .where("space_exports.token_hash", "=", hashSecret(secret))
        .executeTakeFirst()
    : undefined;
  if (!row) return null;
  const state: ExportLinkState = row.downloaded_at
    ? "downloaded"
    : row.expires_at && row.expires_at > new Date()
      ? "ready"
      : "expired";
  return {
    requestedBy: row.requested_by,
    spaceId: row.space_id,
    spaceName: row.name,
    size: Number(row.archive_size ?? 0),
    state,
  };
}

/**
 * The link as its page shows it to the signed-in actor: someone else's says only that, and
 * one whose space they may no longer export (or see) is as good as unknown.
 */
export async function exportLinkFor(actor: Actor, secret: string) {
  const link = await findExportLink(secret);
  if (!link) return { state: "unknown" } as const;
  if (link.requestedBy !== actor.id) return { state: "other-account" } as const;
  if (!(await mayStillExport(actor, link.spaceId))) return { state: "unknown" } as const;
  return link;
}

/**
 * Uses the link up, for its own user who may still export the space, in one statement
 * (two clicks cannot both download), and opens the archive to stream. A spent, expired,
 * unknown or foreign link is a 404 refusal.
 */
export async function takeSpaceExport(
  actor: Actor,
  secret: string,
): Promise<{ fileName: string; archive: StoredStream }> {
  const link = await findExportLink(secret);
  if (!link || link.requestedBy !== actor.id) throw notFound(EXPORT_TEXT.linkGone);
  const space = await findExportableSpace(actor, link.spaceId);
  const taken = await db
    .updateTable("space_exports")
    .set({ downloaded_at: new Date() })
    .where("token_hash", "=", hashSecret(secret))
    .where("requested_by", "=", actor.id)
    .where("downloaded_at", "is", null)
    .where("expires_at", ">", new Date())
    .returning("archive_key")
    .executeTakeFirst();
  const archive = taken?.archive_key ? await storage().open(taken.archive_key) : null;
  if (!archive) throw notFound(EXPORT_TEXT.linkGone);
  return { fileName: archiveName(space.name, new Date()), archive };
}

/** "Globex Launch export 2026-11-23.zip", with nothing a file system refuses. */
function archiveName(spaceName: string, day: Date): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const name = spaceName.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, "-").trim() || "Space";
  return `${name} export ${day.toISOString().slice(0, 10)}.zip`;
}

/** The archives of a space's exports, for deleteSpace to remove from storage with the space. */
export async function spaceExportArchiveKeys(spaceId: string, executor: Executor = db): Promise<string[]> {
  const rows = await executor
    .selectFrom("space_exports")
    .select("archive_key")
    .where("space_id", "=", spaceId)
    .where("archive_key", "is not", null)
    .$narrowType<{ archive_key: string }>()
    .execute();
  return rows.map((row) => row.archive_key);
}

/**
 * Hourly: archives downloaded a while ago go (their row stays, so that the link still
 * says it was used); expired links and requests whose job never got done go entirely.
 */
export async function pruneSpaceExports(now = new Date()): Promise<void> {
  const downloaded = await db
    .selectFrom("space_exports")
    .select(["id", "archive_key"])
    .where("downloaded_at", "<", new Date(now.getTime() - KEPT_AFTER_DOWNLOAD_MS))
    .where("archive_key", "is not", null)
    .$narrowType<{ archive_key: string }>()
    .execute();
  if (downloaded.length) {
    await db
      .updateTable("space_exports")
      .set({ archive_key: null })
      .where(
        "id",
        "in",
        downloaded.map((row) => row.id),
      )
      .execute();
    await deleteArchives(downloaded.map((row) => row.archive_key));
  }
  const gone = await db
    .deleteFrom("space_exports")
    .where((eb) =>
      eb.or([
        eb("expires_at", "<=", now),
        eb.and([eb("token_hash", "is", null), eb("created_at", "<", new Date(now.getTime() - ABANDONED_MS))]),
      ]),
    )
    .returning("archive_key")
    .execute();
  await deleteArchives(gone.flatMap((row) => (row.archive_key ? [row.archive_key] : [])));
}

/** Removes archives from storage; one whose removal fails is only logged (its row is gone or spent either way). */
export async function deleteArchives(keys: string[]): Promise<void> {
  await Promise.all(
    keys.map((key) =>
      storage()
        .delete(key)
        .catch((error) => console.error(`Could not delete the space export ${key}`, error)),
    ),
  );
}

/** Whether the agency lets its client owners export the spaces they own (off unless its owner turned it on). */
async function clientOwnersMayExport(agencyId: string, executor: Executor = db): Promise<boolean> {
  const agency = await executor
    .selectFrom("agencies")
    .select("client_owners_may_export")
    .where("id", "=", agencyId)
    .executeTakeFirst();
  return agency?.client_owners_may_export ?? false;
}

/** Who has a say in whether client owners export: the agency's owner. */
function setsClientExports(actor: Actor): actor is Actor & { agencyId: string } {
  return actor.type === "AGENCY" && actor.agencyId !== null;
}

/** The setting "Let client owners export their spaces" as the agency owner sees it; null for anyone else. */
export async function clientExportsSetting(actor: Actor): Promise<boolean | null> {
  return setsClientExports(actor) ? clientOwnersMayExport(actor.agencyId) : null;
}

/** The agency owner's setting "Let client owners export their spaces"; "Not found" (404) for anyone else. */
export async function setClientOwnerExports(actor: Actor, allowed: boolean): Promise<void> {
  if (!setsClientExports(actor)) throw notFound();
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable("agencies")
      .set({ client_owners_may_export: allowed, updated_at: new Date() })
      .where("id", "=", actor.agencyId)
      .execute();
    await recordSecurityActivity(tx, actor, {
      action: allowed ? "security.client_exports_allowed" : "security.client_exports_stopped",
      summary: allowed
        ? `${actor.name} let client owners export their spaces`
        : `${actor.name} stopped client owners from exporting their spaces`,
    });
  });
}
