import crypto from "node:crypto";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { db } from "~/services/db.server";
import type { SpaceChange } from "~/shared/protocol";
import * as chatResource from "~/routes/resources.chat.$spaceId";
import { call, postRequest } from "#tests/support/requests";
import {
  closeClients,
  connectClient,
  eventually,
  record,
  request,
  roundTrip,
  sessionCookie,
  startRealtimeServer,
  stopRealtimeServers,
} from "#tests/support/sockets";
import { clientSpace } from "#tests/support/space-worlds";

/* The live chat's limits, against real socket.io clients: a flood is refused, a person chatting is not. */
let origin: string;
beforeAll(async () => {
  origin = await startRealtimeServer();
});

afterEach(() => {
  vi.useRealTimers();
  return closeClients();
});

afterAll(async () => {
  await stopRealtimeServers();
});

const TOO_MANY_REQUESTS = "Too many requests. Please wait a moment and try again.";
const TOO_MANY_REACTIONS = "Too many reactions. Please wait a moment and try again.";

type Answer = { ok: boolean; error?: string; [key: string]: unknown };
type Live = { spaceId: string; change: SpaceChange };

async function world() {
  const connectAs = async (user: { id: string }) => connectClient(origin, await sessionCookie(user));
  return { ...(await clientSpace()), connectAs };
}

/** Emits all at once, as a script in the browser's console would, and collects every answer. */
function flood(socket: Socket, count: number, event: string, payload: (index: number) => unknown) {
  return Promise.all(
    Array.from({ length: count }, (_, index) => socket.timeout(30_000).emitWithAck(event, payload(index))),
  ) as Promise<Answer[]>;
}

const send = (spaceId: string) => (index: number) => ({ spaceId, clientId: crypto.randomUUID(), content: `#${index}` });

function tally(answers: Answer[]) {
  return {
    ok: answers.filter((answer) => answer.ok).length,
    errors: new Set(answers.filter((answer) => !answer.ok).map((answer) => answer.error)),
  };
}

const secondsSince = (started: number) => Math.ceil((performance.now() - started) / 1000);

const changesOf = (spaceId: string, kind: string) =>
  db.selectFrom("space_changes").select("seq").where("space_id", "=", spaceId).where("kind", "=", kind).execute();

describe("a flood over the socket", () => {
  test("1,000 reactions in one second: most are refused, few are stored, and the room stays in step", async () => {
    const { owner, alice, launch, connectAs } = await world();
    const [ownerSocket, aliceSocket] = await Promise.all([connectAs(owner), connectAs(alice)]);
    const sent = await request<{ message: { id: string }; seq: number }>(ownerSocket, "chat:send", {
      spaceId: launch.id,
      clientId: crypto.randomUUID(),
      content: "React to this",
    });
    const toOwner = record<Live>(ownerSocket, "space:change");

    const started = performance.now();
    const answers = await flood(aliceSocket, 1_000, "chat:react", () => ({
      messageId: sent.message.id,
      reaction: "heart",
    }));
    const { ok, errors } = tally(answers);

    expect(ok).toBeGreaterThanOrEqual(10);
    // A message's toggles come 10 at once, then one every 5 seconds.
    expect(ok).toBeLessThanOrEqual(10 + secondsSince(started) / 5);
    expect([...errors].every((error) => error === TOO_MANY_REQUESTS || error === TOO_MANY_REACTIONS)).toBe(true);
    const stored = await changesOf(launch.id, "reaction.changed");
    expect(stored).toHaveLength(ok);
    // Someone who was looking away catches up with the changes, not with a reload.
    const caughtUp = await request(ownerSocket, "chat:sync", { spaceId: launch.id, afterSeq: sent.seq });
    expect(caughtUp).toMatchObject({ ok: true, reload: false, lastSeq: sent.seq + ok });
    // The owner heard each stored change once, and no more: every one was broadcast before his sync was answered.
    expect(toOwner.filter(({ change }) => change.kind === "reaction.changed")).toHaveLength(ok);
  });

  test("one socket's burst of events is refused past its allowance, and a refused message is not stored", async () => {
    const { alice, launch, connectAs } = await world();
    const socket = await connectAs(alice);
    const otherTab = await connectAs(alice);
    const toRoom = record<Live>(otherTab, "space:change");
    const started = performance.now();
    // Events the server cannot use cost it nothing but still count; a real message follows them.
    const junk = flood(socket, 150, "chat:read", () => ({}));
    const message = socket.timeout(30_000).emitWithAck("chat:send", send(launch.id)(0)) as Promise<Answer>;
    const answers = await junk;
    const heard = answers.filter((answer) => answer.error === "This request was not understood.").length;

    // 60 at once, then 5 a second.
    expect(heard).toBeGreaterThanOrEqual(60);
    expect(heard).toBeLessThanOrEqual(60 + secondsSince(started) * 5);
    expect(answers.filter((answer) => answer.error === TOO_MANY_REQUESTS)).toHaveLength(150 - heard);
    expect(await message).toEqual({ ok: false, error: TOO_MANY_REQUESTS });
    expect(await changesOf(launch.id, "message.created")).toHaveLength(0);
    // Her other tab is answered after anything broadcast to the room meanwhile.
    await roundTrip(otherTab);
    expect(toRoom).toEqual([]);
  });

  test("a user's sockets share one allowance, so more sockets do not buy more events", async () => {
    const { alice, connectAs } = await world();
    const sockets = await Promise.all(Array.from({ length: 8 }, () => connectAs(alice)));
    const started = performance.now();
    // Events the server cannot use cost it nothing but still count: each socket stays inside its own 60.
    const answers = (await Promise.all(sockets.map((socket) => flood(socket, 50, "chat:read", () => ({}))))).flat();
    const heard = answers.filter((answer) => answer.error === "This request was not understood.").length;

    // 120 at once, then 10 a second.
    expect(heard).toBeGreaterThanOrEqual(120);
    expect(heard).toBeLessThanOrEqual(120 + secondsSince(started) * 10);
    expect(answers.filter((answer) => answer.error === TOO_MANY_REQUESTS)).toHaveLength(400 - heard);
  });

  test("a user's sockets and their HTTP posts draw on one allowance", async () => {
    const { alice, launch, connectAs } = await world();
    const [first, second] = await Promise.all([connectAs(alice), connectAs(alice)]);
    const cookie = await sessionCookie(alice);
    const post = (fields: Record<string, string>) =>
      call(chatResource.action, postRequest(`/resources/chat/${launch.id}`, fields, cookie), { spaceId: launch.id });
    // The allowance regains 10 a second; its clock stands still here, so the count is exact.
    vi.useFakeTimers({ toFake: ["performance"] });
    // Half of the user's 120 over one socket (all of that socket's 60), half over HTTP.
    const overSocket = await flood(first, 60, "chat:read", () => ({}));
    expect(overSocket.filter((answer) => answer.error === "This request was not understood.")).toHaveLength(60);
    const overHttp = [];
    for (let index = 0; index < 60; index++) overHttp.push((await post({})).status);
    expect(overHttp).toEqual(Array(60).fill(400));

    const posted = await post({ intent: "send", clientId: crypto.randomUUID(), content: "Over HTTP" });
    expect(posted.status).toBe(429);
    expect(await posted.text()).toBe(TOO_MANY_REQUESTS);
    expect(await request(second, "chat:send", send(launch.id)(1))).toEqual({ ok: false, error: TOO_MANY_REQUESTS });
    expect(await changesOf(launch.id, "message.created")).toHaveLength(0);
  });

  test("a person chatting never meets a limit: ten messages at once, reactions, reads and syncs", async () => {
    const { owner, alice, launch, connectAs } = await world();
    const [ownerSocket, aliceSocket] = await Promise.all([connectAs(owner), connectAs(alice)]);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => request<Answer>(aliceSocket, "chat:send", send(launch.id)(index))),
    );
    const ids = answers.map((answer) => (answer.message as { id: string }).id);
    for (const messageId of ids.slice(0, 5)) {
      answers.push(await request<Answer>(ownerSocket, "chat:react", { messageId, reaction: "thumbsup" }));
    }
    // Changing one's mind a few times on the same message.
    for (const reaction of ["heart", "heart", "smile", "smile", "heart"]) {
      answers.push(await request<Answer>(aliceSocket, "chat:react", { messageId: ids[0], reaction }));
    }
    answers.push(await request<Answer>(ownerSocket, "chat:read", { spaceId: launch.id }));
    answers.push(await request<Answer>(ownerSocket, "chat:sync", { spaceId: launch.id, afterSeq: 0 }));

    expect(answers.filter((answer) => !answer.ok)).toEqual([]);
    expect(await changesOf(launch.id, "message.created")).toHaveLength(10);
  });
});

function open(at: string, headers: Record<string, string>) {
  const socket = connect(at, { transports: ["websocket"], extraHeaders: headers, reconnection: false });
  return new Promise<{ socket: Socket; error?: string }>((resolve) => {
    socket.once("connect", () => resolve({ socket }));
    socket.once("connect_error", (error) => resolve({ socket, error: error.message }));
  });
}

describe("connections", () => {
  test("a user holds at most 20 sockets on an instance; closing one makes room", async () => {
    const { alice } = await world();
    const cookie = await sessionCookie(alice);
    const opened = await Promise.all(Array.from({ length: 20 }, () => open(origin, { origin, cookie })));
    expect(opened.map(({ error }) => error ?? "connected")).toEqual(Array(20).fill("connected"));

    const refused = await open(origin, { origin, cookie });
    expect(refused.error).toBe("Too many open windows. Please close one and try again.");
    refused.socket.close();

    opened[0].socket.close();
    await eventually(async () => {
      const again = await open(origin, { origin, cookie });
      again.socket.close();
      expect(again.error).toBeUndefined();
    });
    for (const { socket } of opened) socket.close();
  });

  test("one address may not open connections without end, whatever X-Forwarded-For it claims", async () => {
    const { alice } = await world();
    const cookie = await sessionCookie(alice);
    const fresh = await startRealtimeServer();
    // The address's bucket regains 2 tokens a second: on a busy machine the storm below can
    // take long enough to refill it. Its clock stands still here; sockets and timers run.
    vi.useFakeTimers({ toFake: ["performance"] });
    // Without a session each costs the server no query, but each still counts against the address.
    const attempts = await Promise.all(
      Array.from({ length: 260 }, (_, index) =>
        open(fresh, { origin: fresh, "x-forwarded-for": `198.51.100.${index % 250}` }),
      ),
    );
    const signedIn = await open(fresh, { origin: fresh, cookie });
    vi.useRealTimers();
    for (const { socket } of [...attempts, signedIn]) socket.close();

    const tooMany = "Too many connections. Please wait a moment and try again.";
    expect(signedIn.error).toBe(tooMany);
    const errors = attempts.map(({ error }) => error);
    expect(errors.filter((error) => error === "unauthorized").length).toBeGreaterThanOrEqual(200);
    expect(errors.filter((error) => error === tooMany).length).toBeGreaterThan(0);
    expect(errors.every((error) => error === "unauthorized" || error === tooMany)).toBe(true);
  });
});
