import type { Socket } from "socket.io-client";
import {
  RECONNECT_EVENT,
  TOO_MANY_CONNECTIONS,
  TOO_MANY_SOCKETS,
  UNAVAILABLE,
  UNAVAILABLE_RETRY_DELAYS_MS,
} from "~/shared";

/*
 * socket.io reconnects by itself after a dropped connection, but gives up after a refused
 * handshake or a server disconnect. This connects again, with back-off, when the refusal
 * says "not now" (the database, the limits) or the server said the disconnect passes; a
 * sign-out or a removal is for good. Apart from React, so that the fault tests and the
 * bench drive it in Node against real server processes.
 */

/** Handshake refusals by the server's limits, which say to wait and try again. */
const LIMIT_REFUSALS: string[] = [TOO_MANY_CONNECTIONS, TOO_MANY_SOCKETS];
// A limit frees up in seconds (a closed window, an address's refill); up to 30 s, so that a crowd refused together does not come back together.
const LIMIT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

/**
 * Keeps the socket connected as long as the server allows; `onProblem` gets the server's
 * words while a limit refuses it (null once connected). Returns the function that stops.
 */
export function keepConnected(socket: Socket, { onProblem }: { onProblem?: (words: string | null) => void } = {}) {
  let unavailableInARow = 0;
  let refusedInARow = 0;
  let reconnectAfterDisconnect = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const connectIn = (delays: number[], inARow: number) => {
    clearTimeout(timer);
    // Spread out, so that every browser of an instance does not come back in the same millisecond.
    const step = delays[Math.min(inARow, delays.length - 1)];
    timer = setTimeout(() => socket.connect(), step * (0.75 + Math.random() / 2));
  };

  const onConnect = () => {
    unavailableInARow = 0;
    refusedInARow = 0;
    onProblem?.(null);
  };
  const onConnectError = (error: Error) => {
    if (socket.active) return;
    if (error.message === UNAVAILABLE) connectIn(UNAVAILABLE_RETRY_DELAYS_MS, unavailableInARow++);
    if (LIMIT_REFUSALS.includes(error.message)) {
      onProblem?.(error.message);
      connectIn(LIMIT_DELAYS_MS, refusedInARow++);
    }
  };
  const onReconnectAsked = () => (reconnectAfterDisconnect = true);
  const onDisconnect = (reason: string) => {
    if (reason !== "io server disconnect" || !reconnectAfterDisconnect) return;
    reconnectAfterDisconnect = false;
    connectIn(UNAVAILABLE_RETRY_DELAYS_MS, unavailableInARow++);
  };

  socket.on("connect", onConnect);
  socket.on("connect_error", onConnectError);
  socket.on(RECONNECT_EVENT, onReconnectAsked);
  socket.on("disconnect", onDisconnect);
  return () => {
    clearTimeout(timer);
    socket.off("connect", onConnect);
    socket.off("connect_error", onConnectError);
    socket.off(RECONNECT_EVENT, onReconnectAsked);
    socket.off("disconnect", onDisconnect);
  };
}
