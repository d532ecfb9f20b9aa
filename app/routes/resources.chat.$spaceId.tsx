import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { loadChatResource, runChatAction } from "~/web/chat.server";
import { requireActor } from "~/web/guards.server";

/*
 * The chat's forms as the browser's scripts post them (app/components/chat/
 * use-chat-actions.ts): the same forms as the pages', answered with JSON rather
 * than a redirect. GET serves older pages and single messages.
 */

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireActor(request);
  // A resource route answers with a Response (with single fetch, Remix warns of a bare object and wraps it).
  return json(await loadChatResource(request, actor, params.spaceId ?? ""));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireActor(request);
  const { result, status } = await runChatAction(request, actor, params.spaceId ?? "");
  return json(result, { status });
}
