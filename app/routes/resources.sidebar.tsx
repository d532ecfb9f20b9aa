import { replace, type ActionFunctionArgs } from "@remix-run/node";
import { safeRedirect } from "~/web/redirect.server";
import { serializeSidebarState } from "~/web/sidebar.server";
import { readForm } from "~/web/request.server";

/*
 * Collapses or expands the sidebar (the layouts read the cookie with getSidebarCollapsed).
 * Without JavaScript the toggle is a plain form post that comes back to the page; with
 * JavaScript a fetcher posts here and the redirect replaces the history entry, so
 * toggling does not pile up Back steps. Not through the form pipeline: the state is the
 * browser's own cookie, which no model decides or refuses.
 */
export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const collapsed = formData.get("collapsed") === "true";
  const redirectTo = safeRedirect(formData.get("redirectTo"));
  return replace(redirectTo, {
    headers: { "Set-Cookie": await serializeSidebarState(collapsed) },
  });
}
