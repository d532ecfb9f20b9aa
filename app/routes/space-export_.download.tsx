import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createReadableStreamFromReadable, redirect } from "@remix-run/node";
import { isNotFound } from "~/models/errors.server";
import { takeSpaceExport } from "~/models/space-exports.server";
import { requireActor } from "~/web/guards.server";
import { readForm } from "~/web/request.server";

/*
 * The Download button of a space export's link: uses the link up and streams the ZIP
 * from storage, never holding it in memory. A link that no longer works goes back to its
 * page, which says why (downloaded already, expired, someone else's). Not through the
 * form pipeline: the answer is a file or that page, never a form's reply, and the
 * model's one refusal (404) is what sends it to the page.
 */

/** A stray GET (the address typed or reloaded) goes to the link's page, which needs a token to say anything. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireActor(request);
  return redirect("/space-export");
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireActor(request);
  const token = String((await readForm(request)).get("token") ?? "");
  try {
    const { fileName, archive } = await takeSpaceExport(actor, token);
    return new Response(createReadableStreamFromReadable(archive.stream), {
      headers: {
        "Content-Type": "application/zip",
        "Content-Length": String(archive.size),
        "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    if (!isNotFound(error)) throw error;
    return redirect(`/space-export?${new URLSearchParams({ token })}`);
  }
}
