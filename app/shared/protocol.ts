import { MESSAGE_TEXT } from "./chat-message";

/*
 * What the server's chat handlers and the browser's live chat (app/components/chat/live-chat.ts)
 * both say over the socket. Plain constants, so that the browser may import them.
 */

/**
 * The events of the socket, named here only. The chat's commands are each sent with an
 * acknowledgement (app/realtime/chat-handlers.server.ts answers them); the server sends a
 * space's room each change of its log, and a user's sockets the news that a space is no
 * longer theirs.
 */
export const CHAT_COMMANDS = {
  send: "chat:send",
  edit: "chat:edit",
  delete: "chat:delete",
  react: "chat:react",
  removePreview: "chat:remove-preview",
  read: "chat:read",
  sync: "chat:sync",
} as const;
export type ChatCommand = (typeof CHAT_COMMANDS)[keyof typeof CHAT_COMMANDS];
/** `{ spaceId, change }`: a change of the space's log (a SpaceChange, below). */
export const SPACE_CHANGE_EVENT = "space:change";
/** `{ spaceId }`: the user may no longer see the space. */
export const ACCESS_REMOVED_EVENT = "space:access-removed";

/** The server's answer, and handshake refusal, while the database cannot be reached. */
export const UNAVAILABLE = "unavailable";
/** The answer to an event past the socket's limit (limits.server.ts) or its user's (app/models/action-allowance.server.ts). */
export const TOO_MANY_REQUESTS = MESSAGE_TEXT.tooManyRequests;
/**
 * Typing (issue 21): a browser sends `TYPING_EVENT` `{ spaceId, typing }` at most once every
 * TYPING_SIGNAL_MS while its person types in that space's box, and `typing: false` when they
 * send, empty the box or stop for TYPING_IDLE_MS. The space's other sockets get
 * `SPACE_TYPING_EVENT` `{ spaceId, userId, name, typing }`, and forget a typer they have not
 * heard from for TYPING_FORGET_MS (a lost "stopped"). Nothing is stored.
 */
export const TYPING_EVENT = "chat:typing";
export const SPACE_TYPING_EVENT = "space:typing";
export const TYPING_SIGNAL_MS = 2_000;
export const TYPING_IDLE_MS = 5_000;
export const TYPING_FORGET_MS = TYPING_IDLE_MS + TYPING_SIGNAL_MS;
/**
 * Presence (issue 21): sent to the rooms of a user's spaces and of their agency's team when
 * they come online or go (their last tab anywhere closed), several at once per room:
 * `{ changes: [{ userId, online, lastSeenAt }] }`.
 */
export const PRESENCE_EVENT = "presence:change";
/** Sent by the server to its sockets when they may have missed changes. */
export const CATCH_UP_EVENT = "chat:catch-up";
/**
 * Sent by the server to a socket just before it disconnects it for a reason that passes
 * (its rooms could not be joined): the client connects again. Any other server disconnect
 * (a sign-out, a removal) is for good.
 */
export const RECONNECT_EVENT = "chat:reconnect";
/** Handshake refusals by the limits (app/realtime/limits.server.ts): the client tries again later. */
export const TOO_MANY_CONNECTIONS = "Too many connections. Please wait a moment and try again.";
export const TOO_MANY_SOCKETS = "Too many open windows. Please close one and try again.";

/**
 * socket.io-client's reconnection back-off for the live chat, shared with `npm run bench`'s
 * storm. After a crash the process is back within a few seconds (restart plus start-up);
 * a retry refused meanwhile costs the server nothing, so the retries level off at 1 s and
 * a browser waits at most about a second once the server listens again. The first delays
 * are spread by ±50%, so an instance's browsers, cut off together, retry at different
 * moments of each second and come back over that second rather than in one burst; the
 * server's handshakes and syncs, not this spread, are then what the last one waits for.
 */
export const RECONNECTION = { reconnectionDelay: 250, reconnectionDelayMax: 500, randomizationFactor: 0.5 } as const;

/**
 * How long the browser waits before trying again while the server says "unavailable" (the
 * database away), for a handshake and for a send or sync alike: soon at first, then every
 * 2 s or so, so that a short outage ends quickly for everyone. Each is spread ±25%.
 */
export const UNAVAILABLE_RETRY_DELAYS_MS = [250, 500, 1_000, 2_000];

export type SpaceChangeKind =
  | "message.created"
  | "message.edited"
  | "message.deleted"
  | "message.preview"
  | "reaction.changed"
  | "read.advanced"
  | "sign-off.changed";

/** One entry of a space's change log: `seq` is gap-free in commit order within the space. */
export type SpaceChange = {
  seq: number;
  kind: SpaceChangeKind;
  messageId: string | null;
  userId: string | null;
  payload: Record<string, unknown>;
  createdAt: string;
};
