import { useEffect, useMemo, useRef, useState } from "react";
import { io } from "socket.io-client";
import { MESSAGE_TEXT, type ReactionType, type SpaceChange } from "~/models/chat-message";
import { RECONNECTION } from "~/realtime/protocol";
import { LiveChat, type OutboxMessage } from "./live-chat";
import type { ChatAction } from "./chat-state";

/**
 * The space's chat, live: connects with the session cookie, catches up from the page's
 * `lastSeq` on every (re)connect and dispatches each change once, in order. Every chat
 * command goes over the socket. Text sent with `send` waits in the outbox
 * (localStorage) and shows as Sending… until the server acknowledges it, across
 * reconnects and reloads; a refused one shows as failed. Edits, deletes, reactions
 * and reads are sent once and resolve to the words to show if they failed.
 * The browser's offline and online events close and reopen the socket at once (a
 * WebSocket would otherwise look alive until its ping times out). `connectionProblem`
 * is the server's words while it refuses the connection for now (a limit) and the chat
 * waits to try again.
 */
export function useLiveChat({
  spaceId,
  lastSeq,
  dispatch,
}: {
  spaceId: string;
  lastSeq: number;
  dispatch: (action: ChatAction) => void;
}) {
  const [connected, setConnected] = useState(false);
  const [connectionProblem, setConnectionProblem] = useState<string | null>(null);
  const chat = useRef<LiveChat | null>(null);
  const initialSeq = useRef(lastSeq);

  useEffect(() => {
    const socket = io({ transports: ["websocket"], ...RECONNECTION });
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
      onConnectionProblem: setConnectionProblem,
    });
    chat.current = live;
    const onConnect = () => setConnected(true);
    const onDisconnect = () => setConnected(false);
    const goOffline = () => socket.disconnect();
    const goOnline = () => socket.connect();
    socket.on("connect", onConnect);
    socket.on("disconnect", onDisconnect);
    window.addEventListener("offline", goOffline);
    window.addEventListener("online", goOnline);
    live.start();
    return () => {
      window.removeEventListener("offline", goOffline);
      window.removeEventListener("online", goOnline);
      live.stop();
      socket.close();
      chat.current = null;
    };
  }, [spaceId, dispatch]);

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
      connectionProblem,
      send: (content: string) => void chat.current?.send(content),
      /** Retries a message of the outbox; false when the message is not one of its own (a file sent by HTTP). */
      retry: (clientId: string) => chat.current?.retry(clientId) ?? false,
      discard: (clientId: string) => chat.current?.discard(clientId),
      edit: (messageId: string, content: string) => chat.current?.edit(messageId, content) ?? notYet,
      remove: (messageId: string) => chat.current?.remove(messageId) ?? notYet,
      react: (messageId: string, reaction: ReactionType) => chat.current?.react(messageId, reaction) ?? notYet,
      markRead: () => void chat.current?.markRead(),
      receive: (change: SpaceChange) => chat.current?.receive(change),
    };
  }, [connected, connectionProblem]);
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
