import crypto from "node:crypto";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import type { Actor } from "~/models/actors.server";
import { subscribe } from "~/models/events.server";
import { getDashboard } from "~/models/dashboard.server";
import { deleteMessage } from "~/models/message-changes.server";
import { sendMessage } from "~/models/message-sending.server";
import { listMessages, MESSAGE_NOT_FOUND } from "~/models/messages.server";
import { listSignOffs, SIGN_OFF_NOT_FOUND } from "~/models/sign-off-cards.server";
import {
  addSignOffVersion,
  answerSignOff,
  askForSignOff,
  findAskableMessage,
  reopenSignOff,
  withdrawSignOff,
  type AskInput,
  type SignedFrom,
} from "~/models/sign-offs.server";
import { removeClientFromSpace, unassignTeamMember } from "~/models/space-assignments.server";
import { teamSideOf } from "~/models/space-access.server";
import { changesSince } from "~/models/space-changes.server";
import { db } from "~/services/db.server";
import { env } from "~/services/env.server";
import { createStorage, storage, type Storage } from "~/services/storage.server";
import { SIGN_OFF_AUDIT } from "~/shared/audit-kinds";
import {
  SIGN_OFF_TEXT,
  WITHDRAWN_FILE_DELETED,
  type SignOffAnswer,
  type SignOffCard,
  type SignOffState,
} from "~/shared/sign-offs";
import { actorOf, createAgency, createClient, createSpace, createTeamMember } from "#tests/support/factories";
import { startS3 } from "#tests/support/s3";

/*
 * Issue 39: sign-off on deliverables. The agency's staff ask the client members of a space
 * to approve the file of a message in its client chat; one of the people asked answers each
 * version once, and the answer keeps who, when, from where and the SHA-256 of the stored
 * bytes. Every rule and refusal through the models, as the people on each side notice them.
 */

// Where files are stored: the disk (the default) unless a test puts an S3 bucket here.
const files = vi.hoisted(() => ({ storage: null as Storage | null }));
vi.mock("~/services/storage.server", async (original) => {
  const actual = await original<typeof import("~/services/storage.server")>();
  return { ...actual, storage: () => files.storage ?? actual.storage() };
});

const FROM: SignedFrom = { sessionHandle: "h", device: "Chrome on macOS", address: "203.0.113.9" };
const TODAY = "2030-05-14";
const ANSWERED = { status: 409, message: "This version has already been answered." };
const NOT_ASKED = { status: 403, message: SIGN_OFF_TEXT.notAsked };
const SIGN_OFF_GONE = { status: 404, message: SIGN_OFF_NOT_FOUND };
const MESSAGE_GONE = { status: 404, message: MESSAGE_NOT_FOUND };
const ALL = { state: null, page: 1, perPage: 50 };

/**
 * The agency's owner, a team member in the space and one outside it; the space's client
 * owner, an employee and a colleague who is never asked; a client of another space of the
 * agency, and the owner of another agency.
 */
async function world() {
  const { owner, agencyId } = await createAgency({ firstName: "Nora" });
  const designer = await createTeamMember(agencyId, "DESIGNER", { name: "Dana Designer" });
  const outsider = await createTeamMember(agencyId, "DESIGNER", { name: "Otto Outside" });
  const olivia = await createClient(agencyId, { role: "OWNER", name: "Olivia Owner" });
  const emil = await createClient(agencyId, { name: "Emil Employee" });
  const bea = await createClient(agencyId, { name: "Bea Bystander" });
  const nina = await createClient(agencyId, { role: "OWNER", name: "Nina Neighbour", company: "Initech" });
  const space = await createSpace(agencyId, {
    name: "Northwind Website",
    teamMemberIds: [designer.member.id],
    clientIds: [olivia.client.id, emil.client.id, bea.client.id],
  });
  await db.updateTable("spaces").set({ client_owner_id: olivia.client.id }).where("id", "=", space.id).execute();
  await createSpace(agencyId, { name: "Initech Site", clientIds: [nina.client.id] });
  const elsewhere = await createAgency({ agencyName: "Elsewhere" });
  return {
    agencyId,
    space,
    teamSide: await teamSideOf(space.id),
    designerRecord: designer.member,
    oliviaRecord: olivia.client,
    emilRecord: emil.client,
    owner: await actorOf(owner),
    designer: await actorOf(designer.user),
    outsider: await actorOf(outsider.user),
    olivia: await actorOf(olivia.user),
    emil: await actorOf(emil.user),
    bea: await actorOf(bea.user),
    nina: await actorOf(nina.user),
    stranger: await actorOf(elsewhere.owner),
  };
}

let sent = 0;

/** A file shared in a chat, as its sender sends it: the message that carries it. */
async function share(by: Actor, chatId: string, name = "logo-v1.txt", text = `The logo, ${name}`) {
  const file = new File([text], name, { type: "text/plain" });
  const { message } = await sendMessage(by, chatId, {
    clientId: `deliverable-${(sent += 1)}`,
    content: "For you",
    file,
  });
  return message;
}

const ask = (by: Actor, messageId: string, askedIds: string[], more: Partial<AskInput> = {}) =>
  askForSignOff(by, messageId, { askedIds, dueOn: null, note: "", today: TODAY, ...more });

const approve = (by: Actor, signOffId: string) =>
  answerSignOff(by, signOffId, { answer: "approved", comment: "" }, FROM);

const requestChanges = (by: Actor, signOffId: string, comment: string) =>
  answerSignOff(by, signOffId, { answer: "changes_requested", comment }, FROM);

const uploadVersion = (by: Actor, signOffId: string, name: string, text = `The logo, ${name}`) =>
  addSignOffVersion(by, signOffId, new File([text], name, { type: "text/plain" }));

const sha256 = (bytes: Uint8Array | string) => crypto.createHash("sha256").update(bytes).digest("hex");

/** The card as the space's Sign-offs page shows it to its agency's owner. */
async function cardOf(owner: Actor, spaceId: string, signOffId: string) {
  const { signOffs } = await listSignOffs(owner, spaceId, ALL);
  const card = signOffs.find((each) => each.id === signOffId);
  if (!card) throw new Error(`no sign-off ${signOffId}`);
  return card;
}

const signOffsIn = (spaceId: string) =>
  db.selectFrom("sign_offs").selectAll().where("space_id", "=", spaceId).execute();

/** What a dashboard lists as waiting for them. */
const waitingFor = async (actor: Actor) => (await getDashboard(actor)).signOffs;
const answersOf = (signOffId: string) =>
  db.selectFrom("sign_off_answers").selectAll().where("sign_off_id", "=", signOffId).orderBy("version").execute();

/** The sign-off lines of the agency's audit log, oldest first. */
const auditOf = (agencyId: string) =>
  db
    .selectFrom("activity")
    .select(["action", "summary", "actor_id", "subject_type", "subject_id"])
    .where("agency_id", "=", agencyId)
    .where("action", "in", Object.values(SIGN_OFF_AUDIT))
    .orderBy("created_at")
    .execute();

/** The changes of the chat's log that carry the card of the sign-off on this message, in order. */
const cardChangesOf = (messageId: string) =>
  db
    .selectFrom("space_changes")
    .select(["seq", "kind", "user_id", "payload"])
    .where("message_id", "=", messageId)
    .where("kind", "=", "sign-off.changed")
    .orderBy("seq")
    .execute();

/** The bytes stored for a message's file now, from whichever storage holds them. */
async function storedBytesOf(messageId: string) {
  const { attachment_key } = await db
    .selectFrom("space_messages")
    .select("attachment_key")
    .where("id", "=", messageId)
    .executeTakeFirstOrThrow();
  const stored = attachment_key ? await storage().get(attachment_key) : null;
  if (!attachment_key || !stored) throw new Error(`no stored file for ${messageId}`);
  return { key: attachment_key, body: stored.body };
}

describe("who may ask for sign-off", () => {
  test("the agency's owner and a team member of the space ask the client members to sign off a file", async () => {
    const { space, owner, designer, olivia, oliviaRecord, emil, emilRecord, bea } = await world();
    const first = await share(owner, space.id);
    expect(await findAskableMessage(owner, space.id, first.id)).toMatchObject({
      fileName: "logo-v1.txt",
      // The space's client owner first, the one asked by default; then by name.
      people: [
        { id: olivia.id, name: "Olivia Owner", owner: true },
        { id: bea.id, name: "Bea Bystander", owner: false },
        { id: emil.id, name: "Emil Employee", owner: false },
      ],
    });
    await db.updateTable("spaces").set({ client_owner_id: emilRecord.id }).where("id", "=", space.id).execute();
    const people = (await findAskableMessage(owner, space.id, first.id))?.people.map((person) => person.name);
    expect(people).toEqual(["Emil Employee", "Bea Bystander", "Olivia Owner"]);
    await db.updateTable("spaces").set({ client_owner_id: oliviaRecord.id }).where("id", "=", space.id).execute();
    const told: Array<{ signOffId: string; userIds: string[] }> = [];
    const stop = subscribe("sign-off.asked", (event) => told.push(event));

    const logo = await share(owner, space.id, "logo.png.txt");
    const byOwner = await ask(owner, logo.id, [olivia.id], { dueOn: "2030-05-20", note: "  The final logo  " });
    const copy = await share(designer, space.id, "homepage-copy.txt");
    const byDesigner = await ask(designer, copy.id, [olivia.id, emil.id, olivia.id]);
    stop();

    expect(byOwner).toMatchObject({
      spaceId: space.id,
      messageId: logo.id,
      state: "waiting",
      askedBy: "Nora Owner",
      note: "The final logo",
      dueOn: "2030-05-20",
      asked: [{ id: olivia.id, name: "Olivia Owner" }],
      versions: [{ number: 1, messageId: logo.id, file: { name: "logo.png.txt" }, answer: null }],
      withdrawn: null,
    });
    expect(byDesigner).toMatchObject({ askedBy: "Dana Designer", state: "waiting", dueOn: null, note: "" });
    expect(byDesigner.asked.map((person) => person.name).sort()).toEqual(["Emil Employee", "Olivia Owner"]);
    expect(told).toEqual([
      { signOffId: byOwner.id, userIds: [olivia.id] },
      { signOffId: byDesigner.id, userIds: expect.arrayContaining([olivia.id, emil.id]) as string[] },
    ]);
    // A due date of today is still on time.
    await expect(ask(owner, (await share(owner, space.id)).id, [olivia.id], { dueOn: TODAY })).resolves.toMatchObject({
      dueOn: TODAY,
    });
  });

  test("a team member not in the space, a client and another agency's owner are told the message does not exist; nothing is stored", async () => {
    const { agencyId, space, owner, designer, designerRecord, outsider, olivia, emil, stranger } = await world();
    const logo = await share(owner, space.id);
    // A team member unassigned from the space loses it at once.
    await unassignTeamMember(owner, space.id, designerRecord.id);
    for (const someone of [outsider, designer, olivia, emil, stranger]) {
      await expect(ask(someone, logo.id, [olivia.id])).rejects.toMatchObject(MESSAGE_GONE);
      expect(await findAskableMessage(someone, space.id, logo.id)).toBeNull();
    }
    expect(await signOffsIn(space.id)).toEqual([]);
    expect(await auditOf(agencyId)).toEqual([]);
    expect(await cardChangesOf(logo.id)).toEqual([]);
  });
});

describe("what may be signed off", () => {
  test("only a message of the client chat with a file: a text-only message, a team-side file and a deleted message are refused", async () => {
    const { agencyId, space, teamSide, owner, olivia } = await world();
    const { message: words } = await sendMessage(owner, space.id, { clientId: "words", content: "Any thoughts?" });
    await expect(ask(owner, words.id, [olivia.id])).rejects.toMatchObject({
      status: 400,
      message: SIGN_OFF_TEXT.noFile,
    });
    const internal = await share(owner, teamSide, "draft.txt");
    await expect(ask(owner, internal.id, [olivia.id])).rejects.toMatchObject({
      status: 400,
      message: SIGN_OFF_TEXT.noFile,
    });
    const gone = await share(owner, space.id, "old-logo.txt");
    await deleteMessage(owner, gone.id);
    await expect(ask(owner, gone.id, [olivia.id])).rejects.toMatchObject(MESSAGE_GONE);
    for (const message of [words, internal, gone]) {
      expect(await findAskableMessage(owner, message.spaceId, message.id)).toBeNull();
    }
    // The page names the chat: a file of another chat is not found there.
    expect(await findAskableMessage(owner, teamSide, (await share(owner, space.id)).id)).toBeNull();
    expect(await signOffsIn(space.id)).toEqual([]);
    expect(await auditOf(agencyId)).toEqual([]);
  });

  test("a file is asked about once: a second ask, or an ask on one of its versions, is refused", async () => {
    const { space, owner, designer, olivia, emil } = await world();
    const logo = await share(owner, space.id);
    const card = await ask(owner, logo.id, [olivia.id]);
    await expect(ask(designer, logo.id, [emil.id])).rejects.toMatchObject({
      status: 409,
      message: SIGN_OFF_TEXT.alreadyAsked,
    });
    const second = await uploadVersion(owner, card.id, "logo-v2.txt");
    await expect(ask(owner, second.versions[1].messageId, [olivia.id])).rejects.toMatchObject({
      status: 409,
      message: SIGN_OFF_TEXT.alreadyAsked,
    });
    expect(await findAskableMessage(owner, space.id, logo.id)).toBeNull();
    expect(await signOffsIn(space.id)).toHaveLength(1);
    expect((await cardOf(owner, space.id, card.id)).asked).toEqual([{ id: olivia.id, name: "Olivia Owner" }]);
  });

  test("only the space's client members can be asked, at least one, and not for a day already past", async () => {
    const { agencyId, space, owner, designer, olivia, nina, stranger } = await world();
    const logo = await share(owner, space.id);
    await expect(ask(owner, logo.id, [])).rejects.toMatchObject({
      message: SIGN_OFF_TEXT.nobodyAsked,
      field: "askedIds",
    });
    for (const notAClientHere of [designer, owner, nina, stranger]) {
      await expect(ask(owner, logo.id, [olivia.id, notAClientHere.id])).rejects.toMatchObject({
        message: SIGN_OFF_TEXT.notAskable,
        field: "askedIds",
      });
    }
    await expect(ask(owner, logo.id, [crypto.randomUUID()])).rejects.toMatchObject({
      message: SIGN_OFF_TEXT.notAskable,
    });
    await expect(ask(owner, logo.id, [olivia.id], { dueOn: "2030-05-13" })).rejects.toMatchObject({
      message: SIGN_OFF_TEXT.dueInPast,
      field: "dueOn",
    });
    expect(await signOffsIn(space.id)).toEqual([]);
    expect(await auditOf(agencyId)).toEqual([]);
    await expect(ask(owner, logo.id, [olivia.id], { dueOn: "2030-05-15" })).resolves.toMatchObject({
      state: "waiting",
    });
  });
});

describe("answering", () => {
  test("only the people asked may answer: another client of the space and the staff are refused", async () => {
    const { space, owner, designer, outsider, olivia, bea, nina, stranger } = await world();
    const card = await ask(owner, (await share(owner, space.id)).id, [olivia.id]);
    for (const someone of [bea, owner, designer]) {
      await expect(approve(someone, card.id)).rejects.toMatchObject(NOT_ASKED);
      await expect(requestChanges(someone, card.id, "Bigger")).rejects.toMatchObject(NOT_ASKED);
    }
    // Those who do not see the space are told there is no such sign-off.
    for (const someone of [outsider, nina, stranger]) {
      await expect(approve(someone, card.id)).rejects.toMatchObject(SIGN_OFF_GONE);
    }
    await expect(approve(olivia, "not-a-uuid")).rejects.toMatchObject(SIGN_OFF_GONE);
    expect(await answersOf(card.id)).toEqual([]);
    expect(await cardOf(owner, space.id, card.id)).toMatchObject({ state: "waiting" });
  });

  test("an approval records who answered, when, from which session, and the SHA-256 of the stored file", async () => {
    const { agencyId, space, owner, olivia, emil } = await world();
    const logo = await share(owner, space.id, "logo-final.txt", "the approved logo");
    const card = await ask(owner, logo.id, [olivia.id, emil.id]);
    const approved = await approve(emil, card.id);

    const stored = await storedBytesOf(logo.id);
    expect(approved).toMatchObject({
      state: "approved",
      versions: [
        {
          number: 1,
          answer: {
            answer: "approved",
            comment: "",
            by: "Emil Employee",
            files: [{ name: "logo-final.txt", size: stored.body.byteLength, sha256: sha256(stored.body) }],
          },
        },
      ],
    });
    expect(sha256(stored.body)).toBe(sha256("the approved logo"));
    const [answer] = await answersOf(card.id);
    expect(answer).toMatchObject({
      version: 1,
      user_id: emil.id,
      user_name: "Emil Employee",
      session_handle: "h",
      device: "Chrome on macOS",
      address: "203.0.113.9",
    });
    expect(Date.now() - answer.created_at.getTime()).toBeLessThan(60_000);
    expect((await auditOf(agencyId)).at(-1)).toEqual({
      action: SIGN_OFF_AUDIT.approved,
      summary: "Emil Employee approved version 1 of logo-final.txt in Northwind Website",
      actor_id: emil.id,
      subject_type: "space",
      subject_id: space.id,
    });

    // The record holds what was approved even when the stored file changes afterwards.
    await storage().put(stored.key, Buffer.from("a changed logo"), { contentType: "text/plain" });
    expect((await cardOf(owner, space.id, card.id)).versions[0].answer?.files[0].sha256).toBe(
      sha256("the approved logo"),
    );
  });

  test("the hash is of the bytes stored when the answer is given", async () => {
    const { space, owner, olivia } = await world();
    const logo = await share(owner, space.id, "logo.txt", "as uploaded");
    const card = await ask(owner, logo.id, [olivia.id]);
    const { key } = await storedBytesOf(logo.id);
    await storage().put(key, Buffer.from("as stored now"), { contentType: "text/plain" });
    const approved = await approve(olivia, card.id);
    expect(approved.versions[0].answer?.files).toEqual([
      { name: "logo.txt", size: "as stored now".length, sha256: sha256("as stored now") },
    ]);
  });

  test("Request changes needs a comment, which is posted in the chat as a reply to the card", async () => {
    const { agencyId, space, owner, olivia, emil } = await world();
    const logo = await share(owner, space.id);
    const card = await ask(owner, logo.id, [olivia.id, emil.id]);
    for (const empty of ["", "   \n "]) {
      await expect(requestChanges(olivia, card.id, empty)).rejects.toMatchObject({
        status: 400,
        message: SIGN_OFF_TEXT.commentRequired,
        field: "comment",
      });
    }
    expect(await answersOf(card.id)).toEqual([]);

    const answered = await requestChanges(olivia, card.id, "  Please make the logo bigger  ");
    expect(answered).toMatchObject({
      state: "changes_requested",
      versions: [
        { answer: { answer: "changes_requested", comment: "Please make the logo bigger", by: "Olivia Owner" } },
      ],
    });
    const replies = await db
      .selectFrom("space_messages")
      .selectAll()
      .where("reply_to_id", "=", logo.id)
      .where("deleted_at", "is", null)
      .execute();
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({
      space_id: space.id,
      sender_id: olivia.id,
      content: "Please make the logo bigger",
      reply_to_id: logo.id,
    });
    const chat = await listMessages(emil, space.id);
    expect(chat.messages.at(-1)).toMatchObject({
      content: "Please make the logo bigger",
      senderId: olivia.id,
      senderName: "Olivia Owner",
      replyTo: { id: logo.id },
    });
    expect((await auditOf(agencyId)).at(-1)).toMatchObject({
      action: SIGN_OFF_AUDIT.changes_requested,
      summary: "Olivia Owner requested changes to version 1 of logo-v1.txt in Northwind Website",
    });
  });

  test("an answer cannot be changed, by the one who gave it or another person asked", async () => {
    const { space, owner, olivia, emil } = await world();
    const card = await ask(owner, (await share(owner, space.id)).id, [olivia.id, emil.id]);
    await approve(olivia, card.id);
    await expect(approve(olivia, card.id)).rejects.toMatchObject(ANSWERED);
    await expect(requestChanges(olivia, card.id, "On second thought")).rejects.toMatchObject(ANSWERED);
    await expect(requestChanges(emil, card.id, "I disagree")).rejects.toMatchObject(ANSWERED);
    expect(await answersOf(card.id)).toEqual([expect.objectContaining({ answer: "approved", user_id: olivia.id })]);
    expect(await cardOf(owner, space.id, card.id)).toMatchObject({ state: "approved" });
    const comments = await db
      .selectFrom("space_messages")
      .select("id")
      .where("reply_to_id", "=", card.messageId)
      .execute();
    expect(comments).toEqual([]);
  });

  test("of two answers given at once by two people asked, one is stored and the other is told it was answered", async () => {
    const { space, owner, olivia, emil } = await world();
    for (let round = 0; round < 4; round++) {
      const logo = await share(owner, space.id);
      const card = await ask(owner, logo.id, [olivia.id, emil.id]);
      // Each side sets off first in turn, so both orders of arrival are tried.
      const answers = [() => approve(olivia, card.id), () => requestChanges(emil, card.id, `Not yet ${round}`)];
      if (round % 2) answers.reverse();
      const results = await Promise.allSettled(answers.map((answer) => answer()));
      const refused = results.filter((result) => result.status === "rejected");
      expect(refused).toHaveLength(1);
      expect((refused[0] as PromiseRejectedResult).reason).toMatchObject(ANSWERED);
      const stored = await answersOf(card.id);
      expect(stored).toHaveLength(1);
      const final = await cardOf(owner, space.id, card.id);
      expect(final.state).toBe(stored[0].answer);
      const comments = await db
        .selectFrom("space_messages")
        .select("content")
        .where("reply_to_id", "=", logo.id)
        .execute();
      expect(comments.map((comment) => comment.content)).toEqual(
        stored[0].answer === "changes_requested" ? [`Not yet ${round}`] : [],
      );
    }
  });
});

describe("new versions", () => {
  test("a new version is a reply to the card with its file; the first answer stays on record and the next is for version 2", async () => {
    const { agencyId, space, owner, designer, olivia, emil } = await world();
    const logo = await share(owner, space.id);
    const card = await ask(owner, logo.id, [olivia.id, emil.id]);
    await requestChanges(olivia, card.id, "Bigger, please");

    const second = await uploadVersion(designer, card.id, "logo-v2.txt", "the bigger logo");
    expect(second.state).toBe("waiting");
    expect(second.versions).toHaveLength(2);
    expect(second.versions[0]).toMatchObject({
      number: 1,
      messageId: logo.id,
      answer: { answer: "changes_requested", comment: "Bigger, please", by: "Olivia Owner" },
    });
    expect(second.versions[1]).toMatchObject({ number: 2, file: { name: "logo-v2.txt" }, answer: null });
    const message = await db
      .selectFrom("space_messages")
      .selectAll()
      .where("id", "=", second.versions[1].messageId)
      .executeTakeFirstOrThrow();
    expect(message).toMatchObject({
      space_id: space.id,
      sender_id: designer.id,
      reply_to_id: logo.id,
      content: "Version 2 for sign-off",
      attachment_name: "logo-v2.txt",
    });
    expect((await auditOf(agencyId)).at(-1)).toMatchObject({
      action: SIGN_OFF_AUDIT.new_version,
      summary: "Dana Designer uploaded version 2 (logo-v2.txt) for sign-off in Northwind Website",
      actor_id: designer.id,
    });

    const approved = await approve(emil, card.id);
    expect(approved.state).toBe("approved");
    expect(approved.versions[0].answer).toMatchObject({ answer: "changes_requested", by: "Olivia Owner" });
    expect(approved.versions[1].answer).toMatchObject({
      answer: "approved",
      by: "Emil Employee",
      files: [{ name: "logo-v2.txt", sha256: sha256("the bigger logo") }],
    });
    expect((await answersOf(card.id)).map((answer) => [answer.version, answer.answer])).toEqual([
      [1, "changes_requested"],
      [2, "approved"],
    ]);
    expect((await auditOf(agencyId)).at(-1)).toMatchObject({
      summary: "Emil Employee approved version 2 of logo-v2.txt in Northwind Website",
    });
    // An approval is superseded only by a newer version.
    const third = await uploadVersion(owner, card.id, "logo-v3.txt");
    expect(third).toMatchObject({
      state: "waiting",
      versions: [{}, { answer: { answer: "approved" } }, { number: 3 }],
    });
  });

  test("a new version needs a file and comes from the staff who see the space", async () => {
    const { space, owner, outsider, olivia, stranger } = await world();
    const logo = await share(owner, space.id);
    const card = await ask(owner, logo.id, [olivia.id]);
    const chatBefore = (await listMessages(owner, space.id)).messages.length;
    for (const nothing of [null, "logo.txt", new File([], "empty.txt")]) {
      await expect(addSignOffVersion(owner, card.id, nothing)).rejects.toMatchObject({
        message: SIGN_OFF_TEXT.noFile,
        field: "file",
      });
    }
    for (const someone of [olivia, outsider, stranger]) {
      await expect(uploadVersion(someone, card.id, "sneaky.txt")).rejects.toMatchObject(SIGN_OFF_GONE);
    }
    expect((await listMessages(owner, space.id)).messages.length).toBe(chatBefore);
    expect((await cardOf(owner, space.id, card.id)).versions).toHaveLength(1);
  });
});

describe("withdraw and re-open", () => {
  test("staff withdraw a request while it waits and re-open it while its version is unanswered", async () => {
    const { agencyId, space, owner, designer, olivia } = await world();
    const card = await ask(owner, (await share(owner, space.id)).id, [olivia.id]);

    const withdrawn = await withdrawSignOff(designer, card.id);
    expect(withdrawn).toMatchObject({ state: "withdrawn", withdrawn: { by: "Dana Designer" } });
    expect((await auditOf(agencyId)).at(-1)).toMatchObject({
      action: SIGN_OFF_AUDIT.withdrawn,
      summary: "Dana Designer withdrew the sign-off of logo-v1.txt in Northwind Website",
    });
    await expect(approve(olivia, card.id)).rejects.toMatchObject({ status: 409, message: SIGN_OFF_TEXT.notWaiting });
    await expect(withdrawSignOff(owner, card.id)).rejects.toMatchObject({
      status: 409,
      message: SIGN_OFF_TEXT.notWaiting,
    });

    const reopened = await reopenSignOff(owner, card.id);
    expect(reopened).toMatchObject({ state: "waiting", withdrawn: null });
    expect((await auditOf(agencyId)).at(-1)).toMatchObject({
      action: SIGN_OFF_AUDIT.reopened,
      summary: "Nora Owner re-opened the sign-off of logo-v1.txt in Northwind Website",
    });
    await expect(reopenSignOff(owner, card.id)).rejects.toMatchObject({
      status: 409,
      message: SIGN_OFF_TEXT.notWithdrawn,
    });

    await approve(olivia, card.id);
    // Answered: neither withdrawn nor re-opened any more.
    await expect(withdrawSignOff(owner, card.id)).rejects.toMatchObject({ message: SIGN_OFF_TEXT.notWaiting });
    await expect(reopenSignOff(owner, card.id)).rejects.toMatchObject({ message: SIGN_OFF_TEXT.notWithdrawn });
    expect(await cardOf(owner, space.id, card.id)).toMatchObject({ state: "approved", withdrawn: null });
  });

  test("a client cannot withdraw or re-open, nor can staff who do not see the space", async () => {
    const { space, owner, outsider, olivia, emil, stranger } = await world();
    const card = await ask(owner, (await share(owner, space.id)).id, [olivia.id]);
    for (const someone of [olivia, emil, outsider, stranger]) {
      await expect(withdrawSignOff(someone, card.id)).rejects.toMatchObject(SIGN_OFF_GONE);
    }
    await withdrawSignOff(owner, card.id);
    for (const someone of [olivia, emil, outsider, stranger]) {
      await expect(reopenSignOff(someone, card.id)).rejects.toMatchObject(SIGN_OFF_GONE);
    }
    expect(await cardOf(owner, space.id, card.id)).toMatchObject({
      state: "withdrawn",
      withdrawn: { by: "Nora Owner" },
    });
  });
});

describe("who may answer changes with who is in the space", () => {
  test("a client removed from the space can no longer answer, nor sees it waiting; the others asked still can", async () => {
    const { space, owner, olivia, emil, emilRecord } = await world();
    const card = await ask(owner, (await share(owner, space.id)).id, [olivia.id, emil.id]);
    expect((await waitingFor(emil)).map((each) => each.id)).toEqual([card.id]);
    await removeClientFromSpace(owner, space.id, emilRecord.id);

    await expect(approve(emil, card.id)).rejects.toMatchObject(SIGN_OFF_GONE);
    await expect(requestChanges(emil, card.id, "Wait for me")).rejects.toMatchObject(SIGN_OFF_GONE);
    expect(await waitingFor(emil)).toEqual([]);
    expect(await answersOf(card.id)).toEqual([]);
    await expect(approve(olivia, card.id)).resolves.toMatchObject({ state: "approved" });
  });
});

describe("a file deleted from the chat", () => {
  test("deleting the card's message withdraws its waiting sign-off, kept on record", async () => {
    const { space, owner, olivia, agencyId } = await world();
    const logo = await share(owner, space.id);
    const card = await ask(owner, logo.id, [olivia.id]);
    const { seq } = await deleteMessage(owner, logo.id);
    expect((await auditOf(agencyId)).at(-1)).toEqual({
      action: SIGN_OFF_AUDIT.withdrawn,
      summary: "Nora Owner deleted logo-v1.txt, which withdrew its sign-off in Northwind Website",
      actor_id: owner.id,
      subject_type: "space",
      subject_id: space.id,
    });

    const { signOffs } = await listSignOffs(owner, space.id, ALL);
    expect(signOffs).toEqual([
      expect.objectContaining({
        id: card.id,
        state: "withdrawn",
        withdrawn: { by: WITHDRAWN_FILE_DELETED, at: expect.any(String) as string },
        versions: [expect.objectContaining({ number: 1, file: null, answer: null })],
      }),
    ]);
    // The card's last change comes before the message's delete, so a live chat shows both.
    const changes = await cardChangesOf(logo.id);
    expect(changes.at(-1)).toMatchObject({ user_id: owner.id, payload: { signOff: { state: "withdrawn" } } });
    expect(Number(changes.at(-1)!.seq)).toBe(seq - 1);

    await expect(approve(olivia, card.id)).rejects.toMatchObject({ status: 409, message: SIGN_OFF_TEXT.notWaiting });
    // Its file is gone: nothing is left to re-open for.
    await expect(reopenSignOff(owner, card.id)).rejects.toMatchObject({
      status: 409,
      message: SIGN_OFF_TEXT.notWaiting,
    });
    expect(await waitingFor(olivia)).toEqual([]);
  });

  test("deleting the current version's message withdraws it; an answered sign-off stays answered", async () => {
    const { space, owner, designer, olivia } = await world();
    const logo = await share(owner, space.id);
    const card = await ask(owner, logo.id, [olivia.id]);
    const second = await uploadVersion(designer, card.id, "logo-v2.txt");
    await deleteMessage(designer, second.versions[1].messageId);
    expect(await cardOf(owner, space.id, card.id)).toMatchObject({
      state: "withdrawn",
      withdrawn: { by: WITHDRAWN_FILE_DELETED },
      versions: [{ file: { name: "logo-v1.txt" } }, { file: null }],
    });

    const other = await share(owner, space.id, "brochure.txt");
    const approved = await ask(owner, other.id, [olivia.id]);
    await approve(olivia, approved.id);
    await deleteMessage(owner, other.id);
    expect(await cardOf(owner, space.id, approved.id)).toMatchObject({
      state: "approved",
      withdrawn: null,
      versions: [{ file: null, answer: { answer: "approved", files: [{ name: "brochure.txt" }] } }],
    });
  });
});

describe("the hash with the files in an S3 bucket", () => {
  let server: Awaited<ReturnType<typeof startS3>>;

  beforeAll(async () => {
    server = await startS3();
    files.storage = server.storage();
  });

  afterAll(async () => {
    files.storage = null;
    await server?.stop();
  });

  test("the SHA-256 stored with an answer is the SHA-256 of the bytes in the bucket", async () => {
    const { space, owner, olivia } = await world();
    const logo = await share(owner, space.id, "logo-s3.txt", "the logo in the bucket");
    const card = await ask(owner, logo.id, [olivia.id]);
    const approved = await approve(olivia, card.id);

    const { key, body } = await storedBytesOf(logo.id);
    expect(approved.versions[0].answer?.files).toEqual([
      { name: "logo-s3.txt", size: body.byteLength, sha256: sha256(body) },
    ]);
    expect(sha256(body)).toBe(sha256("the logo in the bucket"));
    // In the bucket, not on the disk.
    const disk = createStorage({ driver: "local", root: path.join(env().dataDir, "uploads") });
    expect(await disk.get(key)).toBeNull();
  });
});

describe("the record of each step", () => {
  test("each step writes its audit line and a change of the card's message carrying the card", async () => {
    const { agencyId, space, owner, designer, olivia } = await world();
    const logo = await share(owner, space.id);
    const cards: SignOffCard[] = [];
    const card = await ask(owner, logo.id, [olivia.id]);
    cards.push(card);
    cards.push(await requestChanges(olivia, card.id, "Darker blue"));
    cards.push(await uploadVersion(designer, card.id, "logo-v2.txt"));
    cards.push(await withdrawSignOff(owner, card.id));
    cards.push(await reopenSignOff(designer, card.id));
    cards.push(await approve(olivia, card.id));

    expect(await auditOf(agencyId)).toEqual([
      {
        action: SIGN_OFF_AUDIT.asked,
        summary: "Nora Owner asked for sign-off of logo-v1.txt in Northwind Website",
        actor_id: owner.id,
        subject_type: "space",
        subject_id: space.id,
      },
      expect.objectContaining({ action: SIGN_OFF_AUDIT.changes_requested, actor_id: olivia.id, subject_id: space.id }),
      expect.objectContaining({ action: SIGN_OFF_AUDIT.new_version, actor_id: designer.id, subject_id: space.id }),
      expect.objectContaining({ action: SIGN_OFF_AUDIT.withdrawn, actor_id: owner.id, subject_id: space.id }),
      expect.objectContaining({ action: SIGN_OFF_AUDIT.reopened, actor_id: designer.id, subject_id: space.id }),
      expect.objectContaining({ action: SIGN_OFF_AUDIT.approved, actor_id: olivia.id, subject_id: space.id }),
    ]);
    const changes = await cardChangesOf(logo.id);
    expect(changes.map((change) => [change.user_id, change.payload])).toEqual(
      [owner, olivia, designer, owner, designer, olivia].map((by, index) => [by.id, { signOff: cards[index] }]),
    );
    expect(cards.map((each) => each.state)).toEqual<SignOffState[]>([
      "waiting",
      "changes_requested",
      "waiting",
      "withdrawn",
      "waiting",
      "approved",
    ]);
    // The client catches up on them as on any change of the chat.
    const caughtUp = await changesSince(olivia, space.id, 0, 1_000);
    expect(caughtUp.reload).toBe(false);
    if (caughtUp.reload) return;
    const seen = caughtUp.changes.filter((change) => change.kind === "sign-off.changed");
    expect(seen.map((change) => change.messageId)).toEqual(Array(6).fill(logo.id));

    // A refusal writes nothing.
    await expect(approve(olivia, card.id)).rejects.toMatchObject(ANSWERED);
    await expect(withdrawSignOff(olivia, card.id)).rejects.toMatchObject(SIGN_OFF_GONE);
    expect(await auditOf(agencyId)).toHaveLength(6);
    expect(await cardChangesOf(logo.id)).toHaveLength(6);
  });
});

describe("lists", () => {
  test("a space's Sign-offs page lists newest first, by state, a page at a time", async () => {
    const { space, teamSide, owner, outsider, olivia, emil, stranger } = await world();
    const made: SignOffCard[] = [];
    for (const name of ["a.txt", "b.txt", "c.txt", "d.txt", "e.txt"]) {
      made.push(await ask(owner, (await share(owner, space.id, name)).id, [olivia.id]));
    }
    await approve(olivia, made[0].id);
    await approve(olivia, made[3].id);
    await requestChanges(olivia, made[1].id, "No");
    await withdrawSignOff(owner, made[2].id);
    const ids = (page: { signOffs: SignOffCard[] }) => page.signOffs.map((each) => each.id);

    const first = await listSignOffs(emil, space.id, { state: null, page: 1, perPage: 2 });
    expect(first.total).toBe(5);
    expect(ids(first)).toEqual([made[4].id, made[3].id]);
    expect(ids(await listSignOffs(emil, space.id, { state: null, page: 3, perPage: 2 }))).toEqual([made[0].id]);
    expect(ids(await listSignOffs(emil, space.id, { state: null, page: 4, perPage: 2 }))).toEqual([]);
    const approved = await listSignOffs(owner, space.id, { state: "approved", page: 1, perPage: 1 });
    expect({ total: approved.total, ids: ids(approved) }).toEqual({ total: 2, ids: [made[3].id] });
    expect(ids(await listSignOffs(owner, space.id, { state: "approved", page: 2, perPage: 1 }))).toEqual([made[0].id]);
    expect(ids(await listSignOffs(owner, space.id, { state: "waiting", page: 1, perPage: 10 }))).toEqual([made[4].id]);
    expect(ids(await listSignOffs(owner, space.id, { state: "changes_requested", page: 1, perPage: 10 }))).toEqual([
      made[1].id,
    ]);
    expect(ids(await listSignOffs(owner, space.id, { state: "withdrawn", page: 1, perPage: 10 }))).toEqual([
      made[2].id,
    ]);

    for (const someone of [outsider, stranger]) {
      await expect(listSignOffs(someone, space.id, ALL)).rejects.toMatchObject({ status: 404 });
    }
    await expect(listSignOffs(owner, teamSide, ALL)).rejects.toMatchObject(SIGN_OFF_GONE);
  });

  test("what waits: for a client, what they are asked and still waits; for the staff, waiting and changes requested", async () => {
    const { space, owner, designer, outsider, olivia, emil, bea } = await world();
    const forBoth = await ask(owner, (await share(owner, space.id, "both.txt")).id, [olivia.id, emil.id]);
    const forOlivia = await ask(owner, (await share(owner, space.id, "olivia.txt")).id, [olivia.id]);
    const answered = await ask(owner, (await share(owner, space.id, "answered.txt")).id, [emil.id]);
    const changes = await ask(owner, (await share(owner, space.id, "changes.txt")).id, [emil.id]);
    const withdrawn = await ask(owner, (await share(owner, space.id, "withdrawn.txt")).id, [olivia.id]);
    await approve(emil, answered.id);
    await requestChanges(emil, changes.id, "Shorter");
    await withdrawSignOff(owner, withdrawn.id);
    const ids = (list: SignOffCard[]) => list.map((each) => each.id);

    expect(ids(await waitingFor(olivia))).toEqual([forOlivia.id, forBoth.id]);
    expect(ids(await waitingFor(emil))).toEqual([forBoth.id]);
    expect(await waitingFor(bea)).toEqual([]);
    for (const staff of [owner, designer]) {
      expect(ids(await waitingFor(staff))).toEqual([changes.id, forOlivia.id, forBoth.id]);
    }
    expect(await waitingFor(outsider)).toEqual([]);
    expect((await waitingFor(olivia))[0]).toMatchObject({ spaceName: "Northwind Website", state: "waiting" });

    // A dashboard lists the latest five; the rest are on each space's Sign-offs tab.
    const later = [];
    for (const name of ["four.txt", "five.txt", "six.txt"]) {
      later.push(await ask(owner, (await share(owner, space.id, name)).id, [olivia.id]));
    }
    expect(ids(await waitingFor(owner))).toEqual([...ids(later.reverse()), changes.id, forOlivia.id]);
  });

  test("the chat's messages carry the card on the message it was asked on", async () => {
    const { space, owner, olivia, emil } = await world();
    const logo = await share(owner, space.id);
    await sendMessage(olivia, space.id, { clientId: "hi", content: "Looks promising" });
    const other = await share(owner, space.id, "unasked.txt");
    const card = await ask(owner, logo.id, [olivia.id]);
    await approve(olivia, card.id);
    for (const reader of [owner, emil]) {
      const { messages } = await listMessages(reader, space.id);
      const byId = new Map(messages.map((message) => [message.id, message]));
      expect(byId.get(logo.id)?.signOff).toEqual(await cardOf(owner, space.id, card.id));
      expect(byId.get(logo.id)?.signOff).toMatchObject({ state: "approved" });
      expect(byId.get(other.id)?.signOff).toBeNull();
      expect(messages.filter((message) => message.signOff !== null)).toHaveLength(1);
    }
  });
});

/*
 * Random sequences of every operation by anyone, against a small model of the rules: each
 * step succeeds exactly when the rules allow it, writes one audit line when it does and
 * none when refused, and after each step at most one answer per version, the state is the
 * current version's answer or waiting (or withdrawn), and nobody not asked has an answer.
 */
describe("the rules hold over random sequences of operations (a property)", () => {
  const OPERATIONS = ["ask", "approve", "request-changes", "new-version", "withdraw", "reopen", "delete"] as const;

  test("at most one answer per version; the state follows the current version; only the people asked answer", async () => {
    const w = await world();
    const people = [w.owner, w.designer, w.outsider, w.olivia, w.emil, w.bea, w.stranger];
    const inSpaceStaff = new Set([w.owner.id, w.designer.id]);
    // Who an ask may name; Dana cannot be asked.
    const candidates = [w.olivia.id, w.emil.id, w.bea.id, w.designer.id];
    const askable = new Set([w.olivia.id, w.emil.id, w.bea.id]);

    const step = fc.record({
      operation: fc.constantFrom(...OPERATIONS),
      // Mostly those who take part, now and then someone who does not.
      by: fc.oneof(
        { arbitrary: fc.constantFrom(0, 1), weight: 3 },
        { arbitrary: fc.constantFrom(3, 4, 5), weight: 4 },
        { arbitrary: fc.constantFrom(2, 6), weight: 1 },
      ),
      asked: fc.subarray(candidates),
      target: fc.constantFrom("card" as const, "current" as const),
    });

    // Most runs ask first (by the staff, of some of the space's clients), so the steps after it have a sign-off to act on.
    const firstAsk = fc.record({
      operation: fc.constant("ask" as const),
      by: fc.constantFrom(0, 1),
      asked: fc.subarray(candidates.slice(0, 3), { minLength: 1 }),
      target: fc.constant("card" as const),
    });
    const [done, refused] = [new Map<string, number>(), new Map<string, number>()];

    await fc.assert(
      fc.asyncProperty(
        fc.option(firstAsk, { freq: 8 }),
        fc.array(step, { minLength: 1, maxLength: 16 }),
        async (first, rest) => {
          const steps = first ? [first, ...rest] : rest;
          const card = await share(w.owner, w.space.id);
          // The model: what the rules say the sign-off is.
          const model = {
            signOffId: null as string | null,
            state: "waiting" as SignOffState,
            asked: new Set<string>(),
          };
          const answers = new Map<number, SignOffAnswer>();
          const versions = [{ messageId: card.id, senderId: w.owner.id, deleted: false }];
          const current = () => versions[versions.length - 1];

          for (const { operation, by, asked: chosen, target } of steps) {
            const actor = people[by];
            const staff = inSpaceStaff.has(actor.id);
            const id = model.signOffId ?? crypto.randomUUID();
            const [auditBefore, changesBefore] = [
              (await auditOf(w.agencyId)).length,
              (await cardChangesOf(card.id)).length,
            ];
            let allowed: boolean;
            let attempt: () => Promise<unknown>;
            let apply = () => {};
            let changes = 1;
            switch (operation) {
              case "ask":
                allowed =
                  model.signOffId === null &&
                  staff &&
                  !versions[0].deleted &&
                  chosen.length > 0 &&
                  chosen.every((each) => askable.has(each));
                attempt = async () => (model.signOffId = (await ask(actor, card.id, chosen)).id);
                apply = () => (model.asked = new Set(chosen));
                break;
              case "approve":
              case "request-changes": {
                const answer: SignOffAnswer = operation === "approve" ? "approved" : "changes_requested";
                allowed = model.signOffId !== null && model.state === "waiting" && model.asked.has(actor.id);
                attempt = () =>
                  answer === "approved"
                    ? approve(actor, id)
                    : requestChanges(actor, id, `Change ${crypto.randomUUID()}`);
                apply = () => {
                  answers.set(versions.length, answer);
                  model.state = answer;
                };
                break;
              }
              case "new-version":
                allowed = model.signOffId !== null && staff;
                attempt = async () => {
                  const result = await uploadVersion(actor, id, `logo-v${versions.length + 1}.txt`);
                  versions.push({ messageId: result.versions.at(-1)!.messageId, senderId: actor.id, deleted: false });
                };
                apply = () => (model.state = "waiting");
                break;
              case "withdraw":
                allowed = model.signOffId !== null && staff && model.state === "waiting";
                attempt = () => withdrawSignOff(actor, id);
                apply = () => (model.state = "withdrawn");
                break;
              case "reopen":
                allowed =
                  model.signOffId !== null &&
                  staff &&
                  model.state === "withdrawn" &&
                  !answers.has(versions.length) &&
                  !current().deleted &&
                  !versions[0].deleted;
                attempt = () => reopenSignOff(actor, id);
                apply = () => (model.state = "waiting");
                break;
              case "delete": {
                const message = target === "card" ? versions[0] : current();
                allowed = !message.deleted && message.senderId === actor.id;
                const withdraws = allowed && model.signOffId !== null && model.state === "waiting";
                changes = withdraws ? 1 : 0;
                attempt = () => deleteMessage(actor, message.messageId);
                apply = () => {
                  message.deleted = true;
                  if (withdraws) model.state = "withdrawn";
                };
                break;
              }
            }
            const outcome = await attempt().then(
              () => null,
              (error: unknown) => error,
            );
            if (allowed) {
              expect(outcome, `${operation} by ${actor.name}`).toBeNull();
              apply();
              done.set(operation, (done.get(operation) ?? 0) + 1);
            } else {
              refused.set(operation, (refused.get(operation) ?? 0) + 1);
              expect(outcome, `${operation} by ${actor.name} should be refused`).toMatchObject({
                name: "Refusal",
                status: expect.any(Number) as number,
              });
            }
            // Each change of the card has its audit line (a delete's, when it withdrew a waiting sign-off).
            expect((await auditOf(w.agencyId)).length - auditBefore).toBe(allowed ? changes : 0);
            expect((await cardChangesOf(card.id)).length - changesBefore).toBe(allowed ? changes : 0);

            if (model.signOffId === null) continue;
            // The record as the page shows it, and as it is stored.
            const shown = await cardOf(w.owner, w.space.id, model.signOffId);
            const stored = await answersOf(model.signOffId);
            const [row] = await db.selectFrom("sign_offs").selectAll().where("id", "=", model.signOffId).execute();
            const askedRows = await db
              .selectFrom("sign_off_people")
              .select("user_id")
              .where("sign_off_id", "=", model.signOffId)
              .execute();
            const askedNow = new Set(askedRows.map((person) => person.user_id));

            const perVersion = new Map<number, number>();
            for (const answer of stored) perVersion.set(answer.version, (perVersion.get(answer.version) ?? 0) + 1);
            expect([...perVersion.values()].every((count) => count === 1)).toBe(true);
            expect(stored.every((answer) => answer.version >= 1 && answer.version <= row.current_version)).toBe(true);
            expect(stored.every((answer) => answer.user_id !== null && askedNow.has(answer.user_id))).toBe(true);
            const currentAnswer = stored.find((answer) => answer.version === row.current_version)?.answer;
            expect(row.state === "withdrawn" || row.state === (currentAnswer ?? "waiting")).toBe(true);
            expect(shown.state).toBe(row.state);

            // And as the model says.
            expect(askedNow).toEqual(model.asked);
            expect(shown.state).toBe(model.state);
            expect(shown.versions.map((version) => version.answer?.answer ?? null)).toEqual(
              versions.map((_, index) => answers.get(index + 1) ?? null),
            );
          }
        },
      ),
      {
        numRuns: 30,
        // A story that does, and is refused, each thing, always run with the random ones (0 Nora, 1 Dana, 3 Olivia, 4 Emil, 5 Bea).
        examples: [
          [
            { operation: "ask", by: 0, asked: [w.olivia.id, w.emil.id], target: "card" },
            [
              { operation: "approve", by: 5, asked: [], target: "card" },
              { operation: "request-changes", by: 3, asked: [], target: "card" },
              { operation: "new-version", by: 1, asked: [], target: "card" },
              { operation: "withdraw", by: 0, asked: [], target: "card" },
              { operation: "reopen", by: 1, asked: [], target: "card" },
              { operation: "approve", by: 4, asked: [], target: "card" },
              { operation: "new-version", by: 0, asked: [], target: "card" },
              { operation: "delete", by: 0, asked: [], target: "current" },
              { operation: "reopen", by: 0, asked: [], target: "card" },
              { operation: "ask", by: 1, asked: [w.bea.id], target: "card" },
              { operation: "request-changes", by: 5, asked: [], target: "card" },
              { operation: "new-version", by: 3, asked: [], target: "card" },
              { operation: "withdraw", by: 3, asked: [], target: "card" },
              { operation: "delete", by: 4, asked: [], target: "card" },
            ],
          ],
        ],
      },
    );
    // Not vacuous: each thing was done, and refused, at least once.
    for (const operation of OPERATIONS) {
      expect(done.get(operation), operation).toBeGreaterThan(0);
      expect(refused.get(operation), operation).toBeGreaterThan(0);
    }
    // Thirty stories of up to a dozen steps, each a few transactions: on a Postgres server beside the e2e suite, seconds each.
  }, 90_000);
});
