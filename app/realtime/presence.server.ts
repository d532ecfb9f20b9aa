import { randomUUID } from "node:crypto";
import { forgetInstance, PRESENCE_BEAT_S, recordPresence } from "~/models/presence.server";
import { isDatabaseUnavailable } from "~/services/db.server";

/** How soon a socket that connects or goes makes its user online or not, for the other instances. */
const FLUSH_MS = 1_000;

/**
 * This instance's part of who is online (app/models/presence.server.ts): the users with
 * a socket here, counted in memory as sockets come and go, and written at most once a
 * second, only what changed since the last write. A write that fails (the database
 * away) is tried again at the next tick, so the record catches up by itself.
 */
export class PresenceTracker {
  readonly instanceId = randomUUID();
  private sockets = new Map<string, number>();
  private written = new Set<string>();
  private lastBeat = 0;
  private writing: Promise<void> | null = null;
  private failing = false;
  private timer: ReturnType<typeof setInterval> | null = null;

  /** `beatMs`: how often the instance beats (tests beat at every flush). */
  constructor(private readonly beatMs = PRESENCE_BEAT_S * 1_000) {}

  connected(userId: string) {
    // From the first socket on: an instance nobody connects to has no one to record.
    if (!this.timer) {
      this.timer = setInterval(() => void this.flush(), FLUSH_MS);
      this.timer.unref();
    }
    this.sockets.set(userId, (this.sockets.get(userId) ?? 0) + 1);
  }

  disconnected(userId: string) {
    const left = (this.sockets.get(userId) ?? 1) - 1;
    if (left > 0) this.sockets.set(userId, left);
    else this.sockets.delete(userId);
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
    const online = [...this.sockets.keys()].filter((userId) => !this.written.has(userId));
    const offline = [...this.written].filter((userId) => !this.sockets.has(userId));
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
    } catch (error) {
      if (!this.failing)
        console.error(
          "realtime: presence not recorded, trying again",
          isDatabaseUnavailable(error) ? "(database unavailable)" : error,
        );
      this.failing = true;
    }
  }
}
