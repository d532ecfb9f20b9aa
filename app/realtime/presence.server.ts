import { randomUUID } from "node:crypto";
import { forgetInstance, onlineAmong, PRESENCE_BEAT_S, recordPresence, type Presence } from "~/models/presence.server";
import { isDatabaseUnavailable } from "~/services/db.server";

/** How soon a socket that connects or goes makes its user online or not, for the other instances. */
const FLUSH_MS = 1_000;

export type PresenceChange = { userId: string } & Presence;
/** Tells a room (a space, an agency's team) who of its members came or went. */
export type AnnouncePresence = (room: string, changes: PresenceChange[]) => void;

/** The rooms the user's sockets on this instance are in now, to be told of their coming and going. */
export type RoomsOf = (userId: string) => string[];

type Connected = { sockets: number; shows: boolean };
/** A user whose last socket here closed, with the rooms it was in then. */
type Leaving = { rooms: string[]; shows: boolean };

/**
 * This instance's part of who is online (app/models/presence.server.ts): the users with
 * a socket here, counted in memory as sockets come and go, and written at most once a
 * second, only what changed since the last write. Once written, a user who came is
 * announced to their rooms, and one who went, unless another instance still has them:
 * one message per room per write, however many came or went (a restart brings everyone
 * back at once). The rooms told are those the user's sockets are in at the time (`roomsOf`),
 * so a space the user has left since they connected hears nothing more of them.
 * A write that fails (the database away) is tried again at the next tick, so the record
 * catches up by itself.
 */
export class PresenceTracker {
  readonly instanceId = randomUUID();
  private users = new Map<string, Connected>();
  /** Users whose last socket here closed since the last write, with the rooms to tell. */
  private leaving = new Map<string, Leaving>();
  private written = new Set<string>();
  private lastBeat = 0;
  private writing: Promise<void> | null = null;
  private failing = false;
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly announce: AnnouncePresence;
  private readonly roomsOf: RoomsOf;
  private readonly beatMs: number;

  /** `beatMs`: how often the instance beats (tests beat at every flush). */
  constructor({
    announce = () => {},
    roomsOf = () => [],
    beatMs = PRESENCE_BEAT_S * 1_000,
  }: { announce?: AnnouncePresence; roomsOf?: RoomsOf; beatMs?: number } = {}) {
    this.announce = announce;
    this.roomsOf = roomsOf;
    this.beatMs = beatMs;
  }

  /** A socket of the user is connected, its rooms joined; `shows`: their "Show when I'm active". */
  connected(userId: string, { shows = true }: { shows?: boolean } = {}) {
    // From the first socket on: an instance nobody connects to has no one to record.
    if (!this.timer) {
      this.timer = setInterval(() => void this.flush(), FLUSH_MS);
      this.timer.unref();
    }
    const user = this.users.get(userId) ?? { sockets: 0, shows };
    this.leaving.delete(userId);
    user.sockets++;
    user.shows = shows;
    this.users.set(userId, user);
  }

  /** The user turned "Show when I'm active" on or off: told now to the rooms of their sockets here. */
  setShows(userId: string, shows: boolean) {
    const user = this.users.get(userId);
    if (!user || user.shows === shows) return;
    user.shows = shows;
    for (const room of this.roomsOf(userId)) this.announce(room, [{ userId, online: shows, lastSeenAt: null }]);
  }

  /** A socket of the user closed; `rooms`: those it was in as it went. */
  disconnected(userId: string, rooms: string[]) {
    const user = this.users.get(userId);
    if (!user || --user.sockets > 0) return;
    this.users.delete(userId);
    this.leaving.set(userId, { rooms, shows: user.shows });
  }

  /** Writes what changed, and the beat when it is due; one write at a time. */
  flush(): Promise<void> {
    this.writing ??= this.write().finally(() => (this.writing = null));
    return this.writing;
  }

  /** At shutdown: no more writes, and this instance's users are no longer online through it. */
  async stop() {
    if (!this.timer) return;
    clearInterval(this.timer);
    await this.writing;
    await forgetInstance(this.instanceId).catch(() => undefined);
  }

  private async write() {
    // Gone before they were ever written: there is nothing to take back.
    for (const userId of this.leaving.keys()) if (!this.written.has(userId)) this.leaving.delete(userId);
    const online = [...this.users.keys()].filter((userId) => !this.written.has(userId));
    const offline = [...this.written].filter((userId) => !this.users.has(userId));
    const beatDue = Date.now() - this.lastBeat >= this.beatMs;
    if (!online.length && !offline.length && !beatDue) return;
    try {
      const { instanceWasUnknown } = await recordPresence(this.instanceId, { online, offline });
      for (const userId of online) this.written.add(userId);
      for (const userId of offline) this.written.delete(userId);
      this.lastBeat = Date.now();
      // Cleared away while this instance could not beat: everyone here is written again at the next tick.
      if (instanceWasUnknown && this.written.size > online.length) this.written.clear();
      if (this.failing) console.info("realtime: presence recorded again");
      this.failing = false;
      await this.tell(online, offline);
    } catch (error) {
      if (!this.failing) {
        console.error(
          "realtime: presence not recorded, trying again",
          isDatabaseUnavailable(error) ? "(database unavailable)" : error,
        );
      }
      this.failing = true;
    }
  }

  private async tell(online: string[], offline: string[]) {
    const byRoom = new Map<string, PresenceChange[]>();
    const add = (rooms: string[], change: PresenceChange) => {
      for (const room of rooms) byRoom.set(room, [...(byRoom.get(room) ?? []), change]);
    };
    for (const userId of online) {
      if (this.users.get(userId)?.shows) add(this.roomsOf(userId), { userId, online: true, lastSeenAt: null });
    }
    const left = offline.filter((userId) => this.leaving.has(userId));
    // Not knowing whether another instance has them, say nothing: a page shows them online until it loads again.
    const stillOnline = left.length ? await onlineAmong(left).catch(() => new Set(left)) : new Set<string>();
    const lastSeenAt = new Date().toISOString();
    for (const userId of left) {
      const { rooms, shows } = this.leaving.get(userId)!;
      this.leaving.delete(userId);
      if (shows && !stillOnline.has(userId)) add(rooms, { userId, online: false, lastSeenAt });
    }
    for (const [room, changes] of byRoom) this.announce(room, changes);
  }
}
