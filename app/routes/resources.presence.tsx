import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { presenceOf } from "~/models/presence.server";
import { PRESENCE_BATCH_MAX } from "~/shared/presence-words";
import { isUuid } from "~/models/space-access.server";
import { requireActor } from "~/web/guards.server";

/**
 * Presence as the viewer may see it. `?user=<id>`, for the chat's hover card: `{ presence }`,
 * null for anyone whose presence the viewer may not see (another agency, nobody they share
 * a space with, or who turned it off), the same as for an unknown id. `?users=<id>,<id>…`
 * (at most PRESENCE_BATCH_MAX), for the pictures of a page read again after its socket connects
 * (use-live-presence.ts): `{ people }`, by id, only those the viewer may see.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireActor(request);
  const params = new URL(request.url).searchParams;
  // A resource route answers with a Response (with single fetch, Remix warns of a bare object and wraps it).
  if (params.has("users")) {
    const ids = [...new Set((params.get("users") ?? "").split(",").filter(isUuid))].slice(0, PRESENCE_BATCH_MAX);
    return json({ people: Object.fromEntries(ids.length ? await presenceOf(actor, ids) : []) });
  }
  const userId = params.get("user") ?? "";
  const presence = isUuid(userId) ? (await presenceOf(actor, [userId])).get(userId) : undefined;
  return json({ presence: presence ?? null });
}
