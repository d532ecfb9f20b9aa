import { useEffect, useMemo, useRef, useState } from "react";
import { MESSAGE_TEXT, type ReactionType, type SpaceChange } from "~/shared";
import { useLiveSocket } from "~/components/realtime";
import { LiveChat, type OutboxMessage } from "./live-chat";
import type { ChatAction } from "./chat-state";

/**
 * The space's chat, live, on the tab's socket (shared with the bell): catches up from the
 * page's `lastSeq` on every (re)connect and dispatches each change once, in order. Every
 * chat command goes over the socket. Text sent with `send` waits in the outbox
 * (localStorage) and shows as Sending… until the server acknowledges it, across
 * reconnects and reloads; a refused one shows as failed. Edits, deletes, reactions
 * and reads are sent once and resolve to the words to show if they failed.
 * `connectionProblem` is the server's words while it refuses the connection for now (a
 * limit) and the socket waits to try again.
 */
export function useLiveChat({
  spaceId,
  viewerId,
  lastSeq,
  dispatch,
}: {
  spaceId: string;
  viewerId: string;
  lastSeq: number;
  dispatch: (action: ChatAction) => void;
}) {
  const { socket, connected, problem } = useLiveSocket();
  const [typers, setTypers] = useState<string[]>([]);
  const chat = useRef<LiveChat | null>(null);
  const initialSeq = useRef(lastSeq);
  // Sent before the socket was loaded: handed to the chat's outbox as soon as it exists.
  const early = useRef<Array<[content: string, replyToId?: string]>>([]);

  useEffect(() => {
    if (!socket) return;
    let shown = new Map<string, OutboxMessage>();
    const live = new LiveChat({
      socket,
      spaceId,
      lastSeq: initialSeq.current,
      storage: window.localStorage,
      onChange: (change) => dispatch({ type: "change", change }),
      onReload: () => window.location.reload(),
      onOutboxChange: (outbox) => {
        shown = showOutbox(shown, outbox, dispatch);
      },
      onTyping: setTypers,
      viewerId,
    });
    chat.current = live;
    live.start();
    for (const [content, replyToId] of early.current.splice(0)) live.send(content, replyToId);
    return () => {
      live.stop();
      chat.current = null;
      setTypers([]);
    };
  }, [socket, spaceId, viewerId, dispatch]);

  // The page's messages were loaded again: catch up from what they show.
  useEffect(() => {
    const live = chat.current;
    if (!live || live.lastSeq === lastSeq) return;
    live.lastSeq = lastSeq;
    void live.sync();
  }, [lastSeq]);

  return useMemo(() => {
    // Before the effect has made the chat (the first render), a command has nowhere to go.
    const notYet = Promise.resolve(MESSAGE_TEXT.changeFailed);
    return {
      connected,
      connectionProblem: problem,
      /** The names of the others typing in the space now. */
      typers,
      /** The person has text in the box, or not. */
      typing: (active: boolean) => chat.current?.typing(active),
      send: (content: string, replyToId?: string) => {
        if (chat.current) chat.current.send(content, replyToId);
        else early.current.push([content, replyToId]);
      },
      /** Runs a file's upload in its turn in the outbox's line, so that it keeps its place among the messages typed. */
      inTurn: <T>(upload: () => Promise<T>) => (chat.current ? chat.current.inTurn(upload) : upload()),
      /** Retries a message of the outbox; false when the message is not one of its own (a file sent by HTTP). */
      retry: (clientId: string) => chat.current?.retry(clientId) ?? false,
      discard: (clientId: string) => chat.current?.discard(clientId),
      edit: (messageId: string, content: string) => chat.current?.edit(messageId, content) ?? notYet,
      remove: (messageId: string) => chat.current?.remove(messageId) ?? notYet,
      removePreview: (messageId: string) => chat.current?.removePreview(messageId) ?? notYet,
      react: (messageId: string, reaction: ReactionType) => chat.current?.react(messageId, reaction) ?? notYet,
      /** Marks the space read up to the message the reader sees. */
      markRead: (upTo: string) => void chat.current?.markRead(upTo),
      receive: (change: SpaceChange) => chat.current?.receive(change),
    };
  }, [connected, problem, typers]);
}

export type LiveChatCommands = ReturnType<typeof useLiveChat>;

/** Shows the outbox's changes in the chat's state: Sending…, failed, or gone (shown as a message, or discarded). */
function showOutbox(
  shown: Map<string, OutboxMessage>,
  outbox: OutboxMessage[],
  dispatch: (action: ChatAction) => void,
): Map<string, OutboxMessage> {
  const next = new Map(outbox.map((entry) => [entry.clientId, entry]));
  for (const entry of outbox) {
    const before = shown.get(entry.clientId)?.status;
    if (entry.status === before) continue;
    if (entry.status === "sending") {
      const { clientId, content } = entry;
      const message = { clientId, content, fileName: null, status: "sending", progress: null, error: null } as const;
      dispatch({ type: "pending", message });
    }
    if (entry.status === "failed") dispatch({ type: "failed", clientId: entry.clientId, error: entry.error ?? "" });
  }
  for (const clientId of shown.keys()) if (!next.has(clientId)) dispatch({ type: "discard", clientId });
  return next;
}
