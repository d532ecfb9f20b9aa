import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AppShell } from "~/components/layout/app-shell";
import { SearchResults } from "~/components/search/search-results";
import { Card } from "~/components/ui/card";
import { PageHeader } from "~/components/ui/page-header";
import { search } from "~/models/search.server";
import { loadOwnShell } from "~/web/shell.server";
import { pageMeta } from "~/shared/meta";
import { searchEntries } from "~/components/search/search-entries";

/* The top bar's search for every user type: a GET form, so it works without JavaScript. */

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data?.query ? `Search: ${data.query}` : "Search", "Find the spaces and people you work with.");

export async function loader({ request }: LoaderFunctionArgs) {
  const { actor, user, sidebarCollapsed, notifications, area } = await loadOwnShell(request);
  const results = await search(actor, new URL(request.url).searchParams.get("q") ?? "");
  return {
    user,
    sidebarCollapsed,
    notifications,
    area,
    query: results.query,
    entries: searchEntries(actor.type, results),
  };
}

export default function Search() {
  const { user, sidebarCollapsed, notifications, area, query, entries } = useLoaderData<typeof loader>();
  return (
    <AppShell area={area} user={user} sidebarCollapsed={sidebarCollapsed} notifications={notifications}>
      <div className="mx-auto max-w-3xl space-y-6">
        <PageHeader
          title="Search"
          subtitle={query ? `Results for “${query}”` : "Type in the search box to find spaces and people."}
        />
        {query && !entries.length ? (
          <Card className="px-6 py-10 text-center">
            <p className="text-sm font-medium text-slate-900">Nothing matches “{query}”</p>
            <p className="mt-1 text-sm text-slate-600">Try a space, company, person or email.</p>
          </Card>
        ) : (
          <SearchResults entries={entries} />
        )}
      </div>
    </AppShell>
  );
}
