import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { loadChatResource, sendChatForm } from "~/web/chat.server";
import { requireActor } from "~/web/guards.server";

/*
 * What the chat's scripts (app/components/chat/use-chat-actions.ts) take over HTTP: GET
 * serves older pages, a message as it stands and the members to mention; POST is a
 * message with a file, the page's send form answered with JSON rather than a redirect
 * (its upload reports progress, and a file does not belong in a socket frame). The
 * other commands go over the socket (decision 019), or to the page without JavaScript.
 */

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireActor(request);
  // A resource route answers with a Response (with single fetch, Remix warns of a bare object and wraps it).
  return json(await loadChatResource(request, actor, params.spaceId ?? ""));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireActor(request);
  const { result, status } = await sendChatForm(request, actor, params.spaceId ?? "");
  return json(result, { status });
}
