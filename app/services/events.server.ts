import { EventEmitter } from "node:events";
import { remember } from "@epic-web/remember";

/**
 * Domain events, emitted by models after their transaction commits and relayed by
 * app/realtime to the sockets concerned. One bus per process, kept across dev rebuilds.
 */
export type DomainEvents = {
  /** A session was ended (sign-out); its sockets must go. */
  "session.ended": { sessionId: string };
  /** Every session of a user was ended (password reset); all their sockets must go. */
  "user.sessions-ended": { userId: string };
};

const bus = remember("domain-events", () => new EventEmitter().setMaxListeners(100));

export function emit<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]) {
  bus.emit(name, payload);
}

/** Subscribes to an event; returns the function that unsubscribes. */
export function subscribe<K extends keyof DomainEvents>(name: K, listener: (payload: DomainEvents[K]) => void) {
  bus.on(name, listener);
  return () => void bus.off(name, listener);
}
