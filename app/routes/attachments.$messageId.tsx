import type { LoaderFunctionArgs } from "@remix-run/node";
import { readAttachment } from "~/models/message-files.server";
import { expectFound } from "~/web/errors.server";
import { requireActor } from "~/web/guards.server";

/*
 * A chat file, for members of its space only (DESIGN.md: never a public link).
 * Images show inline in the chat; every other type downloads. No cache keeps it
 * (app/web/response-headers.server.ts).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireActor(request);
  const file = await expectFound(readAttachment(actor, params.messageId ?? ""));
  const inline = file.contentType.startsWith("image/");
  return new Response(new Uint8Array(file.body), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.size),
      "Content-Disposition": `${inline ? "inline" : "attachment"}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
