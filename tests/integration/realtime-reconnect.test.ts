import crypto from "node:crypto";
import { io as connect } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { keepConnected } from "~/components/realtime/keep-connected";
import { LiveChat } from "~/components/chat/live-chat";
import type { SpaceChange } from "~/shared/protocol";
import { deleteSession } from "~/models/sessions.server";
import { db } from "~/services/db.server";
import { createAgency, createClient, createSpace } from "#tests/support/factories";
import {
  MemoryStorage,
  closeClients,
  connectClient,
  eventually,
  request,
  sessionCookie,
  startRealtimeServer,
  stopRealtimeServers,
} from "#tests/support/sockets";

/*
 * The browser's live chat (app/components/chat/live-chat.ts) comes back by itself after a
 * refusal that says "not now", and stays away after one that says "no".
 */

// The rooms' first query fails this many more times (a database hiccup while a socket connects).
const faults = vi.hoisted(() => ({ failingJoins: 0 }));
vi.mock("~/models/space-access.server", async (original) => {
  const actual = await original<typeof import("~/models/space-access.server")>();
  return {
    ...actual,
    visibleSpacesOfEach: async (...args: Parameters<typeof actual.visibleSpacesOfEach>) => {
      if (faults.failingJoins > 0) {
        faults.failingJoins--;
        throw new Error("connection terminated unexpectedly");
      }
      return actual.visibleSpacesOfEach(...args);
    },
  };
});

let origin: string;
beforeAll(async () => {
  origin = await startRealtimeServer();
});

afterEach(() => closeClients());

afterAll(async () => {
  await stopRealtimeServers();
});

async function world() {
  const { owner, agencyId } = await createAgency();
  const { user: alice, client } = await createClient(agencyId, { name: "Alice Client" });
  const launch = await createSpace(agencyId, { name: "Launch", clientIds: [client.id] });
  return { owner, alice, launch };
}

/** The browser's socket (it reconnects after a dropped connection) with the live chat on it. */
function browser(cookie: string, spaceId: string, at = origin) {
  const socket = connect(at, {
    transports: ["websocket"],
    extraHeaders: { origin: at, cookie },
    reconnectionDelay: 100,
    reconnectionDelayMax: 500,
  });
  const applied: SpaceChange[] = [];
  const problems: Array<string | null> = [];
  let connects = 0;
  socket.on("connect", () => connects++);
  const chat = new LiveChat({
    socket,
    spaceId,
    lastSeq: 0,
    storage: new MemoryStorage(),
    onChange: (change) => applied.push(change),
    onReload: () => {},
  });
  chat.start();
  keepConnected(socket, { onProblem: (words) => problems.push(words) });
  return { socket, chat, applied, problems, connects: () => connects };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a refusal that passes", () => {
  test("a socket whose rooms could not be joined connects again by itself and gets the space's changes", async () => {
    const { owner, alice, launch } = await world();
    const ownerSocket = await connectClient(origin, await sessionCookie(owner));
    // Its rooms joined (a sync waits for them), so the fault falls on the browser's.
    await request(ownerSocket, "chat:sync", { spaceId: launch.id, afterSeq: 0 });
    faults.failingJoins = 1;
    const person = browser(await sessionCookie(alice), launch.id);
    try {
      await eventually(() => expect(person.connects()).toBe(2));
      await eventually(() => expect(person.socket.connected).toBe(true));
      await request(ownerSocket, "chat:send", { spaceId: launch.id, clientId: crypto.randomUUID(), content: "Hi" });
      await eventually(() => expect(person.applied.map((change) => change.seq)).toEqual([1]));
    } finally {
      faults.failingJoins = 0;
      person.chat.stop();
      person.socket.close();
    }
  });

  test("a browser refused for too many open windows says so, and connects by itself once one is closed", async () => {
    const { alice, launch } = await world();
    const cookie = await sessionCookie(alice);
    const windows = await Promise.all(Array.from({ length: 20 }, () => connectClient(origin, cookie)));
    const person = browser(cookie, launch.id);
    try {
      const tooMany = "Too many open windows. Please close one and try again.";
      await eventually(() => expect(person.problems).toContain(tooMany));
      expect(person.socket.connected).toBe(false);
      windows[0].close();
      await eventually(() => expect(person.socket.connected).toBe(true), 15_000);
      expect(person.problems.at(-1)).toBeNull();
    } finally {
      person.chat.stop();
      person.socket.close();
    }
  });
  test("a browser refused for too many connections from its address says so, and connects by itself later", async () => {
    const { alice, launch } = await world();
    const fresh = await startRealtimeServer();
    // The address's bucket refills 2 a second: its clock stands still until the browser has been refused.
    vi.useFakeTimers({ toFake: ["performance"] });
    const flood = Array.from({ length: 210 }, () =>
      connect(fresh, { transports: ["websocket"], extraHeaders: { origin: fresh }, reconnection: false }),
    );
    const person = browser(await sessionCookie(alice), launch.id, fresh);
    try {
      await eventually(() =>
        expect(person.problems).toContain("Too many connections. Please wait a moment and try again."),
      );
      vi.useRealTimers();
      await eventually(() => expect(person.socket.connected).toBe(true), 15_000);
      expect(person.problems.at(-1)).toBeNull();
    } finally {
      vi.useRealTimers();
      for (const socket of flood) socket.close();
      person.chat.stop();
      person.socket.close();
    }
  });
});

describe("a refusal that does not pass", () => {
  test("a browser whose session was signed out stays disconnected", async () => {
    const { alice, launch } = await world();
    const person = browser(await sessionCookie(alice), launch.id);
    try {
      await eventually(() => expect(person.socket.connected).toBe(true));
      const { id } = await db
        .selectFrom("sessions")
        .select("id")
        .where("user_id", "=", alice.id)
        .executeTakeFirstOrThrow();
      await deleteSession(id);
      await eventually(() => expect(person.socket.connected).toBe(false));
      await pause(1_500);
      expect(person.connects()).toBe(1);
      expect(person.socket.connected).toBe(false);
    } finally {
      person.chat.stop();
      person.socket.close();
    }
  });
});
