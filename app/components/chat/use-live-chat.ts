import { useCallback, useEffect, useRef, useState } from "react";
import { io } from "socket.io-client";
import type { SpaceChange } from "~/services/events.server";
import { LiveChat, type OutboxMessage } from "~/utils/live-chat";

export type LiveChatState = {
  /** The socket is connected and the chat has caught up with the server. */
  connected: boolean;
  /** Messages typed here and not shown in the list yet: Sending…, or failed with Retry. */
  pending: OutboxMessage[];
  send: (content: string) => OutboxMessage | undefined;
  retry: (clientId: string) => void;
  discard: (clientId: string) => void;
};

/**
 * The space's chat, live: connects with the session cookie, catches up from the page's
 * `lastSeq` on every (re)connect and hands each change to `dispatch` once, in order.
 * The browser's offline and online events close and reopen the socket at once (a
 * WebSocket would otherwise look alive until its ping times out).
 */
export function useLiveChat({
  spaceId,
  lastSeq,
  dispatch,
}: {
  spaceId: string;
  lastSeq: number;
  dispatch: (change: SpaceChange) => void;
}): LiveChatState {
  const [connected, setConnected] = useState(false);
  const [pending, setPending] = useState<OutboxMessage[]>([]);
  const chat = useRef<LiveChat | null>(null);
  const latest = useRef({ lastSeq, dispatch });
  latest.current = { lastSeq, dispatch };

  useEffect(() => {
    const socket = io({ transports: ["websocket"], reconnectionDelay: 1_000, reconnectionDelayMax: 10_000 });
    const live = new LiveChat({
      socket,
      spaceId,
      lastSeq: latest.current.lastSeq,
      storage: window.localStorage,
      onChange: (change) => latest.current.dispatch(change),
      onReload: () => window.location.reload(),
      onPendingChange: setPending,
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
  }, [spaceId]);

  // The page's own data may be newer (a form post revalidated it): do not replay what it shows.
  useEffect(() => {
    if (chat.current && lastSeq > chat.current.lastSeq) chat.current.lastSeq = lastSeq;
  }, [lastSeq]);

  const send = useCallback((content: string) => chat.current?.send(content), []);
  const retry = useCallback((clientId: string) => chat.current?.retry(clientId), []);
  const discard = useCallback((clientId: string) => chat.current?.discard(clientId), []);
  return { connected, pending, send, retry, discard };
}
