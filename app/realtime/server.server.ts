import type { IncomingMessage } from "node:http";
import { remember } from "@epic-web/remember";
import type { Server, Socket } from "socket.io";
import { findSessionStandings } from "~/models/session-standing.server";
import { batched } from "~/services/batches.server";
import { readSessionId } from "~/web/auth.server";
import { env } from "~/services/env.server";
import { subscribe } from "~/models/events.server";
import { isSameOrigin } from "~/web/origin.server";
import { CATCH_UP_EVENT, RECONNECT_EVENT, ACCESS_REMOVED_EVENT, SPACE_CHANGE_EVENT } from "~/shared/protocol";
import { handleChatEvents } from "./chat-handlers.server";
import { RealtimeLimits } from "./limits.server";
import { createPostgresAdapter } from "./postgres-adapter.server";
import { PresenceTracker } from "./presence.server";
import {
  joinRooms,
  presenceRooms,
  presenceRoomsOfUser,
  recheckRooms,
  spaceRoom,
  type SocketData,
} from "./rooms.server";
import { PRESENCE_EVENT } from "~/shared/protocol";

type Middleware = (socket: Socket, next: (error?: Error) => void) => void;
type AttachedState = {
  authenticate: Middleware;
  limits: RealtimeLimits;
  presence: PresenceTracker;
  unsubscribe: Array<() => void>;
  closeAdapter?: () => Promise<void>;
};

// Per socket.io server (tests make several), kept across dev rebuilds.
const attachedServers = () => remember("realtime", () => new Map<Server, AttachedState>());

/** Refuses the handshake from another site's page: the `cors` option alone does not stop a WebSocket. */
export function allowRealtimeRequest(request: IncomingMessage, callback: (err: string | null, ok: boolean) => void) {
  const origin = request.headers.origin;
  const allowed = Boolean(origin) && isSameOrigin({ origin, host: request.headers.host }, env().APP_URL);
  callback(allowed ? null : "origin not allowed", allowed);
}

/** The sessions of handshakes that arrive together, read together (a reconnect storm). */
const standings = batched(async (sessionIds: readonly string[]) => {
  const found = await findSessionStandings(sessionIds);
  return sessionIds.map((sessionId) => found.get(sessionId) ?? null);
});

/** Only the browser of a signed-in user who may act connects; the socket carries who they are. */
const authenticate: Middleware = async (socket, next) => {
  try {
    const sessionId = await readSessionId(socket.request.headers.cookie ?? null);
    const standing = sessionId ? await standings.load(sessionId) : null;
    // The pages' rule: a user who still owes a step (verify, new password, two-factor) gets nothing else.
    if (!sessionId || !standing || standing.step) return next(new Error("unauthorized"));
    socket.data = { actor: standing.actor, sessionId } satisfies SocketData;
    next();
  } catch (error) {
    console.error("realtime: handshake failed", error);
    next(new Error("unavailable"));
  }
};

/**
 * A socket joins its user's and session's rooms, and the room of every space its user
 * may see now; a reconnect is a new connection, so access is checked again. The chat
 * handlers wait for the joins, so that a sync never runs before its room is joined.
 */
function onConnection(socket: Socket, { limits, presence }: AttachedState) {
  const { actor, sessionId } = socket.data as SocketData;
  const joined = joinRooms(socket, actor, sessionId).then(
    () => {
      // Counted once its rooms are known (they are whom its coming and going is told to), unless it left meanwhile.
      if (!socket.connected) return;
      presence.connected(actor.id, { shows: actor.showPresence });
      // Its rooms as it goes: the spaces it is still in then, not those it joined at first.
      socket.on("disconnecting", () => presence.disconnected(actor.id, presenceRooms(socket)));
    },
    (error: unknown) => {
      // Without its rooms the socket would miss events silently. socket.io's client does not
      // reconnect after a server disconnect, so it is told first that this one passes.
      console.error("realtime: joining rooms failed", error);
      socket.emit(RECONNECT_EVENT);
      socket.disconnect(true);
    },
  );
  handleChatEvents(socket, actor, joined, limits);
}

/**
 * Wires the app's realtime handlers into the server's socket.io instance. server.ts
 * calls it again after each dev rebuild: it replaces what the previous build attached,
 * and keeps what must exist once per process (the Postgres adapter, the middleware slot).
 */
export async function attachRealtime(io: Server) {
  const attached = attachedServers();
  let state = attached.get(io);
  if (!state) {
    const fresh: AttachedState = {
      authenticate,
      limits: new RealtimeLimits(),
      presence: new PresenceTracker({
        announce: (room, changes) => io.to(room).emit(PRESENCE_EVENT, { changes }),
        roomsOf: (userId) => presenceRoomsOfUser(io, userId),
      }),
      unsubscribe: [],
    };
    const { DATABASE_URL } = env();
    if (DATABASE_URL) {
      // Several instances (Fly machines) share rooms through Postgres. What was broadcast while
      // this one could not listen never reached it: its sockets ask for the changes they missed,
      // and their rooms are checked again for the room leaves and disconnects they missed.
      const { adapter, close } = createPostgresAdapter(DATABASE_URL, {
        onRelisten: () => {
          io.local.emit(CATCH_UP_EVENT);
          recheckRooms(io.of("/").sockets.values()).catch((error: unknown) =>
            console.error("realtime: checking rooms again failed", error),
          );
        },
      });
      io.adapter(adapter);
      fresh.closeAdapter = close;
    }
    io.use((socket, next) => fresh.limits.admitAddress(socket, next));
    io.use((socket, next) => fresh.authenticate(socket, next));
    io.use((socket, next) => fresh.limits.admitUser(socket, (socket.data as SocketData).actor.id, next));
    attached.set(io, (state = fresh));
  }
  state.authenticate = authenticate;
  for (const unsubscribe of state.unsubscribe) unsubscribe();
  state.unsubscribe = [
    subscribe("presence.setting-changed", ({ userId, showPresence }) => state.presence.setShows(userId, showPresence)),
    subscribe("session.ended", ({ sessionId }) => io.in(`session:${sessionId}`).disconnectSockets(true)),
    subscribe("user.sessions-ended", ({ userId }) => io.in(`user:${userId}`).disconnectSockets(true)),
    subscribe("users.step-required", ({ userIds }) => io.in(userIds.map((id) => `user:${id}`)).disconnectSockets(true)),
    subscribe("space.changed", ({ spaceId, change }) =>
      io.to(spaceRoom(spaceId)).emit(SPACE_CHANGE_EVENT, { spaceId, change }),
    ),
    subscribe("space.access-removed", ({ spaceId, userIds }) => {
      const rooms = userIds.map((userId) => `user:${userId}`);
      io.in(rooms).socketsLeave(spaceRoom(spaceId));
      io.to(rooms).emit(ACCESS_REMOVED_EVENT, { spaceId });
    }),
  ];
  io.removeAllListeners("connection");
  const attachedState = state;
  io.on("connection", (socket: Socket) => onConnection(socket, attachedState));
}

/** At shutdown: stop relaying events and close the adapter's connections. */
export async function detachRealtime() {
  const attached = attachedServers();
  for (const [io, state] of attached) {
    for (const unsubscribe of state.unsubscribe) unsubscribe();
    await state.presence.stop();
    await state.closeAdapter?.();
    attached.delete(io);
  }
}
