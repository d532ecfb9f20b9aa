import sharp from "sharp";
import { storage, newFileKey } from "./storage.server";

/** The public image folders (SPEC §7): logos and avatars may be public; chat files never are. */
export type ImageFolder = "agency-logos" | "avatars";
export const IMAGE_FOLDERS: readonly ImageFolder[] = ["agency-logos", "avatars"];

/** Pages show logos and avatars at most this many CSS pixels wide, on screens up to 2x. */
const MAX_SIZE: Record<ImageFolder, number> = { "agency-logos": 256, avatars: 256 };
/** The most pixels an image may decode to unless its caller needs fewer: a logo or avatar may be a 48-megapixel phone photo. */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Re-encodes an image (already judged one by app/models/uploads.server.ts) at the size
 * pages show and stores it under a new random key. Returns null when sharp cannot decode it.
 */
export async function saveImage(bytes: Uint8Array, folder: ImageFolder): Promise<string | null> {
  const image = await prepareImage(bytes, MAX_SIZE[folder]);
  if (!image) return null;
  const key = newFileKey(folder, image.extension);
  await storage().put(key, image.bytes, { contentType: image.contentType });
  return key;
}

/** Removes a replaced image; a failure is only logged (SPEC §8: old-logo deletion errors are only logged). */
export async function deleteImage(key: string | null | undefined) {
  if (!key) return;
  await storage()
    .delete(key)
    .catch((error) => console.error(`Could not delete the old image ${key}`, error));
}

export type PreparedImage = {
  bytes: Buffer;
  contentType: "image/webp";
  extension: "webp";
  width: number;
  height: number;
};

/**
 * Re-encodes an uploaded image as a WebP no larger than `maxSize` on either side:
 * turned upright by its EXIF orientation, then written without any metadata, so a
 * photo never carries where it was taken, and pages load an image of the size they
 * show. Returns null when the bytes only look like an image (sharp cannot decode them),
 * or when they describe more than `maxPixels`: a small file can describe a huge image,
 * and decoding takes some 4 bytes of memory per pixel.
 */
export async function prepareImage(
  bytes: Uint8Array,
  maxSize: number,
  maxPixels = MAX_INPUT_PIXELS,
): Promise<PreparedImage | null> {
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: maxPixels })
      .rotate()
      .resize({ width: maxSize, height: maxSize, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: "image/webp", extension: "webp", width: info.width, height: info.height };
  } catch {
    return null;
  }
}
