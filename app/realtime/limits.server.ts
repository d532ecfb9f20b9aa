import type { Socket } from "socket.io";
import { takeAction } from "~/models/action-allowance.server";
import { env } from "~/services/env.server";
import { TokenBuckets } from "~/services/token-buckets.server";
import { TOO_MANY_CONNECTIONS, TOO_MANY_SOCKETS } from "~/shared/protocol";

/*
 * The live chat's limits, checked in memory before anything reaches the database, so
 * a flood costs no query. They are per process, which is enough for what they stop:
 * a burst lands on one instance, and with several instances a user gets at most that
 * many times these numbers, each instance still protected. The numbers are far above
 * what a person does: a message costs a send and a sync, and a reconnect sends every
 * message typed while offline at once; an office behind one address reconnects
 * together after a deploy. A user's allowance across their sockets is the one their
 * form posts draw on too (app/models/action-allowance.server.ts).
 */
export const REALTIME_LIMITS = {
  eventsPerSocket: { burst: 60, perSecond: 5 },
  // A browser signals once every 2 s per space it is typing in; this is past what a person in a few tabs sends.
  typingPerSocket: { burst: 5, perSecond: 1 },
  handshakesPerAddress: { burst: 200, perSecond: 2 },
  socketsPerUser: 20,
};

type Next = (error?: Error) => void;
type HandshakeRequest = { socket: { remoteAddress?: string }; headers: Record<string, string | string[] | undefined> };

/** One socket.io server's counters; kept across dev rebuilds with the server's other realtime state. */
export class RealtimeLimits {
  private eventsPerSocket = new TokenBuckets(REALTIME_LIMITS.eventsPerSocket);
  private typingPerSocket = new TokenBuckets(REALTIME_LIMITS.typingPerSocket);
  private handshakesPerAddress = new TokenBuckets(REALTIME_LIMITS.handshakesPerAddress);
  private socketsPerUser = new Map<string, Set<string>>();

  /** First, before the session is read: a handshake costs several queries, so an address gets so many. */
  admitAddress(socket: Socket, next: Next) {
    const address = clientAddress(socket.request, env().TRUST_PROXY_HOPS);
    next(this.handshakesPerAddress.take(address) ? undefined : new Error(TOO_MANY_CONNECTIONS));
  }

  /** Last, once the user is known: their open sockets here, each let go when its connection closes. */
  admitUser(socket: Socket, userId: string, next: Next) {
    const open = this.socketsPerUser.get(userId) ?? new Set<string>();
    if (open.size >= REALTIME_LIMITS.socketsPerUser) return next(new Error(TOO_MANY_SOCKETS));
    open.add(socket.id);
    this.socketsPerUser.set(userId, open);
    // A socket dropped between admission and connecting never says "disconnect"; its connection still closes.
    const release = () => {
      open.delete(socket.id);
      if (!open.size && this.socketsPerUser.get(userId) === open) this.socketsPerUser.delete(userId);
    };
    socket.once("disconnect", release);
    socket.conn.once("close", release);
    next();
  }

  /** Whether the socket's typing signal may be passed on; past the limit it is dropped, as no answer is awaited. */
  allowTyping(socket: Socket): boolean {
    return this.typingPerSocket.take(socket.id);
  }

  /** Whether the socket may have this event handled; the user's allowance is also their forms'. */
  allowEvent(socket: Socket, userId: string): boolean {
    return this.eventsPerSocket.take(socket.id) && takeAction(userId);
  }
}

/**
 * The handshake's client address as Express's `req.ip` gives it with `trust proxy` set to
 * a hop count: X-Forwarded-For read from the right, one address per trusted proxy.
 */
export function clientAddress(request: HandshakeRequest, trustedHops: number): string {
  const forwarded = [request.headers["x-forwarded-for"] ?? []]
    .flat()
    .join(",")
    .split(",")
    .map((address) => address.trim());
  const chain = [request.socket.remoteAddress ?? "unknown", ...forwarded.filter(Boolean).reverse()];
  return chain[Math.min(trustedHops, chain.length - 1)];
}
