import { Form, Link } from "@remix-run/react";
import {
  clsx,
  buttonClassName,
  inputClassName,
  ChatIcon,
  LockIcon,
  MentionIcon,
  SearchIcon,
  useHydrated,
} from "~/components/ui";
import { TEAM_ONLY, unreadLabel, type ChatSide, type ChatTabs } from "~/shared";
import { useOtherSideUnread } from "./use-other-side-unread";

/**
 * The chat's title bar: the search (a GET form to the page), the Mentions filter, and,
 * without JavaScript, Refresh. `path` is the page's own address. For the agency's staff
 * the title is the space's two sides, Client chat and Team only, with their unread counts
 * (issue 38); a client sees "Chat" alone and never learns there is another side.
 */
export function ChatToolbar({
  path,
  query,
  mentionsMe,
  side,
  tabs,
  viewerId,
}: {
  path: string;
  query: string;
  mentionsMe: boolean;
  side: ChatSide;
  tabs: ChatTabs | null;
  viewerId: string;
}) {
  const hydrated = useHydrated();
  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 p-3">
      {tabs ? (
        <>
          <h2 id="chat-title" className="sr-only">
            {side === "team" ? TEAM_ONLY : "Client chat"}
          </h2>
          <SideTabs side={side} tabs={tabs} viewerId={viewerId} />
        </>
      ) : (
        <h2 id="chat-title" className="mr-auto flex items-center gap-2 text-base font-semibold text-slate-900">
          <ChatIcon className="size-5 text-slate-500" aria-hidden="true" />
          Chat
        </h2>
      )}
      <Form method="get" action={path} role="search" className="flex min-w-0 flex-1 items-center gap-2 sm:flex-none">
        <label htmlFor="chat-search" className="sr-only">
          Search messages
        </label>
        <input
          id="chat-search"
          type="search"
          name="q"
          defaultValue={query}
          placeholder="Search messages"
          className={`${inputClassName} h-9 min-w-0 sm:w-56`}
        />
        {mentionsMe ? <input type="hidden" name="mentions" value="me" /> : null}
        <button type="submit" className={buttonClassName({ variant: "outline", size: "sm" })}>
          <SearchIcon />
          <span className="sr-only">Search</span>
        </button>
      </Form>
      <Link
        to={mentionsMe ? path : `${path}?mentions=me`}
        aria-current={mentionsMe ? "true" : undefined}
        className={buttonClassName({ variant: mentionsMe ? "secondary" : "ghost", size: "sm" })}
      >
        <MentionIcon />
        {/* On a phone the icon alone, so the search box keeps its width. */}
        <span className="sr-only sm:not-sr-only">Mentions</span>
      </Link>
      {/* With JavaScript the chat is live; without it this is the way to see what came since. */}
      {hydrated ? null : (
        <Link to={path} className={buttonClassName({ variant: "ghost", size: "sm" })}>
          Refresh
        </Link>
      )}
    </div>
  );
}

/** Client chat | Team only: links to the two sides, the current one marked, the other with what is unread there. */
function SideTabs({ side, tabs, viewerId }: { side: ChatSide; tabs: ChatTabs; viewerId: string }) {
  const other = side === "team" ? tabs.client : tabs.team;
  const otherUnread = useOtherSideUnread(tabs, other.id, viewerId);
  const entries = [
    { side: "client" as const, label: "Client chat", id: tabs.client.id },
    { side: "team" as const, label: TEAM_ONLY, id: tabs.team.id },
  ];
  return (
    // On a phone the tabs take a row of their own, so the search box keeps its width.
    <nav aria-label="Chat sides" className="mr-auto basis-full sm:basis-auto">
      <ul className="inline-flex rounded-lg bg-slate-100 p-1">
        {entries.map((entry) => {
          const current = entry.side === side;
          return (
            <li key={entry.side}>
              <Link
                to={`/spaces/${entry.id}`}
                aria-current={current ? "page" : undefined}
                className={clsx(
                  "flex items-center gap-1.5 whitespace-nowrap rounded-md px-3 py-1 text-sm font-medium",
                  "focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600",
                  current && entry.side === "team" && "bg-amber-100 text-amber-950 shadow-sm",
                  current && entry.side === "client" && "bg-white text-slate-900 shadow-sm",
                  !current && "text-slate-600 hover:text-slate-900",
                )}
              >
                {entry.side === "team" ? <LockIcon className="size-4" aria-hidden="true" /> : null}
                {entry.label}
                {otherUnread > 0 && !current ? (
                  <span className="rounded-full bg-indigo-600 px-1.5 text-xs font-semibold text-white">
                    {unreadLabel(otherUnread)}
                    <span className="sr-only"> unread</span>
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
