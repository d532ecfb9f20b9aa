import crypto from "node:crypto";
import type { Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { sendMessage } from "~/models/message-sending.server";
import { assignTeamMember, removeClientFromSpace } from "~/models/space-assignments.server";
import { sql } from "kysely";
import { db } from "~/services/db.server";
import type { SpaceChange } from "~/shared/protocol";
import { actorOf, createSpace, createTeamMember } from "#tests/support/factories";
import { startLiveChat } from "#tests/support/live-chat";
import {
  closeClients,
  connectClient,
  connectInRooms,
  eventually,
  record,
  request,
  roundTrip,
  sessionCookie,
  startRealtimeServer,
  stopRealtimeServers,
} from "#tests/support/sockets";
import { twoSpaces } from "#tests/support/space-worlds";

/* The chat over real socket.io clients, against the app's handlers on a real HTTP server. */
let origin: string;

beforeAll(async () => {
  origin = await startRealtimeServer();
});

afterEach(() => closeClients());

afterAll(async () => {
  await stopRealtimeServers();
});

type Answer = { ok: boolean; error?: string; [key: string]: unknown };
type Live = { spaceId: string; change: SpaceChange };

/** An agency with two spaces, Alice a client in Launch and Bob in Rebrand, another agency's owner, and their sockets in their rooms. */
async function world() {
  const { inLaunch, ...rest } = await twoSpaces("Alice Client");
  const connectAs = (user: { id: string }) => connectInRooms(origin, user);
  return { ...rest, alice: inLaunch.user, aliceClient: inLaunch.client, connectAs };
}

function send(socket: Socket, spaceId: string, content: string, clientId: string = crypto.randomUUID()) {
  return request<Answer & { message: { id: string; content: string }; seq: number; duplicate: boolean }>(
    socket,
    "chat:send",
    { spaceId, clientId, content },
  );
}

/** Ends this process's LISTEN connection (as a Postgres restart would); the adapter makes it again. */
async function terminateListen() {
  const { rows } = await sql`select pg_terminate_backend(pid) from pg_stat_activity
    where datname = current_database() and query like 'LISTEN%'`.execute(db);
  expect(rows.length).toBeGreaterThan(0);
}

async function storedMessages(spaceId: string) {
  return db
    .selectFrom("space_messages")
    .select(["id", "client_id", "content"])
    .where("space_id", "=", spaceId)
    .execute();
}

describe("the chat over the socket", () => {
  test("a message reaches the sockets of its space's members and no one else", async () => {
    const { owner, alice, bob, stranger, launch, rebrand, connectAs } = await world();
    const [ownerSocket, aliceSocket, bobSocket, strangerSocket] = await Promise.all(
      [owner, alice, bob, stranger].map(connectAs),
    );
    const toAlice = record<Live>(aliceSocket, "space:change");
    const toBob = record<Live>(bobSocket, "space:change");
    const toStranger = record<Live>(strangerSocket, "space:change");

    const sent = await send(ownerSocket, launch.id, "Kick-off is on Monday");
    expect(sent).toMatchObject({ ok: true, seq: 1, duplicate: false, message: { content: "Kick-off is on Monday" } });
    // A later message in Bob's own space: once it is there, anything for Launch would have been too.
    await send(ownerSocket, rebrand.id, "New logo drafts");

    await eventually(() => expect(toBob).toHaveLength(1));
    await Promise.all([aliceSocket, strangerSocket].map(roundTrip));
    expect(toAlice).toEqual([
      { spaceId: launch.id, change: expect.objectContaining({ seq: 1, kind: "message.created" }) },
    ]);
    expect(toAlice[0].change.payload).toMatchObject({ content: "Kick-off is on Monday" });
    expect(toBob.map((event) => event.spaceId)).toEqual([rebrand.id]);
    expect(toStranger).toEqual([]);
  });

  test("another agency's user can neither read nor write a space, and learns nothing about it", async () => {
    const { owner, stranger, launch, connectAs } = await world();
    const ownerSocket = await connectAs(owner);
    await send(ownerSocket, launch.id, "Private plans");
    const strangerSocket = await connectAs(stranger);
    const live = record<Live>(strangerSocket, "space:change");

    expect(await request(strangerSocket, "chat:sync", { spaceId: launch.id, afterSeq: 0 })).toEqual({
      ok: false,
      error: "Space not found",
    });
    expect(await send(strangerSocket, launch.id, "Let me in")).toEqual({ ok: false, error: "Space not found" });
    expect(await request(strangerSocket, "chat:sync", { spaceId: "not-a-uuid", afterSeq: 0 })).toEqual({
      ok: false,
      error: "Space not found",
    });

    await send(ownerSocket, launch.id, "More private plans");
    await roundTrip(strangerSocket);
    expect(live).toEqual([]);
    expect((await storedMessages(launch.id)).map((message) => message.content)).toEqual([
      "Private plans",
      "More private plans",
    ]);
  });

  test("a send retried with the same client id is stored and announced once", async () => {
    const { owner, alice, launch, connectAs } = await world();
    const [ownerSocket, aliceSocket] = await Promise.all([connectAs(owner), connectAs(alice)]);
    const toAlice = record<Live>(aliceSocket, "space:change");
    const clientId = crypto.randomUUID();

    const first = await send(ownerSocket, launch.id, "Only once, please", clientId);
    const again = await send(ownerSocket, launch.id, "Only once, please", clientId);

    expect(again).toMatchObject({ ok: true, duplicate: true, seq: first.seq, message: { id: first.message.id } });
    expect(await storedMessages(launch.id)).toHaveLength(1);
    // The next message reaches her after anything the retry would have announced.
    const next = await send(ownerSocket, launch.id, "And the next one");
    await eventually(() => expect(toAlice.map(({ change }) => change.messageId)).toContain(next.message.id));
    expect(toAlice.map(({ change }) => change.seq)).toEqual([1, 2]);
  });

  test("a reaction and a read receipt reach the room, each with its number", async () => {
    const { owner, alice, launch, connectAs } = await world();
    const [ownerSocket, aliceSocket] = await Promise.all([connectAs(owner), connectAs(alice)]);
    const toOwner = record<Live>(ownerSocket, "space:change");
    const { message } = await send(ownerSocket, launch.id, "Thoughts on the moodboard?");

    expect(await request(aliceSocket, "chat:react", { messageId: message.id, reaction: "thumbsup" })).toMatchObject({
      ok: true,
      reactions: { thumbsup: [alice.id] },
    });
    expect(await request(aliceSocket, "chat:read", { spaceId: launch.id })).toMatchObject({
      ok: true,
      userId: alice.id,
      change: { kind: "read.advanced", seq: 3 },
    });

    await eventually(() =>
      expect(toOwner.map(({ change }) => [change.seq, change.kind])).toEqual([
        [1, "message.created"],
        [2, "reaction.changed"],
        [3, "read.advanced"],
      ]),
    );
    expect(toOwner[1].change.payload).toMatchObject({ messageId: message.id, reactions: { thumbsup: [alice.id] } });
    expect(toOwner[2].change.payload).toMatchObject({ userId: alice.id, user: { name: "Alice Client" } });
  });

  test("a refused action is answered in the model's words and changes nothing", async () => {
    const { owner, alice, launch, connectAs } = await world();
    const [ownerSocket, aliceSocket] = await Promise.all([connectAs(owner), connectAs(alice)]);
    const { message } = await send(ownerSocket, launch.id, "Owner's words");

    expect(await send(aliceSocket, launch.id, "   ")).toEqual({ ok: false, error: "Message cannot be empty." });
    expect(await request(aliceSocket, "chat:edit", { messageId: message.id, content: "Alice's words" })).toEqual({
      ok: false,
      error: "Could not edit message. Make sure you're the sender of this message.",
    });
    expect(await request(aliceSocket, "chat:delete", { messageId: message.id })).toEqual({
      ok: false,
      error: "Could not delete message. Make sure you're the sender of this message.",
    });
    expect(await request(aliceSocket, "chat:send", { spaceId: launch.id })).toEqual({
      ok: false,
      error: "Could not send message.",
    });
    // Text that is not text: the words the edit gives it, never zod's English.
    expect(await request(aliceSocket, "chat:send", { spaceId: launch.id, clientId: "c1", content: 42 })).toEqual({
      ok: false,
      error: "Message cannot be empty.",
    });
    expect(await request(aliceSocket, "chat:send", "not an object")).toEqual({
      ok: false,
      error: "This request was not understood.",
    });
    // The form's rule and words: the socket takes no more text than the form does.
    const tooLong = "x".repeat(10_001);
    expect(await send(aliceSocket, launch.id, tooLong)).toEqual({
      ok: false,
      error: "Message must be at most 10,000 characters.",
    });
    expect(await request(aliceSocket, "chat:edit", { messageId: message.id, content: tooLong })).toEqual({
      ok: false,
      error: "Message must be at most 10,000 characters.",
    });
    expect((await storedMessages(launch.id)).map((stored) => stored.content)).toEqual(["Owner's words"]);
  });

  test("after a reconnect, a sync replays exactly the changes missed, edits and deletes included", async () => {
    const { owner, alice, launch, connectAs } = await world();
    const ownerSocket = await connectAs(owner);
    const first = await send(ownerSocket, launch.id, "First");

    const away = await connectAs(alice);
    expect(await request(away, "chat:sync", { spaceId: launch.id, afterSeq: 0 })).toMatchObject({
      ok: true,
      lastSeq: 1,
      changes: [{ seq: 1, kind: "message.created" }],
    });
    away.close();

    const second = await send(ownerSocket, launch.id, "Second");
    await request(ownerSocket, "chat:edit", { messageId: first.message.id, content: "First, edited" });
    await request(ownerSocket, "chat:delete", { messageId: second.message.id });
    await request(ownerSocket, "chat:react", { messageId: first.message.id, reaction: "heart" });

    const back = await connectAs(alice);
    const replay = await request<{ ok: true; changes: SpaceChange[]; lastSeq: number }>(back, "chat:sync", {
      spaceId: launch.id,
      afterSeq: 1,
    });
    expect(replay.lastSeq).toBe(5);
    expect(replay.changes.map(({ seq, kind, messageId }) => ({ seq, kind, messageId }))).toEqual([
      { seq: 2, kind: "message.created", messageId: second.message.id },
      { seq: 3, kind: "message.edited", messageId: first.message.id },
      { seq: 4, kind: "message.deleted", messageId: second.message.id },
      { seq: 5, kind: "reaction.changed", messageId: first.message.id },
    ]);
    expect(replay.changes[1].payload).toMatchObject({ content: "First, edited" });
  });

  test("a client that missed too much is told to reload", async () => {
    const { owner, alice, launch, connectAs } = await world();
    // Through the model, as the page's form would: the socket refuses a script's pace (realtime-limits.test.ts).
    const ownerActor = await actorOf(owner);
    for (let index = 0; index < 201; index++) {
      await sendMessage(ownerActor, launch.id, { clientId: crypto.randomUUID(), content: `Message ${index}` });
    }
    const aliceSocket = await connectAs(alice);
    expect(await request(aliceSocket, "chat:sync", { spaceId: launch.id, afterSeq: 0 })).toEqual({
      ok: true,
      reload: true,
    });
    expect(await request(aliceSocket, "chat:sync", { spaceId: launch.id, afterSeq: 1 })).toMatchObject({
      ok: true,
      lastSeq: 201,
    });
  });

  test("a client removed from the space leaves its room at once, and is not put back on reconnect", async () => {
    const { owner, alice, aliceClient, launch, connectAs } = await world();
    const [ownerSocket, aliceSocket] = await Promise.all([connectAs(owner), connectAs(alice)]);
    const toAlice = record<Live>(aliceSocket, "space:change");
    const removed = record<{ spaceId: string }>(aliceSocket, "space:access-removed");
    await send(ownerSocket, launch.id, "Before");
    await eventually(() => expect(toAlice).toHaveLength(1));

    await removeClientFromSpace(await actorOf(owner), launch.id, aliceClient.id);
    await eventually(() => expect(removed).toEqual([{ spaceId: launch.id }]));
    await send(ownerSocket, launch.id, "After");

    expect(await request(aliceSocket, "chat:sync", { spaceId: launch.id, afterSeq: 1 })).toEqual({
      ok: false,
      error: "Space not found",
    });
    // Answered after "After" was broadcast: had she still been in the room, it would have come first.
    expect(toAlice).toHaveLength(1);

    // Reconnecting checks again: the new socket is not put back in the room.
    const again = await connectAs(alice);
    const toAliceAgain = record<Live>(again, "space:change");
    await send(ownerSocket, launch.id, "After she reconnected");
    await roundTrip(again);
    expect(toAliceAgain).toEqual([]);
  });

  test("a sync refused as not found takes the socket out of that space's room, and out of every other it lost", async () => {
    const { owner, alice, aliceClient, launch, agencyId, stranger, connectAs } = await world();
    const extra = await createSpace(agencyId, { name: "Extra", clientIds: [aliceClient.id] });
    const [ownerSocket, aliceSocket, strangerSocket] = await Promise.all([owner, alice, stranger].map(connectAs));
    const toAlice = record<Live>(aliceSocket, "space:change");
    const removed = record<{ spaceId: string }>(aliceSocket, "space:access-removed");
    const toStranger = record<Live>(strangerSocket, "space:change");
    // Once her rooms are joined, Alice is taken out of both spaces, and the room leaves never
    // reach her instance (broadcast by another instance while this one could not listen).
    await request(aliceSocket, "chat:sync", { spaceId: launch.id, afterSeq: 0 });
    await db.deleteFrom("space_clients").where("client_id", "=", aliceClient.id).execute();

    expect(await request(aliceSocket, "chat:sync", { spaceId: launch.id, afterSeq: 0 })).toEqual({
      ok: false,
      error: "Space not found",
    });
    expect(removed).toEqual([{ spaceId: extra.id }]);
    // A user of another agency asking about the space is refused, and is not put in its room either.
    expect(await request(strangerSocket, "chat:sync", { spaceId: launch.id, afterSeq: 0 })).toEqual({
      ok: false,
      error: "Space not found",
    });
    await send(ownerSocket, launch.id, "Launch, after Alice left");
    await send(ownerSocket, extra.id, "Extra, after Alice left");
    await Promise.all([aliceSocket, strangerSocket].map(roundTrip));
    expect(toAlice).toEqual([]);
    expect(toStranger).toEqual([]);
    expect(aliceSocket.connected).toBe(true);
  });

  test("a client removed from the space cannot send from the socket they still hold, nor from a retry", async () => {
    const { owner, alice, aliceClient, launch, connectAs } = await world();
    const [ownerSocket, aliceSocket] = await Promise.all([connectAs(owner), connectAs(alice)]);
    const toOwner = record<Live>(ownerSocket, "space:change");
    const clientId = crypto.randomUUID();
    await send(aliceSocket, launch.id, "Before", clientId);
    // A removal this instance never hears of: her socket stays in the room, with the actor of its handshake.
    await db.deleteFrom("space_clients").where("client_id", "=", aliceClient.id).execute();

    expect(await send(aliceSocket, launch.id, "After")).toEqual({ ok: false, error: "Space not found" });
    expect(await send(aliceSocket, launch.id, "Before", clientId)).toEqual({ ok: false, error: "Space not found" });
    expect((await storedMessages(launch.id)).map((message) => message.content)).toEqual(["Before"]);
    // The owner's next message reaches him after anything her refused sends would have announced.
    const next = await send(ownerSocket, launch.id, "Still here");
    await eventually(() => expect(toOwner.map(({ change }) => change.messageId)).toContain(next.message.id));
    expect(toOwner.map((event) => event.change.seq)).toEqual([1, 2]);
  });

  test("a sync refused after the user's session ended elsewhere disconnects the socket", async () => {
    const { alice, aliceClient, launch, connectAs } = await world();
    const aliceSocket = await connectAs(alice);
    // The browser's first sync after connecting, which the handshake's own check of a moment ago answers.
    await request(aliceSocket, "chat:sync", { spaceId: launch.id, afterSeq: 0 });
    const disconnected = new Promise<string>((resolve) => aliceSocket.on("disconnect", resolve));
    // A sign-out everywhere (a password reset) and a removal, neither heard by this instance.
    await db.deleteFrom("sessions").where("user_id", "=", alice.id).execute();
    await db.deleteFrom("space_clients").where("client_id", "=", aliceClient.id).execute();

    void aliceSocket.emit("chat:sync", { spaceId: launch.id, afterSeq: 0 }, () => {});
    expect(await disconnected).toBe("io server disconnect");
  });

  test("a session that merely expires keeps its socket, whose rooms are still checked; its next handshake is refused", async () => {
    const { alice, aliceClient, launch, agencyId } = await world();
    const extra = await createSpace(agencyId, { name: "Extra", clientIds: [aliceClient.id] });
    const cookie = await sessionCookie(alice);
    const aliceSocket = await connectClient(origin, cookie);
    const removed = record<{ spaceId: string }>(aliceSocket, "space:access-removed");
    await request(aliceSocket, "chat:sync", { spaceId: launch.id, afterSeq: 0 });
    await db
      .updateTable("sessions")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("user_id", "=", alice.id)
      .execute();
    await db.deleteFrom("space_clients").where("client_id", "=", aliceClient.id).execute();

    expect(await request(aliceSocket, "chat:sync", { spaceId: launch.id, afterSeq: 0 })).toEqual({
      ok: false,
      error: "Space not found",
    });
    expect(removed).toEqual([{ spaceId: extra.id }]);
    expect(aliceSocket.connected).toBe(true);
    await expect(connectClient(origin, cookie)).rejects.toThrow("unauthorized");
  });

  test.skipIf(!process.env.TEST_DATABASE_URL)(
    "after this instance listens again, the room leaves and sign-outs it missed are made good",
    async () => {
      const { owner, alice, aliceClient, bob, stranger, launch, rebrand, connectAs } = await world();
      const [ownerSocket, aliceSocket, bobSocket, strangerSocket] = await Promise.all(
        [owner, alice, bob, stranger].map(connectAs),
      );
      const toAlice = record<Live>(aliceSocket, "space:change");
      const removed = record<{ spaceId: string }>(aliceSocket, "space:access-removed");
      const toStranger = record<Live>(strangerSocket, "space:change");
      const bobGone = new Promise<string>((resolve) => bobSocket.on("disconnect", resolve));
      // Once their rooms are joined: while this instance could not listen, another removed
      // Alice from Launch and signed Bob out everywhere.
      await request(aliceSocket, "chat:sync", { spaceId: launch.id, afterSeq: 0 });
      await request(bobSocket, "chat:sync", { spaceId: rebrand.id, afterSeq: 0 });
      await db.deleteFrom("space_clients").where("client_id", "=", aliceClient.id).execute();
      await db.deleteFrom("sessions").where("user_id", "=", bob.id).execute();
      await terminateListen();

      await eventually(() => expect(removed).toEqual([{ spaceId: launch.id }]));
      expect(await bobGone).toBe("io server disconnect");
      await send(ownerSocket, launch.id, "After Alice left");
      await send(ownerSocket, rebrand.id, "After Bob left");
      await Promise.all([aliceSocket, strangerSocket].map(roundTrip));
      expect(toAlice).toEqual([]);
      expect(toStranger).toEqual([]);
      expect(aliceSocket.connected).toBe(true);
      expect(strangerSocket.connected).toBe(true);
    },
  );

  test("a team member assigned after connecting joins the space's room with their first sync", async () => {
    const { owner, launch, agencyId, connectAs } = await world();
    const { user: terry, member } = await createTeamMember(agencyId);
    const [ownerSocket, terrySocket] = await Promise.all([connectAs(owner), connectAs(terry)]);
    const toTerry = record<Live>(terrySocket, "space:change");

    await assignTeamMember(await actorOf(owner), launch.id, member.id);
    expect(await request(terrySocket, "chat:sync", { spaceId: launch.id, afterSeq: 0 })).toMatchObject({
      ok: true,
      lastSeq: 0,
    });
    await send(ownerSocket, launch.id, "Welcome, Terry");
    await eventually(() => expect(toTerry.map((event) => event.change.seq)).toEqual([1]));
  });
});

describe("the browser's live chat (app/components/chat/live-chat.ts)", () => {
  test("loads the page again when a sync is refused because the space is no longer the user's", async () => {
    const { alice, aliceClient, launch, connectAs } = await world();
    const socket = await connectAs(alice);
    // Removed from the space, the room leave never heard by this instance.
    await db.deleteFrom("space_clients").where("client_id", "=", aliceClient.id).execute();
    let reloads = 0;
    const { chat } = startLiveChat(socket, launch.id, { onReload: () => reloads++ });
    await chat.sync();
    chat.stop();
    expect(reloads).toBeGreaterThan(0);
  });

  test("applies every change once and in order, across a reconnect", async () => {
    const { owner, alice, launch, connectAs } = await world();
    const ownerSocket = await connectAs(owner);
    const cookie = await sessionCookie(alice);
    const aliceSocket = await connectClient(origin, cookie, { reconnect: true });
    const { applied } = startLiveChat(aliceSocket, launch.id);

    await send(ownerSocket, launch.id, "One");
    await eventually(() => expect(applied).toHaveLength(1));
    aliceSocket.io.engine.close();
    await send(ownerSocket, launch.id, "Two");
    await send(ownerSocket, launch.id, "Three");

    await eventually(() => expect(applied.map((change) => change.seq)).toEqual([1, 2, 3]));
    await send(ownerSocket, launch.id, "Four");
    await eventually(() => expect(applied.map((change) => change.seq)).toEqual([1, 2, 3, 4]));
  });

  test("shows a sent message from its acknowledgement, with no sync, and not again when its broadcast comes late", async () => {
    const { alice, launch } = await world();
    const aliceSocket = await connectClient(origin, await sessionCookie(alice));
    // The broadcast of one's own message can come after the acknowledgement (through Postgres, it usually does).
    const heldBack: Array<() => void> = [];
    const on = aliceSocket.on.bind(aliceSocket);
    aliceSocket.on = ((event: string, listener: (...args: unknown[]) => void) =>
      on(
        event,
        event === "space:change" ? (...args: unknown[]) => void heldBack.push(() => listener(...args)) : listener,
      )) as typeof aliceSocket.on;
    const { chat, applied, pending } = startLiveChat(aliceSocket, launch.id);
    await chat.sync();
    let syncs = 0;
    aliceSocket.onAnyOutgoing((event: string) => void (event === "chat:sync" && syncs++));

    const first = chat.send("First");
    await eventually(() => expect(applied).toHaveLength(1));
    const second = chat.send("Second");
    await eventually(() => expect(applied).toHaveLength(2));
    for (const release of heldBack.splice(0)) release();

    expect(applied.map((change) => [change.seq, change.payload.clientId])).toEqual([
      [1, first.clientId],
      [2, second.clientId],
    ]);
    expect(pending()).toEqual([]);
    expect(syncs).toBe(0);
  });

  test("edits, deletes, reacts and reads over the socket, each change shown from its answer; a refusal in the model's words", async () => {
    const { owner, alice, launch, connectAs } = await world();
    const ownerSocket = await connectAs(owner);
    const aliceSocket = await connectClient(origin, await sessionCookie(alice));
    const { chat, applied } = startLiveChat(aliceSocket, launch.id);
    await chat.sync();
    const { message: owners } = await send(ownerSocket, launch.id, "From the agency");
    await eventually(() => expect(applied).toHaveLength(1));

    expect(await chat.markRead()).toBeNull();
    expect(await chat.react(owners.id, "heart")).toBeNull();
    const mine = chat.send("Draft one");
    await eventually(() => expect(applied).toHaveLength(4));
    const mineId = String((applied[3].payload as { id: string }).id);
    expect(await chat.edit(mineId, "Draft two")).toBeNull();
    expect(await chat.remove(mineId)).toBeNull();
    expect(applied.map((change) => change.kind)).toEqual([
      "message.created",
      "read.advanced",
      "reaction.changed",
      "message.created",
      "message.edited",
      "message.deleted",
    ]);
    expect(applied[4].payload).toMatchObject({ clientId: mine.clientId, content: "Draft two" });

    expect(await chat.edit(owners.id, "Not mine")).toBe(
      "Could not edit message. Make sure you're the sender of this message.",
    );
    expect(await chat.remove(owners.id)).toBe("Could not delete message. Make sure you're the sender of this message.");
    aliceSocket.disconnect();
    expect(await chat.react(owners.id, "smile")).toBe("Failed to edit or delete message. Please try again.");
    expect((await storedMessages(launch.id)).map((stored) => stored.content)).toEqual(["From the agency", ""]);
  });

  test("keeps a message typed offline as Sending…, sends it on reconnect, and marks a refused one failed", async () => {
    const { alice, launch } = await world();
    const cookie = await sessionCookie(alice);
    const aliceSocket = await connectClient(origin, cookie, { reconnect: true });
    const { chat, applied, storage, pending } = startLiveChat(aliceSocket, launch.id);
    await chat.sync();

    aliceSocket.disconnect();
    const typed = chat.send("Written on the train");
    const refused = chat.send("   ");
    expect(pending().map((entry) => entry.status)).toEqual(["sending", "sending"]);
    expect(JSON.parse(storage.getItem(`chat-outbox:${launch.id}`)!)).toHaveLength(2);

    aliceSocket.connect();
    await eventually(() => {
      expect(applied.map((change) => change.payload)).toEqual([expect.objectContaining({ clientId: typed.clientId })]);
      expect(pending()).toEqual([
        expect.objectContaining({ clientId: refused.clientId, status: "failed", error: "Message cannot be empty." }),
      ]);
    });
    expect(JSON.parse(storage.getItem(`chat-outbox:${launch.id}`)!)).toEqual([
      expect.objectContaining({ clientId: refused.clientId, status: "failed" }),
    ]);
    expect(await storedMessages(launch.id)).toEqual([expect.objectContaining({ client_id: typed.clientId })]);
  });
});
