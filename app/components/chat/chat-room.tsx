import { Form, Link } from "@remix-run/react";
import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { buttonClassName } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { inputClassName } from "~/components/ui/field";
import { ChatIcon, MentionIcon, SearchIcon } from "~/components/ui/icons";
import { useHydrated } from "~/components/use-hydrated";
import { useLatestHandlers } from "~/components/use-latest-handlers";
import { replyExcerpt, typingText, type ChatMessage, type ChatPerson, type ReplyQuote } from "~/shared/chat-message";
import { chatReducer, initChatState, type PendingMessage } from "./chat-state";
import { Composer } from "./composer";
import { MessageBubble, type BubbleActions } from "./message-bubble";
import { MessageList } from "./message-list";
import { chatResourcePath, useChatActions } from "./use-chat-actions";
import { useLiveChat } from "./use-live-chat";

export type ChatRoomData = {
  spaceId: string;
  /** ?reply=<id> without JavaScript: the message the box answers. */
  replyingTo: ReplyQuote | null;
  viewer: ChatPerson;
  query: string;
  /** The Mentions filter is on: the results are the messages that mention the reader. */
  mentionsMe: boolean;
  before: string | null;
  /** A search's page of matches, newest last, as the chat's own pages. */
  results: { messages: ChatMessage[]; hasOlder: boolean } | null;
  page: { messages: ChatMessage[]; hasOlder: boolean; lastSeq: number };
  clientId: string;
};

/**
 * A space's chat (SPEC §2.13): search, the messages, the send form. `path` is the
 * page's own address, where its forms post without JavaScript; `sendError` and
 * `draft` come back from a refused send so nothing typed is lost.
 */
export function ChatRoom({
  data,
  path,
  sendError,
  draft,
}: {
  data: ChatRoomData;
  path: string;
  sendError: string | null;
  draft: string;
}) {
  const [state, dispatch] = useReducer(chatReducer, data.page, initChatState);
  const live = useLiveChat({ spaceId: data.spaceId, viewerId: data.viewer.id, lastSeq: data.page.lastSeq, dispatch });
  const actions = useChatActions({ spaceId: data.spaceId, dispatch, live });
  const viewerId = data.viewer.id;
  const hydrated = useHydrated();
  // The quote chosen here, until the page brings another (?reply= without JavaScript).
  const [replyingTo, setReplyingTo] = useState(data.replyingTo);
  const [pageReply, setPageReply] = useState(data.replyingTo);
  if (pageReply !== data.replyingTo) {
    setPageReply(data.replyingTo);
    setReplyingTo(data.replyingTo);
  }
  const jump = useJumpToMessage(state, actions.loadOlder);

  // A new page from the server (a search left, an older page by link) replaces what is shown.
  useEffect(() => dispatch({ type: "reset", ...data.page }), [data.page]);

  const bubbleActions = useLatestHandlers<BubbleActions>({
    edit: live.edit,
    remove: live.remove,
    removePreview: live.removePreview,
    react: (message, reaction) => actions.react(message, reaction, viewerId),
    reply: (message) => {
      setReplyingTo({
        id: message.id,
        senderName: message.senderName,
        excerpt: replyExcerpt(message.content, message.attachment?.name ?? null),
        deleted: false,
      });
      document.getElementById("chat-message")?.focus();
    },
    jump: jump.to,
  });

  const oldestId = state.messages[0]?.id;
  const loadOlder = useCallback(async () => {
    if (oldestId) await actions.loadOlder(oldestId);
  }, [actions, oldestId]);
  const latest = state.messages.at(-1);
  const seeLatest = useCallback(() => {
    if (latest && latest.senderId !== viewerId && !latest.readers.some((reader) => reader.id === viewerId)) {
      live.markRead();
    }
  }, [live, latest, viewerId]);

  // SPEC §2.13: the viewport less 240px. On phones 100vh is the height with the browser's
  // toolbar hidden, which put the send form under it; 100dvh follows the toolbar.
  return (
    <Card
      className="flex h-[calc(100vh-240px)] min-h-[26rem] flex-col overflow-clip supports-[height:100dvh]:h-[calc(100dvh-240px)]"
      role="region"
      aria-labelledby="chat-title"
    >
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
            defaultValue={data.query}
            placeholder="Search messages"
            className={`${inputClassName} h-9 min-w-0 sm:w-56`}
          />
          {data.mentionsMe ? <input type="hidden" name="mentions" value="me" /> : null}
          <button type="submit" className={buttonClassName({ variant: "outline", size: "sm" })}>
            <SearchIcon />
            <span className="sr-only">Search</span>
          </button>
        </Form>
        <Link
          to={data.mentionsMe ? path : `${path}?mentions=me`}
          aria-current={data.mentionsMe ? "true" : undefined}
          className={buttonClassName({ variant: data.mentionsMe ? "secondary" : "ghost", size: "sm" })}
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

      {data.results ? (
        <SearchResults
          results={data.results}
          query={data.query}
          mentionsMe={data.mentionsMe}
          before={data.before}
          path={path}
          viewerId={viewerId}
        />
      ) : (
        <>
          <MessageList
            messages={state.messages}
            pending={state.pending}
            hasOlder={state.hasOlder}
            olderHref={oldestId ? `${path}?before=${oldestId}` : null}
            onLoadOlder={loadOlder}
            onSeeLatest={seeLatest}
            empty={<EmptyChat />}
            renderMessage={(message, opensGroup) => (
              <MessageBubble
                key={message.id}
                message={message}
                opensGroup={opensGroup}
                viewerId={viewerId}
                action={path}
                highlighted={jump.highlighted === message.id}
                actions={bubbleActions}
              />
            )}
            renderPending={(entry) => (
              <PendingBubble
                key={entry.clientId}
                entry={entry}
                viewer={data.viewer}
                onRetry={() => live.retry(entry.clientId) || actions.retryFile(entry)}
                onDiscard={() => {
                  live.discard(entry.clientId);
                  dispatch({ type: "discard", clientId: entry.clientId });
                }}
              />
            )}
          />
          {data.before ? (
            <p className="border-t border-slate-100 px-3 py-2 text-center text-sm">
              <Link to={path} className="font-medium text-indigo-700 hover:underline">
                Latest messages
              </Link>
            </p>
          ) : null}
          <TypingNotice names={live.typers} />
          <ConnectionNotice connected={live.connected} problem={live.connectionProblem} />
          <Composer
            action={path}
            clientId={data.clientId}
            error={sendError}
            defaultContent={draft}
            membersUrl={`${chatResourcePath(data.spaceId)}?members`}
            onSend={({ content, file, replyToId }) =>
              file ? void actions.sendFile({ content, file, replyToId }) : live.send(content, replyToId)
            }
            replyingTo={replyingTo}
            onCancelReply={hydrated ? () => setReplyingTo(null) : undefined}
            onTyping={live.typing}
          />
        </>
      )}
    </Card>
  );
}

/** A moment's grace: the first connection, and a quick reconnect, go unmentioned. */
const RECONNECT_NOTICE_AFTER_MS = 3_000;

// How many older pages a reply's quote may load to find its original.
const JUMP_PAGES = 20;
const HIGHLIGHT_MS = 3_000;

/**
 * Following a reply's quote: the original is brought into view, focused and highlighted
 * for a moment; when it is older than what is loaded, older pages are loaded until it is.
 */
function useJumpToMessage(
  state: { messages: ChatMessage[]; hasOlder: boolean },
  loadOlder: (oldestId: string) => Promise<void>,
) {
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  });
  useEffect(() => {
    if (!highlighted) return;
    const original = document.getElementById(`message-${highlighted}`);
    // The focus goes with the eyes, so that a screen reader reads the original next.
    original?.focus({ preventScroll: true });
    original?.scrollIntoView({ block: "center", behavior: "smooth" });
    const timer = setTimeout(() => setHighlighted(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlighted]);
  const to = useCallback(
    async (messageId: string) => {
      for (let page = 0; page < JUMP_PAGES; page++) {
        const { messages, hasOlder } = latest.current;
        if (messages.some((message) => message.id === messageId)) return setHighlighted(messageId);
        const oldest = messages[0]?.id;
        if (!hasOlder || !oldest) return;
        await loadOlder(oldest);
        // The older page is in the state once React has rendered it.
        for (let wait = 0; wait < 20 && latest.current.messages[0]?.id === oldest; wait++) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    },
    [loadOlder],
  );
  return { highlighted, to };
}

/** Who else is typing; a polite live region, which speaks only when the people typing change. */
function TypingNotice({ names }: { names: string[] }) {
  const text = typingText(names);
  return (
    <p role="status" className={text ? "truncate px-3 pb-1 text-xs italic text-slate-500" : "sr-only"}>
      {text}
    </p>
  );
}

/** Says, politely, that the live chat is away and why, and that what is sent waits for it. */
function ConnectionNotice({ connected, problem }: { connected: boolean; problem: string | null }) {
  const [longAway, setLongAway] = useState(false);
  useEffect(() => {
    if (connected) return;
    const timer = setTimeout(() => setLongAway(true), RECONNECT_NOTICE_AFTER_MS);
    return () => {
      clearTimeout(timer);
      setLongAway(false);
    };
  }, [connected]);
  const away = !connected && longAway;
  const notice = problem ?? (away ? "Reconnecting… Messages you send will go out once the chat is back." : null);
  return (
    <p
      role="status"
      className={notice ? "border-t border-amber-100 bg-amber-50 px-3 py-2 text-sm text-amber-900" : "sr-only"}
    >
      {notice}
    </p>
  );
}

function EmptyChat() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-400">
        <ChatIcon className="size-6" aria-hidden="true" />
      </span>
      <p className="mt-3 text-sm font-medium text-slate-900">No messages yet</p>
      <p className="mt-1 text-sm text-slate-500">Say hello: your first message starts the conversation.</p>
    </div>
  );
}

function SearchResults({
  results: { messages, hasOlder },
  query,
  mentionsMe,
  before,
  path,
  viewerId,
}: {
  results: NonNullable<ChatRoomData["results"]>;
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

function PendingBubble({
  entry,
  viewer,
  onRetry,
  onDiscard,
}: {
  entry: PendingMessage;
  viewer: ChatPerson;
  onRetry: () => void;
  onDiscard: () => void;
}) {
  const failed = entry.status === "failed";
  return (
    <li className="flex flex-row-reverse gap-2" aria-live="polite">
      <span className="sr-only">{viewer.name}</span>
      <div className="flex min-w-0 max-w-[70%] flex-col items-end">
        <div
          className={`mt-1 max-w-full rounded-2xl rounded-tr-sm px-3 py-2 text-sm ${failed ? "border border-red-300 bg-red-50 text-red-900" : "bg-indigo-600/70 text-white"}`}
        >
          {entry.content ? <p className="whitespace-pre-wrap break-words">{entry.content}</p> : null}
          {entry.fileName ? <p className="truncate text-xs">{entry.fileName}</p> : null}
          {entry.progress !== null && !failed ? (
            <progress
              className="mt-1 h-1.5 w-40 max-w-full"
              value={entry.progress}
              max={1}
              aria-label={`Uploading ${entry.fileName ?? "file"}`}
            />
          ) : null}
        </div>
        {failed ? (
          <p role="alert" className="mt-1 flex flex-wrap items-center justify-end gap-2 text-xs text-red-700">
            <span>{entry.error ?? "Failed to send message. Please try again."}</span>
            <button type="button" onClick={onRetry} className="font-semibold underline">
              Retry
            </button>
            <button type="button" onClick={onDiscard} className="text-slate-600 underline">
              Discard
            </button>
          </p>
        ) : (
          <p className="mt-1 text-xs text-slate-500">Sending…</p>
        )}
      </div>
    </li>
  );
}
