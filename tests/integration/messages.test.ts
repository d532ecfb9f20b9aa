import { Refusal } from "~/models/errors.server";
import { describe, expect, test } from "vitest";
import { listMessages } from "~/models/messages.server";
import { sendMessage } from "~/models/message-sending.server";
import { deleteMessage, editMessage } from "~/models/message-changes.server";
import { removeClientFromSpace, unassignTeamMember } from "~/models/space-assignments.server";
import { changesSince, recordChange, trimChangeLogs } from "~/models/space-changes.server";
import { markRead } from "~/models/space-reads.server";
import { toggleReaction } from "~/models/message-reactions.server";
import { db } from "~/services/db.server";
import { subscribe } from "~/models/events.server";
import type { SpaceChange } from "~/shared/protocol";
import { actorOf, createAgency, createClient, createSpace, createTeamMember } from "#tests/support/factories";

async function world() {
  const agency = await createAgency();
  const designer = await createTeamMember(agency.agencyId, "DESIGNER", { name: "Dana Designer" });
  const idle = await createTeamMember(agency.agencyId, "CONTENT_WRITER", { name: "Ivy Idle" });
  const client = await createClient(agency.agencyId, { role: "OWNER", name: "Cleo Client" });
  const space = await createSpace(agency.agencyId, {
    teamMemberIds: [designer.member.id],
    clientIds: [client.client.id],
  });
  return {
    agency,
    space,
    designer,
    client,
    owner: await actorOf(agency.owner),
    designerActor: await actorOf(designer.user),
    idleActor: await actorOf(idle.user),
    clientActor: await actorOf(client.user),
  };
}

const send = (actor: Awaited<ReturnType<typeof actorOf>>, spaceId: string, content: string, clientId?: string) =>
  sendMessage(actor, spaceId, { clientId: clientId ?? crypto.randomUUID(), content });

async function storedMessages(spaceId: string) {
  return db.selectFrom("space_messages").selectAll().where("space_id", "=", spaceId).orderBy("created_at").execute();
}

async function logOf(spaceId: string) {
  return db
    .selectFrom("space_changes")
    .select(["seq", "kind"])
    .where("space_id", "=", spaceId)
    .orderBy("seq")
    .execute();
}

function collectChanges() {
  const seen: SpaceChange[] = [];
  const stop = subscribe("space.changed", ({ change }) => seen.push(change));
  return { seen, stop };
}

describe("sending messages", () => {
  test("the agency, an assigned team member and a client of the space send; each is logged with the next number", async () => {
    const { space, owner, designerActor, clientActor } = await world();
    const { seen, stop } = collectChanges();
    const first = await send(owner, space.id, "  Welcome aboard  ");
    const second = await send(designerActor, space.id, "Drafts are up");
    const third = await send(clientActor, space.id, "Thanks!");
    stop();

    expect(first).toMatchObject({ seq: 1, duplicate: false, message: { content: "Welcome aboard" } });
    expect(second.message).toMatchObject({ senderName: "Dana Designer", attachment: null, editedAt: null });
    expect(third.seq).toBe(3);
    expect(seen.map((change) => [change.seq, change.kind])).toEqual([
      [1, "message.created"],
      [2, "message.created"],
      [3, "message.created"],
    ]);
    expect(seen[2].payload).toMatchObject({ id: third.message.id, senderName: "Cleo Client", content: "Thanks!" });
    const page = await listMessages(clientActor, space.id);
    expect(page.messages.map((message) => message.content)).toEqual(["Welcome aboard", "Drafts are up", "Thanks!"]);
  });

  test("empty or whitespace-only text is not sent", async () => {
    const { space, owner } = await world();
    for (const content of ["", "   \n\t "]) {
      await expect(send(owner, space.id, content)).rejects.toThrow(new Refusal("Message cannot be empty."));
    }
    expect(await storedMessages(space.id)).toEqual([]);
    expect(await logOf(space.id)).toEqual([]);
  });

  test("a retried send with the same client id stores one message and logs one change", async () => {
    const { space, clientActor } = await world();
    const clientId = crypto.randomUUID();
    const first = await send(clientActor, space.id, "Only once", clientId);
    const [again, concurrent] = await Promise.all([
      send(clientActor, space.id, "Only once", clientId),
      send(clientActor, space.id, "Only once", clientId),
    ]);
    expect(again).toMatchObject({ duplicate: true, seq: first.seq, message: { id: first.message.id } });
    expect(concurrent.message.id).toBe(first.message.id);
    expect(await storedMessages(space.id)).toHaveLength(1);
    expect(await logOf(space.id)).toHaveLength(1);
  });

  test("concurrent sends get gap-free numbers, one per change", async () => {
    const { space, owner, clientActor } = await world();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, index) => send(index % 2 ? owner : clientActor, space.id, `Message ${index}`)),
    );
    expect(results.map((result) => result.seq).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, index) => index + 1),
    );
    const log = await logOf(space.id);
    expect(log.map((change) => Number(change.seq))).toEqual(Array.from({ length: 12 }, (_, index) => index + 1));
    const space_ = await db
      .selectFrom("spaces")
      .select("last_seq")
      .where("id", "=", space.id)
      .executeTakeFirstOrThrow();
    expect(Number(space_.last_seq)).toBe(12);
  });

  test("a reaction given and taken back at once, as a quick second click sends it, ends taken back", async () => {
    const { space, owner, clientActor } = await world();
    const { message } = await send(owner, space.id, "Launch is live");
    for (let round = 0; round < 5; round++) {
      await Promise.all([
        toggleReaction(clientActor, message.id, "thumbsup"),
        toggleReaction(clientActor, message.id, "thumbsup"),
      ]);
      const [shown] = (await listMessages(owner, space.id)).messages;
      expect(shown.reactions.thumbsup).toEqual([]);
    }
  });

  test("messages sent at the same moment to two agencies' spaces are each stored, refused or answered as a retry on their own", async () => {
    const first = await world();
    const second = await world();
    const clientId = crypto.randomUUID();
    // Sent in one turn, so they are stored together (one statement for a burst).
    const results = await Promise.allSettled([
      send(first.owner, first.space.id, "A1"),
      send(second.clientActor, second.space.id, "B1"),
      send(first.clientActor, first.space.id, "A2", clientId),
      send(second.owner, first.space.id, "From another agency"),
      send(first.clientActor, first.space.id, "A2", clientId),
      send(first.designerActor, first.space.id, "A3"),
      send(second.owner, second.space.id, "B2"),
    ]);
    expect(results[3]).toMatchObject({ status: "rejected", reason: { status: 404 } });
    const sent = results.map((result) => (result.status === "fulfilled" ? result.value : null));
    expect([0, 2, 5].map((index) => sent[index]?.seq)).toEqual([1, 2, 3]);
    expect([1, 6].map((index) => sent[index]?.seq)).toEqual([1, 2]);
    expect(sent[4]).toMatchObject({ duplicate: true, seq: 2, message: { id: sent[2]?.message.id } });
    const contents = async (actor: typeof first.owner, spaceId: string) =>
      (await listMessages(actor, spaceId)).messages.map((message) => message.content);
    expect(await contents(first.clientActor, first.space.id)).toEqual(["A1", "A2", "A3"]);
    expect(await contents(second.owner, second.space.id)).toEqual(["B1", "B2"]);
    expect((await logOf(first.space.id)).map((change) => Number(change.seq))).toEqual([1, 2, 3]);
  });

  test("a member's send and read at the same moment both go through, numbered without a gap", async () => {
    const { space, owner, clientActor } = await world();
    const numbers: number[] = [];
    // Each round the client has a new message to read, so the read logs a change too; the send
    // follows the read after a few milliseconds more each round, to meet it at each of its steps.
    for (let round = 0; round < 20; round++) {
      numbers.push((await send(owner, space.id, `Owner ${round}`)).seq);
      const [read, sent] = await Promise.all([
        markRead(clientActor, space.id),
        new Promise((resolve) => setTimeout(resolve, round % 10)).then(() =>
          send(clientActor, space.id, `Client ${round}`),
        ),
      ]);
      numbers.push(sent.seq, ...(read ? [read.seq] : []));
    }
    numbers.sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, index) => index + 1));
    expect((await logOf(space.id)).map((change) => Number(change.seq))).toEqual(numbers);
    expect(await storedMessages(space.id)).toHaveLength(40);
  });

  // PGlite has one connection: its transactions take turns, and this one needs two at once.
  test.skipIf(!process.env.TEST_DATABASE_URL)(
    "two changes logged in one space at once, each after writing a row that refers to the space, both go through",
    async () => {
      const { space, owner, clientActor } = await world();
      // Each transaction first writes a watermark (a row that refers to the space, so Postgres
      // holds a key-share lock on the space's row), waits until the other has too, then logs a
      // change, which locks the space's row to number it. A lock that conflicted with key-share
      // deadlocked the two.
      let arrived = 0;
      let bothWrote: () => void = () => {};
      const gate = new Promise<void>((resolve) => (bothWrote = resolve));
      const results = await Promise.allSettled(
        [owner, clientActor].map((actor) =>
          db.transaction().execute(async (tx) => {
            await tx
              .insertInto("space_reads")
              .values({ space_id: space.id, user_id: actor.id, last_read_at: new Date() })
              .execute();
            if (++arrived === 2) bothWrote();
            await gate;
            return recordChange(tx, { spaceId: space.id, kind: "read.advanced", userId: actor.id, payload: {} });
          }),
        ),
      );
      expect(results.map((result) => result.status)).toEqual(["fulfilled", "fulfilled"]);
      expect((await logOf(space.id)).map((change) => Number(change.seq))).toEqual([1, 2]);
    },
  );

  test("a message carries its sender's name as it is now, though the actor was loaded before a rename", async () => {
    const { space, designer, designerActor, clientActor } = await world();
    await db.updateTable("team_members").set({ name: "Dana Renamed" }).where("id", "=", designer.member.id).execute();
    const { message, change } = await send(designerActor, space.id, "Same person, new name");
    expect(message.senderName).toBe("Dana Renamed");
    expect(change?.payload).toEqual(message);
    expect((await listMessages(clientActor, space.id)).messages).toEqual([message]);
  });

  test("the sender's read watermark moves to their message, keeping the time they were mailed", async () => {
    const { space, clientActor } = await world();
    const notifiedAt = new Date(Date.now() - 60_000);
    await db
      .insertInto("space_reads")
      .values({ space_id: space.id, user_id: clientActor.id, last_read_at: new Date(0), notified_at: notifiedAt })
      .execute();
    const { message } = await send(clientActor, space.id, "Read up to here");
    const read = await db
      .selectFrom("space_reads")
      .selectAll()
      .where("space_id", "=", space.id)
      .where("user_id", "=", clientActor.id)
      .executeTakeFirstOrThrow();
    expect(read.last_read_at.toISOString()).toBe(message.createdAt);
    expect(read.notified_at?.toISOString()).toBe(notifiedAt.toISOString());
  });

  test("no one outside the space sends: a foreign agency, an unassigned team member, a removed member (404, nothing stored)", async () => {
    const { space, owner, designer, client, designerActor, idleActor, clientActor } = await world();
    const foreign = await world();
    await expect(send(foreign.owner, space.id, "Hello from elsewhere")).rejects.toMatchObject({ status: 404 });
    await expect(send(foreign.clientActor, space.id, "Hello")).rejects.toMatchObject({ status: 404 });
    await expect(send(idleActor, space.id, "Hello")).rejects.toMatchObject({ status: 404 });

    await unassignTeamMember(owner, space.id, designer.member.id);
    await removeClientFromSpace(owner, space.id, client.client.id);
    await expect(send(designerActor, space.id, "Still here?")).rejects.toMatchObject({ status: 404 });
    await expect(send(clientActor, space.id, "Still here?")).rejects.toMatchObject({ status: 404 });
    await expect(send(owner, "not-a-uuid", "Hello")).rejects.toMatchObject({ status: 404 });

    expect(await storedMessages(space.id)).toEqual([]);
    expect(await logOf(space.id)).toEqual([]);
  });
});

describe("editing and deleting", () => {
  test("the sender edits their message: new text, an edited mark, a logged change", async () => {
    const { space, clientActor } = await world();
    const { message } = await send(clientActor, space.id, "Helo");
    const { seen, stop } = collectChanges();
    const edited = await editMessage(clientActor, message.id, " Hello ");
    stop();
    expect(edited.message).toMatchObject({ content: "Hello", id: message.id });
    expect(edited.message.editedAt).not.toBeNull();
    expect(edited.seq).toBe(2);
    expect(seen).toMatchObject([{ seq: 2, kind: "message.edited", payload: { content: "Hello" } }]);
  });

  test("editing to empty text is refused and the message keeps its text", async () => {
    const { space, owner } = await world();
    const { message } = await send(owner, space.id, "Keep me");
    await expect(editMessage(owner, message.id, "   ")).rejects.toThrow("Message cannot be empty.");
    const [stored] = await storedMessages(space.id);
    expect(stored).toMatchObject({ content: "Keep me", edited_at: null });
  });

  test("only the sender edits or deletes, in SPEC §8's words", async () => {
    const { space, owner, clientActor } = await world();
    const { message } = await send(clientActor, space.id, "Mine");
    await expect(editMessage(owner, message.id, "Theirs")).rejects.toMatchObject({
      status: 403,
      title: "Could not edit message.",
      message: "Make sure you're the sender of this message.",
    });
    await expect(deleteMessage(owner, message.id)).rejects.toMatchObject({
      status: 403,
      title: "Could not delete message.",
      message: "Make sure you're the sender of this message.",
    });
    const [stored] = await storedMessages(space.id);
    expect(stored).toMatchObject({ content: "Mine", edited_at: null, deleted_at: null });
    expect(await logOf(space.id)).toHaveLength(1);
  });

  test("a foreign agency or a removed member cannot edit or delete (404, nothing changed)", async () => {
    const { space, owner, client, clientActor } = await world();
    const foreign = await world();
    const { message } = await send(clientActor, space.id, "Mine");
    await expect(editMessage(foreign.owner, message.id, "Hacked")).rejects.toMatchObject({ status: 404 });
    await expect(deleteMessage(foreign.owner, message.id)).rejects.toMatchObject({ status: 404 });
    await removeClientFromSpace(owner, space.id, client.client.id);
    await expect(editMessage(clientActor, message.id, "Changed")).rejects.toMatchObject({ status: 404 });
    await expect(deleteMessage(clientActor, message.id)).rejects.toMatchObject({ status: 404 });
    const [stored] = await storedMessages(space.id);
    expect(stored).toMatchObject({ content: "Mine", edited_at: null, deleted_at: null });
  });

  test("a deleted message leaves a tombstone: gone from the chat, blanked in the log, the delete replayed", async () => {
    const { space, owner, clientActor } = await world();
    const { message } = await send(clientActor, space.id, "Oops, wrong space");
    await editMessage(clientActor, message.id, "Oops, wrong space!");
    const deleted = await deleteMessage(clientActor, message.id);
    expect(deleted).toEqual({
      id: message.id,
      seq: 3,
      change: expect.objectContaining({ seq: 3, kind: "message.deleted" }),
    });

    const [stored] = await storedMessages(space.id);
    expect(stored.content).toBe("");
    expect(stored.deleted_at).not.toBeNull();
    expect((await listMessages(owner, space.id)).messages).toEqual([]);

    const replay = await changesSince(owner, space.id, 0);
    expect(replay).toMatchObject({
      reload: false,
      lastSeq: 3,
      changes: [
        { seq: 1, kind: "message.created", payload: { content: "" } },
        { seq: 2, kind: "message.edited", payload: { content: "" } },
        { seq: 3, kind: "message.deleted", payload: { id: message.id } },
      ],
    });
    expect(JSON.stringify(replay)).not.toContain("Oops");
    await expect(editMessage(clientActor, message.id, "Back")).rejects.toMatchObject({ status: 404 });
  });
});

describe("catching up on missed changes", () => {
  test("a replay shows an edited message only as it reads now, never its edited-away text", async () => {
    const { space, designerActor, clientActor } = await world();
    const { message } = await send(clientActor, space.id, "Our launch code is swordfish");
    await editMessage(clientActor, message.id, "Our launch code is in the vault");
    const second = await editMessage(clientActor, message.id, "Launch code: ask Cleo");

    const replay = await changesSince(designerActor, space.id, 0);
    expect(replay).toMatchObject({
      reload: false,
      changes: [
        { kind: "message.created", payload: { content: "Launch code: ask Cleo" } },
        { kind: "message.edited", payload: { content: "Launch code: ask Cleo" } },
        { kind: "message.edited", payload: { content: "Launch code: ask Cleo", editedAt: second.message.editedAt } },
      ],
    });
    // A word, not digits: the ids in the replay are hex and could hold any four digits.
    expect(JSON.stringify(replay)).not.toContain("swordfish");
    expect(JSON.stringify(replay)).not.toContain("vault");
  });

  test("changes after a number are exactly the missed ones, in order", async () => {
    const { space, owner, clientActor } = await world();
    await send(owner, space.id, "One");
    const { message } = await send(clientActor, space.id, "Two");
    await editMessage(clientActor, message.id, "Two!");
    await send(owner, space.id, "Three");
    const replay = await changesSince(clientActor, space.id, 1);
    expect(replay.reload).toBe(false);
    if (replay.reload) return;
    expect(replay.lastSeq).toBe(4);
    expect(replay.changes.map((change) => [change.seq, change.kind])).toEqual([
      [2, "message.created"],
      [3, "message.edited"],
      [4, "message.created"],
    ]);
    expect(await changesSince(clientActor, space.id, 4)).toEqual({ reload: false, changes: [], lastSeq: 4 });
  });

  test("a client that missed too much, or names a number never handed out, is told to reload", async () => {
    const { space, owner } = await world();
    for (const content of ["a", "b", "c"]) await send(owner, space.id, content);
    expect(await changesSince(owner, space.id, 0, 2)).toEqual({ reload: true });
    expect(await changesSince(owner, space.id, 1, 2)).toMatchObject({ reload: false, lastSeq: 3 });
    expect(await changesSince(owner, space.id, 9)).toEqual({ reload: true });
  });

  test("the log keeps each space's last 400 changes; a client from before them reloads, never gets a gap", async () => {
    const { space, owner, agency } = await world();
    const quiet = await createSpace(agency.agencyId, { name: "Quiet" });
    // A busy space's log, as 450 reactions would leave it, and a quiet one's.
    const fill = async (spaceId: string, count: number) => {
      await db
        .insertInto("space_changes")
        .values(
          Array.from({ length: count }, (_, index) => ({
            space_id: spaceId,
            seq: String(index + 1),
            kind: "reaction.changed",
          })),
        )
        .execute();
      await db
        .updateTable("spaces")
        .set({ last_seq: String(count) })
        .where("id", "=", spaceId)
        .execute();
    };
    await fill(space.id, 450);
    await fill(quiet.id, 5);

    await trimChangeLogs();

    const kept = await logOf(space.id);
    expect(kept).toHaveLength(400);
    expect(Number(kept[0].seq)).toBe(51);
    expect(await logOf(quiet.id)).toHaveLength(5);
    expect(await changesSince(owner, space.id, 250)).toMatchObject({ reload: false, lastSeq: 450 });
    expect(await changesSince(owner, space.id, 49)).toEqual({ reload: true });
    // Even a caller that would accept a long replay is not handed the log with its start cut off.
    expect(await changesSince(owner, space.id, 30, 1_000)).toEqual({ reload: true });
    expect(await changesSince(owner, space.id, 50, 1_000)).toMatchObject({ reload: false, lastSeq: 450 });
  });

  test("a foreign agency cannot read a space's log", async () => {
    const { space, owner } = await world();
    const foreign = await world();
    await send(owner, space.id, "Private");
    await expect(changesSince(foreign.owner, space.id, 0)).rejects.toMatchObject({ status: 404 });
  });
});
