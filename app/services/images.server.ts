import { storage, newFileKey } from "./storage.server";
import { inspectUpload, prepareImage } from "./upload.server";

/** The public image folders (SPEC §7): logos and avatars may be public; chat files never are. */
export type ImageFolder = "agency-logos" | "avatars";
export const IMAGE_FOLDERS: readonly ImageFolder[] = ["agency-logos", "avatars"];

/** Pages show logos and avatars at most this many CSS pixels wide, on screens up to 2x. */
const MAX_SIZE: Record<ImageFolder, number> = { "agency-logos": 256, avatars: 256 };

export type StoredImage = { ok: true; key: string } | { ok: false; title: string; message: string };

/**
 * Checks an uploaded image (SPEC §5: an image, at most 5MB, judged by its bytes),
 * re-encodes it without metadata at the size pages show, and stores it under a new
 * random key. Refusals carry SPEC §8's title and message.
 */
export async function storeImage(file: FormDataEntryValue | null, folder: ImageFolder): Promise<StoredImage> {
  const upload = await inspectUpload(file, "image");
  if (!upload.ok) return upload;
  const image = await prepareImage(upload.bytes, MAX_SIZE[folder]);
  if (!image) return { ok: false, title: "Invalid file type", message: "Please upload an image file." };
  const key = newFileKey(folder, image.extension);
  await storage().put(key, image.bytes, { contentType: image.contentType });
  return { ok: true, key };
}

/** Removes a replaced image; a failure is only logged (SPEC §8: old-logo deletion errors are only logged). */
export async function deleteImage(key: string | null | undefined) {
  if (!key) return;
  await storage()
    .delete(key)
    .catch((error) => console.error(`Could not delete the old image ${key}`, error));
}
