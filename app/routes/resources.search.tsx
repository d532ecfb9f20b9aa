import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { search } from "~/models/search.server";
import { requireActor } from "~/web/guards.server";
import { searchEntries } from "~/components/search/search-entries";

/** Suggestions as the top bar's search box is typed in (with JavaScript); the full results are /search. */
export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireActor(request);
  const results = await search(actor, new URL(request.url).searchParams.get("q") ?? "", { limit: 5 });
  // A resource route answers with a Response (with single fetch, Remix warns of a bare object and wraps it).
  return json({ query: results.query, entries: searchEntries(actor.type, results) });
}
