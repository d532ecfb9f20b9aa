/*
 * What the server's chat handlers and the browser's live chat (app/components/chat/live-chat.ts)
 * both say over the socket. Plain constants, so that the browser may import them.
 */

/** The server's answer, and handshake refusal, while the database cannot be reached. */
export const UNAVAILABLE = "unavailable";
/** The server's answer to an event past the socket's or the user's limit (app/realtime/limits.server.ts). */
export const TOO_MANY_REQUESTS = "Too many requests. Please wait a moment and try again.";
/** Sent by the server to its sockets when they may have missed changes. */
export const CATCH_UP_EVENT = "chat:catch-up";
