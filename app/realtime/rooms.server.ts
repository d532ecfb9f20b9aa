import type { Server, Socket } from "socket.io";
import { ACCESS_REMOVED_EVENT } from "~/shared/protocol";
import type { Actor } from "~/models/actors.server";
import { isAgencyStaff } from "~/models/policy.server";
import { findSessionStanding } from "~/models/session-standing.server";
import { listVisibleChatIds, visibleSpacesOfEach } from "~/models/space-access.server";
import { batched } from "~/services/batches.server";

/*
 * The rooms a socket is in, which decide what it is sent: its user's, its session's and
 * those of the spaces its user may see. Another instance's room leaves and disconnects
 * reach this one over Postgres and may be lost (it could not listen, a publish was
 * dropped), so the rooms can be made to match the database again.
 */

export type SocketData = {
  actor: Actor;
  sessionId: string;
  /**
   * Each joined space's last log number, read once the socket was in its room: a first
   * `chat:sync` from there has missed nothing (chat-handlers.server.ts). Dropped at that sync.
   */
  seqAtJoin?: Map<string, number>;
};

const SPACE_ROOM_PREFIX = "space:";
export const spaceRoom = (spaceId: string) => `${SPACE_ROOM_PREFIX}${spaceId}`;

const TEAM_ROOM_PREFIX = "team:";
/** The agency's owner and team members: they see each other's presence. */
const teamRoom = (agencyId: string) => `${TEAM_ROOM_PREFIX}${agencyId}`;

/** The rooms told when the socket's user comes or goes: their spaces', and their agency team's. */
export function presenceRooms(socket: Socket): string[] {
  return [...socket.rooms].filter((room) => room.startsWith(SPACE_ROOM_PREFIX) || room.startsWith(TEAM_ROOM_PREFIX));
}

/** The presence rooms of every socket of the user on this instance, as they are now. */
export function presenceRoomsOfUser(io: Server, userId: string): string[] {
  const { adapter, sockets } = io.of("/");
  const rooms = new Set<string>();
  for (const socketId of adapter.rooms.get(`user:${userId}`) ?? []) {
    const socket = sockets.get(socketId);
    if (socket) for (const room of presenceRooms(socket)) rooms.add(room);
  }
  return [...rooms];
}

/** The spaces of the users whose sockets join at the same time, read together. */
const visibleSpaces = batched(visibleSpacesOfEach);

export async function joinRooms(socket: Socket, actor: Actor, sessionId: string) {
  const staff = isAgencyStaff(actor) && actor.agencyId;
  await socket.join([`user:${actor.id}`, `session:${sessionId}`, ...(staff ? [teamRoom(staff)] : [])]);
  const visible = (await visibleSpaces.load(actor)).map((space) => space.id);
  await socket.join(visible.map(spaceRoom));
  // Access removed meanwhile found this socket outside those rooms: look once more, now that it is in them.
  const still = new Map((await visibleSpaces.load(actor)).map((space) => [space.id, space.lastSeq]));
  for (const spaceId of visible) if (!still.has(spaceId)) await socket.leave(spaceRoom(spaceId));
  // Read after the joins: whatever was committed later is published to the rooms the socket is in.
  (socket.data as SocketData).seqAtJoin = new Map(
    visible.flatMap((id) => (still.has(id) ? [[id, still.get(id)!]] : [])),
  );
}

/** Where a socket stands now: gone (disconnect it), or the spaces its user may see. */
type Standing = { gone: true } | { gone: false; visible: Set<string> };

/**
 * Checks each socket's session and spaces against the database, as a handshake would: a
 * socket whose session was ended, or whose user may no longer act (removed, owes a step),
 * is disconnected; one in the room of a space its user no longer sees leaves it and is
 * sent `space:access-removed`. Sockets of one session are checked once.
 */
export async function recheckRooms(sockets: Iterable<Socket>) {
  const standings = new Map<string, Promise<Standing>>();
  for (const socket of sockets) {
    const { actor, sessionId } = socket.data as SocketData;
    if (!standings.has(sessionId)) standings.set(sessionId, standingOf(actor.id, sessionId));
    const standing = await standings.get(sessionId)!;
    if (standing.gone) {
      socket.disconnect(true);
      continue;
    }
    for (const room of socket.rooms) {
      if (!room.startsWith(SPACE_ROOM_PREFIX)) continue;
      const spaceId = room.slice(SPACE_ROOM_PREFIX.length);
      if (standing.visible.has(spaceId)) continue;
      await socket.leave(room);
      socket.emit(ACCESS_REMOVED_EVENT, { spaceId });
    }
  }
}

async function standingOf(userId: string, sessionId: string): Promise<Standing> {
  const standing = await findSessionStanding(sessionId, { request: false });
  if (!standing || standing.actor.id !== userId || standing.step) return { gone: true };
  return { gone: false, visible: new Set(await listVisibleChatIds(standing.actor)) };
}
