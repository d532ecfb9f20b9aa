import { useEffect, useSyncExternalStore } from "react";
import type { Socket } from "socket.io-client";
import { RECONNECTION } from "~/shared";
import { keepConnected } from "./keep-connected";

/*
 * A tab's one socket, shared by whatever is live on the page: the top bar's bell on every
 * signed-in page, and the chat. It is opened when the first of them mounts and closed a
 * little after the last one goes, so that moving between pages keeps it. socket.io-client
 * is loaded only then, after the page is interactive, and is not part of any page's
 * first download. While it is open, the user counts as online (app/realtime/presence.server.ts).
 */

export type LiveSocketState = {
  socket: Socket | null;
  connected: boolean;
  /** The server's words while it refuses the connection for now (a limit); null otherwise. */
  problem: string | null;
};

const CLOSED: LiveSocketState = { socket: null, connected: false, problem: null };
// Long enough for a navigation between layouts to take the socket over.
const CLOSE_AFTER_MS = 5_000;

let state = CLOSED;
const listeners = new Set<() => void>();
let users = 0;
let closeTimer: ReturnType<typeof setTimeout> | undefined;
let opening: Promise<void> | null = null;
let close: (() => void) | null = null;

function update(next: Partial<LiveSocketState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

async function open() {
  const { io } = await import("socket.io-client");
  const socket = io({ transports: ["websocket"], ...RECONNECTION });
  const stopKeeping = keepConnected(socket, { onProblem: (problem) => update({ problem }) });
  const onConnect = () => update({ connected: true });
  const onDisconnect = () => update({ connected: false });
  // A WebSocket would otherwise look alive until its ping times out.
  const goOffline = () => socket.disconnect();
  const goOnline = () => socket.connect();
  socket.on("connect", onConnect);
  socket.on("disconnect", onDisconnect);
  window.addEventListener("offline", goOffline);
  window.addEventListener("online", goOnline);
  close = () => {
    window.removeEventListener("offline", goOffline);
    window.removeEventListener("online", goOnline);
    stopKeeping();
    socket.close();
    close = null;
    opening = null;
    update(CLOSED);
  };
  update({ socket, connected: socket.connected });
  if (users === 0) closeTimer = setTimeout(() => close?.(), CLOSE_AFTER_MS);
}

function acquire() {
  users++;
  clearTimeout(closeTimer);
  if (!opening) {
    opening = open().catch((error: unknown) => {
      // The chunk could not be loaded (offline, a deploy replaced it): the page stays as it is, not live.
      console.error("live socket: could not load", error);
      opening = null;
    });
  } else if (state.socket && !state.socket.active) {
    // Closed for good by the server (a sign-out) and a page that is live mounted since: a new handshake, with the cookie as it is now.
    state.socket.connect();
  }
}

function release() {
  users--;
  if (users === 0) closeTimer = setTimeout(() => close?.(), CLOSE_AFTER_MS);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The tab's live socket while the calling component is mounted; null until it is loaded (and on the server). */
export function useLiveSocket(): LiveSocketState {
  useEffect(() => {
    acquire();
    return release;
  }, []);
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => CLOSED,
  );
}
