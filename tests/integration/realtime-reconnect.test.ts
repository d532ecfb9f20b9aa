import crypto from "node:crypto";
import { io as connect } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { keepConnected } from "~/components/realtime/keep-connected";
import { deleteSession } from "~/models/sessions.server";
import { db } from "~/services/db.server";
import { startLiveChat } from "#tests/support/live-chat";
import {
  closeClients,
  connectClient,
  eventually,
  request,
  sessionCookie,
  startRealtimeServer,
  stopRealtimeServers,
} from "#tests/support/sockets";
import { clientSpace } from "#tests/support/space-worlds";

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

/** The browser's socket (it reconnects after a dropped connection) with the live chat on it. */
function browser(cookie: string, spaceId: string, at = origin) {
  const socket = connect(at, {
    transports: ["websocket"],
    extraHeaders: { origin: at, cookie },
    reconnectionDelay: 100,
    reconnectionDelayMax: 500,
  });
  const problems: Array<string | null> = [];
  let connects = 0;
  socket.on("connect", () => connects++);
  const { chat, applied } = startLiveChat(socket, spaceId);
  keepConnected(socket, { onProblem: (words) => problems.push(words) });
  return { socket, chat, applied, problems, connects: () => connects };
}

describe("a refusal that passes", () => {
  test("a socket whose rooms could not be joined connects again by itself and gets the space's changes", async () => {
    const { owner, alice, launch } = await clientSpace();
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
    const { alice, launch } = await clientSpace();
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
    const { alice, launch } = await clientSpace();
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
    const { alice, launch } = await clientSpace();
    const person = browser(await sessionCookie(alice), launch.id);
    try {
      await eventually(() => expect(person.socket.connected).toBe(true));
      const { id } = await db
        .selectFrom("sessions")
        .select("id")
        .where("user_id", "=", alice.id)
        .executeTakeFirstOrThrow();
      const disconnected = new Promise((resolve) => person.socket.once("disconnect", resolve));
      await deleteSession(id);
      // From before the browser hears of it, the clock of its timers is the test's (socket.io keeps
      // its own), so that whatever wait it would connect again after passes at once.
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"], shouldClearNativeTimers: true });
      await disconnected;
      vi.advanceTimersByTime(60_000);
      // It has not so much as begun to connect.
      expect(person.socket.active).toBe(false);
      expect(person.connects()).toBe(1);
    } finally {
      vi.useRealTimers();
      person.chat.stop();
      person.socket.close();
    }
  });
});
