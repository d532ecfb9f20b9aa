import { IMAGE_FOLDERS, type ImageFolder } from "~/services/images.server";
import { storage } from "~/services/storage.server";

/**
 * A logo or an avatar, which may be public (DESIGN.md): only a key of the public image
 * folders, as the app made it (a random name of 32 hex digits); null for anything else
 * or what is not there. Chat attachments are never served this way: only their space's
 * members may fetch them.
 */
export async function readPublicImage(key: string) {
  const folder = key.split("/")[0] as ImageFolder;
  if (!IMAGE_FOLDERS.includes(folder) || !/^[a-z-]+\/[0-9a-f]{32}\.webp$/.test(key)) return null;
  return storage().get(key);
}
