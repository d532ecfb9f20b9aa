import type { SubmissionResult } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useReducer, useState } from "react";
import { Card, ChatIcon, useHydrated } from "~/components/ui";
import { useLatestHandlers } from "~/components/use-latest-handlers";
import {
  replyExcerpt,
  unpackPage,
  type ChatMessage,
  type ChatPerson,
  type Packed,
  type ReplyQuote,
  type ChatSide,
  type ChatTabs,
  type SharePreview,
  type SignOffPanel,
} from "~/shared";
import { SignOffPanelView } from "~/components/sign-offs/sign-off-panel";
import { ConnectionNotice, TypingNotice } from "./chat-notices";
import { unreadOnSight } from "./chat-reads";
import { chatReducer, initChatState } from "./chat-state";
import { ChatToolbar } from "./chat-toolbar";
import { Composer } from "./composer";
import { MessageBubble, type BubbleActions } from "./message-bubble";
import { MessageList } from "./message-list";
import { PendingBubble } from "./pending-bubble";
import { SearchResults } from "./search-results";
import { ShareConfirmation } from "./share-confirmation";
import { chatResourcePath, useChatActions } from "./use-chat-actions";
import { useJumpToMessage } from "./use-jump-to-message";
import { useLiveChat } from "./use-live-chat";

export type ChatRoomData = {
  /** The chat's id: the space's own, or its team side's (issue 38). */
  spaceId: string;
  side: ChatSide;
  /** ?share=<id> on the team side: the message Share with client asks to confirm. */
  sharing: SharePreview | null;
  /** Issue 39: the sign-off form the address asks for (?sign-off=, ?approve=, ?changes=, ?new-version=). */
  signOffPanel: SignOffPanel | null;
  /** The reader is of the agency's staff: they ask for sign-off; clients answer. */
  staff: boolean;
  /** ?reply=<id> without JavaScript: the message the box answers. */
  replyingTo: ReplyQuote | null;
  viewer: ChatPerson;
  query: string;
  /** The Mentions filter is on: the results are the messages that mention the reader. */
  mentionsMe: boolean;
  before: string | null;
  /** ?message=<id>: the message the page was opened at, when it is one of the chat's (shown highlighted). */
  openedAt: string | null;
  /** A search's page of matches, newest last, as the chat's own pages. */
  results: Packed<{ messages: ChatMessage[]; hasOlder: boolean }> | null;
  /** `hasNewer`: the page is not the latest (an older one, or one opened at a message), so Latest messages is offered. */
  page: Packed<{ messages: ChatMessage[]; hasOlder: boolean; hasNewer: boolean; lastSeq: number }>;
  clientId: string;
};

/** What a chat page's action answers when it refuses a form: a send with the text as typed, or a sign-off form's errors. */
export type ChatFormRefusal =
  { sendError: string; draft: string } | { signOffReply: SubmissionResult<string[]> } | null | undefined;

/**
 * A space's chat (SPEC §2.13): search, the messages, the send form. `path` is the
 * page's own address, where its forms post without JavaScript; `refused` comes back
 * from a refused send (its text) or sign-off form (its input and errors) so nothing
 * typed is lost. `tabs`, for the agency's staff, lead to the space's Client chat and
 * Team only sides (issue 38).
 */
export function ChatRoom({
  data,
  tabs = null,
  path,
  refused,
}: {
  data: ChatRoomData;
  tabs?: ChatTabs | null;
  path: string;
  refused: ChatFormRefusal;
}) {
  const sendError = refused && "sendError" in refused ? refused.sendError : null;
  const draft = refused && "draft" in refused ? refused.draft : "";
  const page = useMemo(() => unpackPage(data.spaceId, data.page), [data.spaceId, data.page]);
  const results = useMemo(() => data.results && unpackPage(data.spaceId, data.results), [data.spaceId, data.results]);
  const [state, dispatch] = useReducer(chatReducer, page, initChatState);
  const live = useLiveChat({ spaceId: data.spaceId, viewerId: data.viewer.id, lastSeq: page.lastSeq, dispatch });
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
  const jump = useJumpToMessage(state, actions.loadOlder, data.openedAt);

  // A new page from the server (a search left, an older page by link) replaces what is shown.
  useEffect(() => dispatch({ type: "reset", ...page }), [page]);

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
    const unread = unreadOnSight(latest, page.messages, viewerId);
    if (unread) live.markRead(unread.id);
  }, [live, latest, page.messages, viewerId]);

  // SPEC §2.13: the viewport less 240px. On phones 100vh is the height with the browser's
  // toolbar hidden, which put the send form under it; 100dvh follows the toolbar.
  return (
    <Card
      className="flex h-[calc(100vh-240px)] min-h-[26rem] flex-col overflow-clip supports-[height:100dvh]:h-[calc(100dvh-240px)]"
      role="region"
      aria-labelledby="chat-title"
    >
      <ChatToolbar
        path={path}
        query={data.query}
        mentionsMe={data.mentionsMe}
        side={data.side}
        tabs={tabs}
        viewerId={data.viewer.id}
      />

      {results ? (
        <SearchResults
          results={results}
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
            openedAt={data.openedAt}
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
                shareable={data.side === "team"}
                staff={data.staff}
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
          {page.hasNewer ? (
            <p className="border-t border-slate-100 px-3 py-2 text-center text-sm">
              <Link to={path} className="font-medium text-indigo-700 hover:underline">
                Latest messages
              </Link>
            </p>
          ) : null}
          <TypingNotice names={live.typers} />
          <ConnectionNotice connected={live.connected} problem={live.connectionProblem} />
          {data.sharing ? <ShareConfirmation message={data.sharing} action={path} /> : null}
          {data.signOffPanel ? (
            <SignOffPanelView
              panel={data.signOffPanel}
              action={path}
              reply={refused && "signOffReply" in refused ? refused.signOffReply : null}
            />
          ) : null}
          <Composer
            action={path}
            teamOnly={data.side === "team"}
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
