import type { LoaderFunctionArgs } from "@remix-run/node";
import { readPublicImage } from "~/models/public-images.server";

/*
 * Logos and avatars, which may be public (DESIGN.md). Keys are random and a replaced
 * image gets a new key, so an image never changes under its URL and can be cached for
 * good. Chat attachments are not served here: only their space's members may fetch them.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const image = await readPublicImage(params["*"] ?? "");
  if (!image) throw new Response("Not found", { status: 404 });
  return new Response(new Uint8Array(image.body), {
    headers: {
      "Content-Type": image.contentType,
      "Content-Length": String(image.size),
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
