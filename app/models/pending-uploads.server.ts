import { db, type Executor } from "~/services/db.server";
import { deleteImage, type ImageFolder } from "~/services/images.server";
import { storeImage } from "./uploads.server";
import type { Actor } from "./actors.server";

/*
 * An image uploaded ahead of the form that uses it: with JavaScript the New Space
 * dialog uploads the logo first and the form then carries only its key. A form may
 * name only a key its own user uploaded and has not used yet, so a posted key can
 * never point a space at someone else's file (whose deletion would then follow the
 * space's) nor at any other stored object. Keys left unused are removed after a day.
 */

const UNUSED_FOR_MS = 24 * 3600_000;

/** Checks and stores the image (SPEC §5, §8 wording on refusal) and holds it for this user's next form; returns its key. */
export async function holdImage(actor: Actor, file: FormDataEntryValue | null, folder: ImageFolder) {
  const key = await storeImage(file, folder);
  await db.insertInto("pending_uploads").values({ key, user_id: actor.id }).execute();
  return key;
}

/**
 * Takes a held image for good, inside the transaction that uses it. Returns false for
 * a key that is not this user's unused upload in that folder.
 */
export async function claimImage(tx: Executor, actor: Actor, key: string, folder: ImageFolder): Promise<boolean> {
  if (!key.startsWith(`${folder}/`)) return false;
  const claimed = await tx
    .deleteFrom("pending_uploads")
    .where("key", "=", key)
    .where("user_id", "=", actor.id)
    .executeTakeFirst();
  return Number(claimed.numDeletedRows) === 1;
}

/** Removes the images uploaded more than a day ago and never used (a dialog closed without saving). */
export async function pruneUnusedUploads(now = new Date()) {
  const stale = await db
    .deleteFrom("pending_uploads")
    .where("created_at", "<", new Date(now.getTime() - UNUSED_FOR_MS))
    .returning("key")
    .execute();
  await Promise.all(stale.map((row) => deleteImage(row.key)));
  return stale.length;
}
