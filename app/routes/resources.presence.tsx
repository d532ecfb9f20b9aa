import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { presenceOf } from "~/models/presence.server";
import { isUuid } from "~/models/space-access.server";
import { requireActor } from "~/web/guards.server";

/**
 * A person's presence for the chat's hover card: `{ presence: null }` for anyone whose
 * presence the viewer may not see (another agency, nobody they share a space with, or who
 * turned it off), the same as for an unknown id.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireActor(request);
  const userId = new URL(request.url).searchParams.get("user") ?? "";
  const presence = isUuid(userId) ? (await presenceOf(actor, [userId])).get(userId) : undefined;
  // A resource route answers with a Response (with single fetch, Remix warns of a bare object and wraps it).
  return json({ presence: presence ?? null });
}
