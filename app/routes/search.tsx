import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AppShell } from "~/components/layout/app-shell";
import { directoryEntries } from "~/components/search/search-entries";
import { SearchForm } from "~/components/search/search-form";
import { asksForAnything, formFilters, readSearchParams } from "~/components/search/search-params";
import { SearchResults } from "~/components/search/search-results";
import { Card, EmptyState, SearchIcon, PageHeader } from "~/components/ui";
import { search } from "~/models/search.server";
import { clockFor } from "~/web/clock.server";
import { loadOwnShell } from "~/web/shell.server";
import { pageMeta } from "~/shared";

/*
 * Every result of a search, for every user type: the top bar's box lands here, and the
 * page's own GET form adds the filters as controls, so all of it works without JavaScript.
 */

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(
    data?.query ? `Search: ${data.query}` : "Search",
    "Find the spaces, people, messages and files you work with.",
  );

export async function loader({ request }: LoaderFunctionArgs) {
  const { actor, user, sidebarCollapsed, notifications, area } = await loadOwnShell(request);
  const { form, messagesPage, filesPage } = readSearchParams(new URL(request.url).searchParams);
  const results = await search(actor, form.q, {
    sort: form.sort,
    messagesPage,
    filesPage,
    // `before:` and `after:` are days of the reader's calendar.
    timeZone: clockFor(request, actor).timeZone,
    filters: formFilters(form),
  });
  return {
    user,
    sidebarCollapsed,
    notifications,
    area,
    form,
    query: results.query,
    entries: directoryEntries(actor.type, results),
    messages: results.messages,
    files: results.files,
  };
}

export default function Search() {
  const { user, sidebarCollapsed, notifications, area, form, query, entries, messages, files } =
    useLoaderData<typeof loader>();
  const found = entries.length || messages.hits.length || files.hits.length || messages.page > 1 || files.page > 1;
  return (
    <AppShell area={area} user={user} sidebarCollapsed={sidebarCollapsed} notifications={notifications}>
      <div className="mx-auto max-w-3xl space-y-6">
        <PageHeader
          title="Search"
          subtitle={query ? `Results for “${query}”` : "Spaces, people, messages and files you can see."}
        />
        <SearchForm values={form} />
        {!asksForAnything(form) ? (
          <Card>
            <EmptyState icon={SearchIcon} title="Search everything you can see">
              Type words, or filters like from:Nora, has:file, before:2026-12-01
            </EmptyState>
          </Card>
        ) : found ? (
          <SearchResults userType={user.userType} entries={entries} messages={messages} files={files} />
        ) : (
          <Card>
            <EmptyState
              icon={SearchIcon}
              title={query ? `Nothing matches “${query}”` : "Nothing matches these filters"}
            >
              Try other words, part of a word, or fewer filters.
            </EmptyState>
          </Card>
        )}
      </div>
    </AppShell>
  );
}
