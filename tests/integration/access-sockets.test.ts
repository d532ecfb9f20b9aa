import crypto from "node:crypto";
import type { Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { CHAT_EVENTS } from "~/realtime/chat-handlers.server";
import { SPACE_TYPING_EVENT, TYPING_EVENT } from "~/shared/protocol";
import { db } from "~/services/db.server";
import {
  agencyWorld,
  changedTables,
  createAdmin,
  foreignTargets,
  leakedMarker,
  markersOf,
  snapshot,
  unknownTargets,
  type AgencyWorld,
  type Targets,
} from "#tests/support/access-world";
import {
  closeClients,
  connectClient,
  eventually,
  request,
  sessionCookie,
  startRealtimeServer,
  stopRealtimeServers,
} from "#tests/support/sockets";

/*
 * The access matrix of the live chat: every event a socket may send, sent by each user
 * type of another agency (and by an agency's own people about a space they are not in)
 * with the other agency's, unknown and hidden ids. Each is refused as not found,
 * changes nothing, and no socket is ever sent anything of the other agency.
 */

/** Each event's payload about the ids under test. A new event fails the first test until it is added here. */
const PAYLOADS: Record<string, (ids: Targets) => unknown> = {
  "chat:send": (ids) => ({ spaceId: ids.space, clientId: crypto.randomUUID(), content: "hello" }),
  "chat:edit": (ids) => ({ messageId: ids.message, content: "changed" }),
  "chat:delete": (ids) => ({ messageId: ids.message }),
  "chat:react": (ids) => ({ messageId: ids.message, reaction: "heart" }),
  "chat:remove-preview": (ids) => ({ messageId: ids.message }),
  "chat:read": (ids) => ({ spaceId: ids.space, upTo: ids.message }),
  "chat:sync": (ids) => ({ spaceId: ids.space, afterSeq: 0 }),
};

let origin: string;
let home: AgencyWorld;
let other: AgencyWorld;

// Many calls in one test; a busy machine makes them slow.
const SLOW = 180_000;

beforeAll(async () => {
  origin = await startRealtimeServer();
  home = await agencyWorld("Quokkanest");
  other = await agencyWorld("Zanzibarra");
});

afterEach(() => closeClients());

afterAll(async () => {
  await stopRealtimeServers();
});

/** Everything the socket is sent, whatever the event. */
function everything(socket: Socket): string[] {
  const seen: string[] = [];
  socket.onAny((event: string, ...args: unknown[]) => seen.push(`${event} ${JSON.stringify(args)}`));
  return seen;
}

async function connectAs(user: { id: string }) {
  return connectClient(origin, await sessionCookie(user));
}

test("every socket event is in the access table (a new event must say what it is sent about)", () => {
  expect(
    CHAT_EVENTS.filter((event) => !(event in PAYLOADS)),
    "new event not covered",
  ).toEqual([]);
  expect(Object.keys(PAYLOADS).filter((event) => !CHAT_EVENTS.includes(event as never))).toEqual([]);
});

describe("a socket refuses every event about a space or message its user may not see", () => {
  async function refusals(socket: Socket, who: string, ids: Targets, markers: string[]) {
    const failures: string[] = [];
    for (const event of CHAT_EVENTS) {
      const answer = await request<{ ok: boolean; error?: string }>(socket, event, PAYLOADS[event](ids));
      const where = `${who} ${event}`;
      if (answer.ok !== false || !["Space not found", "Message not found"].includes(answer.error ?? "")) {
        failures.push(`${where}: answered ${JSON.stringify(answer)}`);
      }
      const leak = leakedMarker(JSON.stringify(answer), markers);
      if (leak) failures.push(`${where}: shows "${leak}"`);
    }
    return failures;
  }

  test(
    "each user type of another agency, and an administrator, with that agency's ids and unknown ones",
    async () => {
      const actors = [...Object.entries(home.people), ["admin", await createAdmin()] as const];
      const failures: string[] = [];
      const before = await snapshot();
      for (const [name, user] of actors) {
        const socket = await connectAs(user);
        const received = everything(socket);
        failures.push(...(await refusals(socket, `${name} (foreign ids)`, foreignTargets(other), markersOf(other))));
        failures.push(...(await refusals(socket, `${name} (unknown ids)`, unknownTargets(), markersOf(other))));
        const leak = leakedMarker(received.join("\n"), markersOf(other));
        if (leak) failures.push(`${name}: was sent "${leak}"`);
      }
      expect(changedTables(before, await snapshot())).toEqual([]);
      expect(failures).toEqual([]);
    },
    SLOW,
  );

  test(
    "team members and clients, about a space of their own agency they do not take part in",
    async () => {
      const hidden = { ...unknownTargets(), space: home.hiddenSpace.id, message: home.hiddenMessage.id };
      const { memberIn, memberOut, clientOwner, clientEmployee } = home.people;
      const failures: string[] = [];
      const before = await snapshot();
      for (const [name, user] of Object.entries({ memberIn, memberOut, clientOwner, clientEmployee })) {
        const socket = await connectAs(user);
        failures.push(...(await refusals(socket, name, hidden, [`${home.tag} Hidden`, "hidden message text"])));
      }
      expect(changedTables(before, await snapshot())).toEqual([]);
      expect(failures).toEqual([]);
    },
    SLOW,
  );

  test(
    "a space's clients and a team member of other spaces, about its team-only side (issue 38)",
    async () => {
      const teamOnly = { ...unknownTargets(), space: home.teamOnly.side, message: home.teamOnly.message.id };
      const { memberOut, clientOwner, clientEmployee } = home.people;
      const failures: string[] = [];
      const before = await snapshot();
      for (const [name, user] of Object.entries({ memberOut, clientOwner, clientEmployee })) {
        const socket = await connectAs(user);
        failures.push(...(await refusals(socket, name, teamOnly, home.teamOnly.markers)));
      }
      expect(changedTables(before, await snapshot())).toEqual([]);
      expect(failures).toEqual([]);
    },
    SLOW,
  );

  test(
    "the space's clients are sent nothing while its team talks, types and reacts on the team-only side",
    async () => {
      const { owner, memberIn, clientOwner, clientEmployee } = home.people;
      const clients = await Promise.all([clientOwner, clientEmployee].map(connectAs));
      const heard = clients.map(everything);
      const [talker, teammate] = await Promise.all([owner, memberIn].map(connectAs));
      const teammateHeard = everything(teammate);
      const word = home.teamOnly.markers[0];
      talker.emit(TYPING_EVENT, { spaceId: home.teamOnly.side, typing: true });
      const sent = await request<{ ok: boolean; message: { id: string } }>(talker, "chat:send", {
        spaceId: home.teamOnly.side,
        clientId: crypto.randomUUID(),
        content: `${word} live note`,
      });
      expect(sent.ok).toBe(true);
      await request(talker, "chat:react", { messageId: sent.message.id, reaction: "smile" });
      await request(talker, "chat:edit", { messageId: sent.message.id, content: `${word} edited note` });
      await request(talker, "chat:read", { spaceId: home.teamOnly.side });
      // A marker after them all, on the client side: once the clients hear it, the rest had its time.
      const marker = `Open marker ${crypto.randomUUID()}`;
      await request(talker, "chat:send", { spaceId: home.space.id, clientId: crypto.randomUUID(), content: marker });
      await eventually(() => expect(teammateHeard.join("\n")).toContain("edited note"));
      for (const seen of heard) {
        await eventually(() => expect(seen.join("\n")).toContain(marker));
        expect(leakedMarker(seen.join("\n"), [...home.teamOnly.markers, home.teamOnly.side])).toBeUndefined();
      }
    },
    SLOW,
  );

  test(
    "another agency's sockets are sent nothing while that agency chats",
    async () => {
      const listeners = await Promise.all(Object.values(home.people).map(connectAs));
      const heard = listeners.map(everything);
      const insider = await connectAs(other.people.clientOwner);
      const insiderHeard = everything(insider);
      const sent = await request<{ ok: boolean; message: { id: string } }>(insider, "chat:send", {
        spaceId: other.space.id,
        clientId: crypto.randomUUID(),
        content: `${other.tag} live secret`,
      });
      expect(sent.ok).toBe(true);
      await request(insider, "chat:react", { messageId: sent.message.id, reaction: "smile" });
      await request(insider, "chat:edit", { messageId: sent.message.id, content: `${other.tag} edited secret` });
      await request(insider, "chat:read", { spaceId: other.space.id });
      // The sender's own socket hears its changes, so the others have had the same time to hear them.
      await eventually(() => expect(insiderHeard.join("\n")).toContain("edited secret"));
      for (const seen of heard) expect(leakedMarker(seen.join("\n"), markersOf(other))).toBeUndefined();
    },
    SLOW,
  );
});

describe("typing, which is passed on with no answer", () => {
  test(
    "a signal about a space its user may not see reaches nobody in it",
    async () => {
      const { owner, clientOwner, memberOut } = other.people;
      const listener = await connectAs(owner);
      const heard: Array<{ spaceId: string; userId: string }> = [];
      listener.on(SPACE_TYPING_EVENT, (signal: { spaceId: string; userId: string }) => heard.push(signal));
      // Another agency's people, an administrator, and a team member of the agency in neither space.
      const outsiders = [...Object.values(home.people), await createAdmin(), memberOut];
      for (const user of outsiders) {
        const socket = await connectAs(user);
        socket.emit(TYPING_EVENT, { spaceId: other.space.id, typing: true });
        socket.emit(TYPING_EVENT, { spaceId: other.hiddenSpace.id, typing: true });
      }
      // Sent after every outsider's, on the same instance: once the owner hears it, theirs had their turn.
      const insider = await connectAs(clientOwner);
      insider.emit(TYPING_EVENT, { spaceId: other.space.id, typing: true });
      await eventually(() => expect(heard.map((signal) => signal.userId)).toContain(clientOwner.id));
      expect(heard.filter((signal) => signal.userId !== clientOwner.id)).toEqual([]);
    },
    SLOW,
  );
});

describe("the handshake", () => {
  async function refusal(cookie: string) {
    return connectClient(origin, cookie).then(
      () => "connected",
      (error: Error) => error.message,
    );
  }

  test(
    "signed out, with a forged cookie or with another user's session id unsigned, no socket is opened",
    async () => {
      expect(await refusal("")).toBe("unauthorized");
      expect(await refusal("__session=forged.value")).toBe("unauthorized");
      await sessionCookie(home.people.owner);
      const { id } = await db.selectFrom("sessions").select("id").limit(1).executeTakeFirstOrThrow();
      expect(await refusal(`__session=${id}`)).toBe("unauthorized");
    },
    SLOW,
  );
});
