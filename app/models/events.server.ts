import { eventBus } from "~/services/event-bus.server";
import type { SpaceChange } from "~/shared/protocol";

/**
 * Domain events, emitted by models after their transaction commits and relayed by
 * app/realtime to the sockets concerned (app/process/jobs.server.ts puts some on a queue).
 * The vocabulary is the models'; the bus that carries it is app/services/event-bus.server.ts.
 */
export type DomainEvents = {
  /** A session was ended (sign-out); its sockets must go. */
  "session.ended": { sessionId: string };
  /** Every session of a user was ended (password reset); all their sockets must go. */
  "user.sessions-ended": { userId: string };
  /** These users now owe a step before they may act (e.g. two-factor became required); their sockets must go. */
  "users.step-required": { userIds: string[] };
  /** These users no longer take part in the space; their sockets must leave its room. */
  "space.access-removed": { spaceId: string; userIds: string[] };
  /** A user changed their name or picture; pages and chats that show them can refresh. */
  "profile.updated": { userId: string };
  /** An invited team member or client verified their email: their record exists now. */
  "member.joined": { userId: string };
  /** A team member was assigned to a space (the space's clients may want to know). */
  "space.team-member-assigned": { spaceId: string; teamMemberId: string };
  /** Someone asked for a space's export (app/models/space-exports.server.ts); a job makes and mails it. */
  "space.export-requested": { exportId: string };
  /** A message of the space named these members (app/shared/mentions.ts) for the first time, as sent or edited. */
  "message.mentioned": { messageId: string; spaceId: string; userIds: string[] };
  /** A message leads with this link, newly (sent, or edited to it): a job reads the page for its card (issue 21). */
  "message.linked": { messageId: string; url: string };
  /** A user turned "Show when I'm active" on or off: those who see them should see them come or go now. */
  "presence.setting-changed": { userId: string; showPresence: boolean };
  /** These client members were asked to sign off a file (app/models/sign-offs.server.ts): a job mails them. */
  "sign-off.asked": { signOffId: string; userIds: string[] };
  /** A change was committed to a space's chat (app/models/space-changes.server.ts); its room should hear it. */
  "space.changed": { spaceId: string; change: SpaceChange };
};

const bus = eventBus<DomainEvents>("domain-events");

export function emit<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]) {
  bus.emit(name, payload);
}

/** Subscribes to an event; returns the function that unsubscribes. */
export function subscribe<K extends keyof DomainEvents>(name: K, listener: (payload: DomainEvents[K]) => void) {
  return bus.subscribe(name, listener);
}
