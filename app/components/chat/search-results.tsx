import { Link } from "@remix-run/react";
import { type ChatMessage } from "~/shared";
import { MessageBubble } from "./message-bubble";

/**
 * A search's or the Mentions filter's page of matches, newest last, with links to the
 * older and the newest matches and back to the chat; plain links, so they page without
 * JavaScript too. The matches are shown without their actions.
 */
export function SearchResults({
  results: { messages, hasOlder },
  query,
  mentionsMe,
  before,
  path,
  viewerId,
}: {
  results: { messages: ChatMessage[]; hasOlder: boolean };
  query: string;
  mentionsMe: boolean;
  before: string | null;
  path: string;
  viewerId: string;
}) {
  const count = `${messages.length} ${messages.length === 1 ? "message" : "messages"}`;
  const what = [
    query ? `matching “${query}”` : "",
    mentionsMe ? (messages.length === 1 ? "that mentions you" : "that mention you") : "",
  ]
    .filter(Boolean)
    .join(" ");
  // Says which page of the matches this is: a count is the total only when it is all of them.
  const shown = before ? `${count} earlier ${what}` : hasOlder ? `The latest ${count} ${what}` : `${count} ${what}`;
  const filters = { ...(query ? { q: query } : {}), ...(mentionsMe ? { mentions: "me" } : {}) };
  const searchPage = (params: Record<string, string>) => `${path}?${new URLSearchParams({ ...filters, ...params })}`;
  return (
    <div className="min-h-0 flex-1 overflow-y-auto px-3 py-4 sm:px-4">
      <p className="mb-4 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
        <span>{shown}</span>
        <Link to={path} className="font-medium text-indigo-700 hover:underline">
          Back to chat
        </Link>
      </p>
      {hasOlder ? (
        <p className="mb-4 text-center text-sm">
          <Link to={searchPage({ before: messages[0].id })} className="font-medium text-indigo-700 hover:underline">
            Older matches
          </Link>
        </p>
      ) : null}
      {messages.length ? (
        <ol className="space-y-4">
          {messages.map((message) => (
            <MessageBubble key={message.id} message={message} viewerId={viewerId} action={path} actions={null} />
          ))}
        </ol>
      ) : (
        <p className="py-10 text-center text-sm font-medium text-slate-900">
          {query ? "No messages found matching your search" : "No messages mention you yet"}
        </p>
      )}
      {before ? (
        <p className="mt-4 text-center text-sm">
          <Link to={searchPage({})} className="font-medium text-indigo-700 hover:underline">
            Newest matches
          </Link>
        </p>
      ) : null}
    </div>
  );
}
