import { Form, Link } from "@remix-run/react";
import { buttonClassName } from "~/components/ui/button";
import { inputClassName } from "~/components/ui/field";
import { ChatIcon, MentionIcon, SearchIcon } from "~/components/ui/icons";
import { useHydrated } from "~/components/use-hydrated";

/**
 * The chat's title bar: the search (a GET form to the page), the Mentions filter, and,
 * without JavaScript, Refresh. `path` is the page's own address.
 */
export function ChatToolbar({ path, query, mentionsMe }: { path: string; query: string; mentionsMe: boolean }) {
  const hydrated = useHydrated();
  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 p-3">
      <h2 id="chat-title" className="mr-auto flex items-center gap-2 text-base font-semibold text-slate-900">
        <ChatIcon className="size-5 text-slate-500" aria-hidden="true" />
        Chat
      </h2>
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
