import type { LoaderFunctionArgs } from "@remix-run/node";
import { IMAGE_FOLDERS, type ImageFolder } from "~/services/images.server";
import { storage } from "~/services/storage.server";

/*
 * Logos and avatars, which may be public (DESIGN.md). Keys are random and a replaced
 * image gets a new key, so an image never changes under its URL and can be cached for
 * good. Chat attachments are not served here: only their space's members may fetch them.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const key = params["*"] ?? "";
  const folder = key.split("/")[0] as ImageFolder;
  if (!IMAGE_FOLDERS.includes(folder) || !/^[a-z-]+\/[0-9a-f]{32}\.webp$/.test(key)) {
    throw new Response("Not found", { status: 404 });
  }
  const image = await storage().get(key);
  if (!image) throw new Response("Not found", { status: 404 });
  return new Response(new Uint8Array(image.body), {
    headers: {
      "Content-Type": image.contentType,
      "Content-Length": String(image.size),
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
