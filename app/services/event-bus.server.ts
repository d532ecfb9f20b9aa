import { EventEmitter } from "node:events";
import { remember } from "@epic-web/remember";

/**
 * A typed publish/subscribe bus for one process, kept across dev rebuilds (remembered by
 * its name). It knows no event: whoever owns the vocabulary passes it as `Events`, a map
 * from each event's name to its payload (the domain events are app/models/events.server.ts).
 */
export function eventBus<Events extends Record<string, unknown>>(name: string) {
  const emitter = remember(name, () => new EventEmitter().setMaxListeners(100));
  return {
    emit<K extends keyof Events & string>(event: K, payload: Events[K]) {
      emitter.emit(event, payload);
    },
    /** Subscribes to an event; returns the function that unsubscribes. */
    subscribe<K extends keyof Events & string>(event: K, listener: (payload: Events[K]) => void) {
      emitter.on(event, listener);
      return () => void emitter.off(event, listener);
    },
  };
}
