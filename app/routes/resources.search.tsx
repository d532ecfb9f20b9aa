import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { search } from "~/models/search.server";
import { requireActor } from "~/web/guards.server";
import { clockFor } from "~/web/clock.server";
import { searchEntries } from "~/components/search/search-entries";

/** How many of each kind the list under the box shows; the rest are a keypress away, on /search. */
const SUGGESTED = 5;

/** Suggestions as the top bar's search box is typed in (with JavaScript); the full results are /search. */
export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireActor(request);
  const results = await search(actor, new URL(request.url).searchParams.get("q") ?? "", {
    perPage: SUGGESTED,
    peopleLimit: SUGGESTED,
    // A typed `before:` or `after:` is a day of the reader's calendar.
    timeZone: clockFor(request, actor).timeZone,
  });
  // A resource route answers with a Response (with single fetch, Remix warns of a bare object and wraps it).
  return json({ query: results.query, entries: searchEntries(actor.type, results) });
}
