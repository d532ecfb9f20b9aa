import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireActor } from "~/web/guards.server";
import { unreadNotifications } from "~/web/shell.server";

/** The top bar's bell, fetched again when the socket says a message came or was read (app/components/layout/notifications-menu.tsx). */
export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireActor(request);
  // A resource route answers with a Response (with single fetch, Remix warns of a bare object and wraps it).
  return json({ notifications: await unreadNotifications(actor) });
}
