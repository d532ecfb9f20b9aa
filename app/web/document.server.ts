import { data } from "@remix-run/node";
import { clockFor } from "./clock.server";
import { getActor } from "./guards.server";
import { getToast } from "./toast.server";

/*
 * What the document around every page shows (the root route's loader): the toast a
 * redirect left, the zone and locale its times read in, and the user's theme. The root
 * route imports this one `.server` module: the browser build stands an empty module in
 * for each `.server` import a route makes, and each stand-in that a different set of
 * routes shared became a chunk every page preloaded.
 */
export async function loadDocument(request: Request) {
  // The zone only shapes how times read: a failed lookup of the user (the database gone)
  // is the page's own loader's to report, while this document still renders, in UTC.
  const [{ toast, headers }, actor] = await Promise.all([getToast(request), getActor(request).catch(() => null)]);
  const { timeZone, locale, source } = clockFor(request, actor);
  return data(
    { toast, clock: { timeZone, locale, source }, renderedAt: Date.now(), theme: actor?.theme ?? "system" },
    { headers },
  );
}
