import type { LoaderFunctionArgs } from "@remix-run/node";
import { readPreviewImage } from "~/models/link-previews.server";
import { expectFound } from "~/web/errors.server";
import { requireActor } from "~/web/guards.server";

/*
 * The picture of a message's link preview, as the app stored it (re-encoded, from its
 * own files): for members of the message's space only, so that a reader's browser
 * never calls the linked site and no one else learns what the space shares. No cache
 * keeps it (app/web/response-headers.server.ts).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireActor(request);
  const image = await expectFound(readPreviewImage(actor, params.messageId ?? ""));
  return new Response(new Uint8Array(image.body), {
    headers: {
      "Content-Type": image.contentType,
      "Content-Length": String(image.size),
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
