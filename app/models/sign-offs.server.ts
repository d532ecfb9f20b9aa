import crypto from "node:crypto";
import { sql, type Transaction } from "kysely";
import type { Database, SignedFile } from "#db/schema";
import { db, type Executor } from "~/services/db.server";
import { storage } from "~/services/storage.server";
import { SIGN_OFF_AUDIT } from "~/shared/audit-kinds";
import {
  SIGN_OFF_NOTE_MAX,
  SIGN_OFF_TEXT,
  WITHDRAWN_FILE_DELETED,
  type SignOffAnswer,
  type SignOffCard,
} from "~/shared/sign-offs";
import type { Actor } from "./actors.server";
import { recordActivity } from "./activity.server";
import { Refusal, forbidden, notFound } from "./errors.server";
import { sendMessage } from "./message-sending.server";
import { findVisibleMessage, MESSAGE_NOT_FOUND } from "./messages.server";
import { cardsOf, SIGN_OFF_NOT_FOUND, signOffsWithCurrentFile } from "./sign-off-cards.server";
import { isAgencyStaff } from "./policy.server";
import { publishChanges, recordChange, type SpaceChange } from "./space-changes.server";
import { findVisibleChat, isUuid, visibleChatIds } from "./space-access.server";
import { emit } from "./events.server";

/*
 * Sign-off on deliverables (issue 39, ADR 035). The agency's staff ask the client members
 * of a space to approve the file of a message in its client chat; any one of the people
 * asked answers each version once: Approve, or Request changes with a comment (posted in
 * the chat as a reply to the card). A new version is a new message with its file; the
 * answers to older versions stay on record. Each answer keeps who, when, from which
 * session, and the SHA-256 of the file's stored bytes, so what was approved can be proved
 * after the file changes. Every change is logged in the space's change log
 * ("sign-off.changed", with the card) so both sides see it live, and in the audit log.
 */

/** Where an answer came from, as the sessions list names it (app/web decides from the request). */
export type SignedFrom = { sessionHandle: string; device: string; address: string };

export type AskInput = {
  askedIds: string[];
  dueOn: string | null;
  note: string;
  /** The asker's today: the earliest due date. */
  today: string;
  /** The chat the form was posted in, when a page posted it: the message must be of it. */
  chatId?: string;
};

type SignOffRow = Awaited<ReturnType<typeof lockSignOff>>;

/** Who may be asked to answer a sign-off in this space: its client members who have signed up, its client owner first. */
export async function listAskable(spaceId: string, executor: Executor = db) {
  return executor
    .selectFrom("space_clients")
    .innerJoin("clients", "clients.id", "space_clients.client_id")
    .innerJoin("users", "users.id", "clients.user_id")
    .innerJoin("spaces", "spaces.id", "space_clients.space_id")
    .select((eb) => [
      "users.id",
      "clients.name",
      // The space's client owner (decision 004), whom the form asks by default.
      eb(eb.ref("clients.id"), "=", eb.ref("spaces.client_owner_id")).$castTo<boolean | null>().as("is_owner"),
    ])
    .where("space_clients.space_id", "=", spaceId)
    .orderBy(sql`clients.id is not distinct from spaces.client_owner_id`, "desc")
    .orderBy("clients.name")
    .execute();
}

/** What the Ask for sign-off form offers for a message: its file and the people who may be asked; null when it cannot be asked. */
export async function findAskableMessage(actor: Actor, chatId: string, messageId: string) {
  try {
    const { message } = await askableMessage(actor, chatId, messageId, db);
    const people = (await listAskable(message.space_id)).map((person) => ({
      id: person.id,
      name: person.name,
      owner: person.is_owner === true,
    }));
    return { messageId: message.id, fileName: message.attachment_name ?? "", people };
  } catch (error) {
    if (error instanceof Refusal) return null;
    throw error;
  }
}

/**
 * Asks the chosen client members of the space to sign off the file of a message: staff
 * who see the space only, a message of its client chat with a file, no sign-off on it yet.
 */
export async function askForSignOff(actor: Actor, messageId: string, input: AskInput): Promise<SignOffCard> {
  const askedIds = [...new Set(input.askedIds)];
  if (!askedIds.length) throw new Refusal(SIGN_OFF_TEXT.nobodyAsked, { field: "askedIds" });
  if (input.dueOn && input.dueOn < input.today) throw new Refusal(SIGN_OFF_TEXT.dueInPast, { field: "dueOn" });
  const note = input.note.trim().slice(0, SIGN_OFF_NOTE_MAX);
  const { card, change } = await db.transaction().execute(async (tx) => {
    const { chat, message } = await askableMessage(actor, input.chatId ?? null, messageId, tx);
    const askable = new Set((await listAskable(chat.id, tx)).map((person) => person.id));
    if (!askedIds.every((id) => askable.has(id))) throw new Refusal(SIGN_OFF_TEXT.notAskable, { field: "askedIds" });
    const created = await tx
      .insertInto("sign_offs")
      .values({
        space_id: chat.id,
        message_id: message.id,
        asked_by: actor.id,
        asked_by_name: actor.name,
        note,
        due_on: input.dueOn,
      })
      .onConflict((oc) => oc.column("message_id").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!created) throw new Refusal(SIGN_OFF_TEXT.alreadyAsked, { status: 409 });
    await tx
      .insertInto("sign_off_people")
      .values(askedIds.map((user_id) => ({ sign_off_id: created.id, user_id })))
      .execute();
    await tx
      .insertInto("sign_off_versions")
      .values({ sign_off_id: created.id, number: 1, message_id: message.id })
      .execute();
    await audit(
      tx,
      actor,
      { agencyId: chat.agency_id, spaceId: chat.id },
      "asked",
      `${actor.name} asked for sign-off of ${message.attachment_name} in ${chat.name}`,
    );
    return logCardChange(tx, actor, created.id);
  });
  publishChanges(card.spaceId, [change]);
  emit("sign-off.asked", { signOffId: card.id, userIds: card.asked.map((person) => person.id) });
  return card;
}

/**
 * One of the people asked answers the current version: Approve, or Request changes with
 * a comment, which is also posted in the chat as a reply to the card. Once per version:
 * the sign-off's row is locked and the answer's key is the version, so of two answers at
 * once one is stored and the other is told it was answered.
 */
export async function answerSignOff(
  actor: Actor,
  signOffId: string,
  { answer, comment }: { answer: SignOffAnswer; comment: string },
  from: SignedFrom,
): Promise<SignOffCard> {
  const text = comment.trim().slice(0, SIGN_OFF_NOTE_MAX);
  if (answer === "changes_requested" && !text) throw new Refusal(SIGN_OFF_TEXT.commentRequired, { field: "comment" });
  const { card, change, row } = await db.transaction().execute(async (tx) => {
    const row = await lockSignOff(actor, signOffId, tx);
    const asked = await tx
      .selectFrom("sign_off_people")
      .select("user_id")
      .where("sign_off_id", "=", row.id)
      .where("user_id", "=", actor.id)
      .executeTakeFirst();
    if (!asked) throw forbidden(SIGN_OFF_TEXT.notAsked);
    if (row.state === "withdrawn") throw new Refusal(SIGN_OFF_TEXT.notWaiting, { status: 409 });
    if (row.state !== "waiting") throw new Refusal(SIGN_OFF_TEXT.answered, { status: 409 });
    const files = await signedFiles(row.id, row.current_version, tx);
    const stored = await tx
      .insertInto("sign_off_answers")
      .values({
        sign_off_id: row.id,
        version: row.current_version,
        answer,
        comment: text,
        user_id: actor.id,
        user_name: actor.name,
        session_handle: from.sessionHandle,
        device: from.device,
        address: from.address,
        files: JSON.stringify(files),
      })
      .onConflict((oc) => oc.columns(["sign_off_id", "version"]).doNothing())
      .returning("version")
      .executeTakeFirst();
    if (!stored) throw new Refusal(SIGN_OFF_TEXT.answered, { status: 409 });
    await tx.updateTable("sign_offs").set({ state: answer }).where("id", "=", row.id).execute();
    const names = files.map((file) => file.name).join(", ");
    await audit(
      tx,
      actor,
      { agencyId: row.agency_id, spaceId: row.space_id },
      answer === "approved" ? "approved" : "changes_requested",
      answer === "approved"
        ? `${actor.name} approved version ${row.current_version} of ${names} in ${row.space_name}`
        : `${actor.name} requested changes to version ${row.current_version} of ${names} in ${row.space_name}`,
    );
    return { ...(await logCardChange(tx, actor, row.id)), row };
  });
  publishChanges(card.spaceId, [change]);
  if (answer === "changes_requested") {
    await sendMessage(actor, row.space_id, {
      clientId: `sign-off:${row.id}:${row.current_version}`,
      content: text,
      replyToId: row.message_id,
    });
  }
  return card;
}

/** Staff take back a request that waits for an answer; its record stays. */
export async function withdrawSignOff(actor: Actor, signOffId: string): Promise<SignOffCard> {
  return changeAsStaff(actor, signOffId, async (tx, row) => {
    if (row.state !== "waiting") throw new Refusal(SIGN_OFF_TEXT.notWaiting, { status: 409 });
    await tx
      .updateTable("sign_offs")
      .set({
        state: "withdrawn",
        withdrawn_at: sql<Date>`now()`,
        withdrawn_by_name: actor.name,
        withdrawn_because: null,
      })
      .where("id", "=", row.id)
      .execute();
    return {
      action: "withdrawn",
      summary: `${actor.name} withdrew the sign-off of ${row.file_name} in ${row.space_name}`,
    };
  });
}

/** Staff ask again for an answer to a withdrawn request whose version was never answered and whose file is still there. */
export async function reopenSignOff(actor: Actor, signOffId: string): Promise<SignOffCard> {
  return changeAsStaff(actor, signOffId, async (tx, row) => {
    if (row.state !== "withdrawn") throw new Refusal(SIGN_OFF_TEXT.notWithdrawn, { status: 409 });
    // Its current version's file and its card, both still in the chat, and never answered.
    const answered = await answerOf(row.id, row.current_version, tx);
    const card = await tx
      .selectFrom("space_messages")
      .select("deleted_at")
      .where("id", "=", row.message_id)
      .executeTakeFirst();
    if (answered || !row.file_name || !card || card.deleted_at) {
      throw new Refusal(SIGN_OFF_TEXT.notWaiting, { status: 409 });
    }
    await tx
      .updateTable("sign_offs")
      .set({ state: "waiting", withdrawn_at: null, withdrawn_by_name: null, withdrawn_because: null })
      .where("id", "=", row.id)
      .execute();
    return {
      action: "reopened",
      summary: `${actor.name} re-opened the sign-off of ${row.file_name} in ${row.space_name}`,
    };
  });
}

/**
 * Staff upload a new version: the file is sent to the chat as a reply to the card, and
 * becomes the version the people asked answer next; earlier answers stay on record.
 */
export async function addSignOffVersion(actor: Actor, signOffId: string, file: FormDataEntryValue | null) {
  if (!(file instanceof File) || file.size === 0) throw new Refusal(SIGN_OFF_TEXT.noFile, { field: "file" });
  const row = await db.transaction().execute((tx) => lockSignOff(actor, signOffId, tx));
  if (!isAgencyStaff(actor)) throw notFound(SIGN_OFF_NOT_FOUND);
  const number = row.current_version + 1;
  const sent = await sendMessage(actor, row.space_id, {
    clientId: `sign-off:${row.id}:version:${number}`,
    content: `Version ${number} for sign-off`,
    file,
    replyToId: row.message_id,
  });
  return changeAsStaff(actor, signOffId, async (tx, locked) => {
    // Another upload got there first: this file stays in the chat, as a message.
    if (locked.current_version !== row.current_version) throw new Refusal(SIGN_OFF_TEXT.failed, { status: 409 });
    await tx
      .insertInto("sign_off_versions")
      .values({ sign_off_id: row.id, number, message_id: sent.message.id })
      .execute();
    await tx
      .updateTable("sign_offs")
      .set({
        state: "waiting",
        current_version: number,
        withdrawn_at: null,
        withdrawn_by_name: null,
        withdrawn_because: null,
      })
      .where("id", "=", row.id)
      .execute();
    return {
      action: "new_version",
      summary: `${actor.name} uploaded version ${number} (${sent.message.attachment?.name}) for sign-off in ${row.space_name}`,
    };
  });
}

/**
 * Inside the transaction that deletes a message: the sign-offs that wait for an answer on
 * its file (the card's, or the current version's) are withdrawn, kept on record, and
 * their cards change. Returns the changes to publish after the commit.
 */
export async function withdrawForDeletedMessage(
  tx: Transaction<Database>,
  actor: Actor,
  message: { id: string; space_id: string; attachment_name: string | null },
) {
  const messageId = message.id;
  const rows = await tx
    .updateTable("sign_offs")
    .set({
      state: "withdrawn",
      withdrawn_at: sql<Date>`now()`,
      withdrawn_by_name: actor.name,
      withdrawn_because: WITHDRAWN_FILE_DELETED,
    })
    .where("state", "=", "waiting")
    .where((eb) =>
      eb.or([
        eb("message_id", "=", messageId),
        eb(
          "id",
          "in",
          eb
            .selectFrom("sign_off_versions")
            .select("sign_off_versions.sign_off_id")
            .where("sign_off_versions.message_id", "=", messageId)
            .whereRef("sign_off_versions.number", "=", "sign_offs.current_version"),
        ),
      ]),
    )
    .returning(["id", "space_id"])
    .execute();
  const changes: SpaceChange[] = [];
  for (const row of rows) {
    const space = await tx
      .selectFrom("spaces")
      .select(["agency_id", "name"])
      .where("id", "=", row.space_id)
      .executeTakeFirstOrThrow();
    await audit(
      tx,
      actor,
      { agencyId: space.agency_id, spaceId: row.space_id },
      "withdrawn",
      `${actor.name} deleted ${message.attachment_name}, which withdrew its sign-off in ${space.name}`,
    );
    changes.push((await logCardChange(tx, actor, row.id)).change);
  }
  return changes;
}

/**
 * The message a sign-off may be asked on: of a client chat the staff member sees (of
 * `chatId`, when the page names one), not deleted, with a file, not yet a version.
 */
async function askableMessage(actor: Actor, chatId: string | null, messageId: string, executor: Executor) {
  if (!isAgencyStaff(actor)) throw notFound(MESSAGE_NOT_FOUND);
  const message = await findVisibleMessage(actor, messageId, executor);
  if (message.deleted_at || (chatId !== null && message.space_id !== chatId)) throw notFound(MESSAGE_NOT_FOUND);
  const chat = await findVisibleChat(actor, message.space_id, executor);
  if (chat.team_side_of !== null || !message.attachment_key) throw new Refusal(SIGN_OFF_TEXT.noFile);
  const version = await executor
    .selectFrom("sign_off_versions")
    .select("sign_off_id")
    .where("message_id", "=", message.id)
    .executeTakeFirst();
  if (version) throw new Refusal(SIGN_OFF_TEXT.alreadyAsked, { status: 409 });
  return { chat, message };
}

/**
 * The sign-off, locked until the commit, if the actor sees its space; with its space's
 * name and its current file's name (null once that message was deleted). A person
 * removed from the space no longer finds it.
 */
async function lockSignOff(actor: Actor, signOffId: string, tx: Executor) {
  const row = isUuid(signOffId)
    ? await signOffsWithCurrentFile(tx)
        .selectAll("sign_offs")
        .select(["spaces.name as space_name", "spaces.agency_id", "space_messages.attachment_name as file_name"])
        .where("sign_offs.id", "=", signOffId)
        .where("sign_offs.space_id", "in", visibleChatIds(actor, tx))
        .forUpdate("sign_offs")
        .executeTakeFirst()
    : undefined;
  if (!row) throw notFound(SIGN_OFF_NOT_FOUND);
  return row;
}

/** A staff member's change to a sign-off, in one transaction with its audit line and its card's change. */
async function changeAsStaff(
  actor: Actor,
  signOffId: string,
  change: (
    tx: Transaction<Database>,
    row: SignOffRow,
  ) => Promise<{ action: keyof typeof SIGN_OFF_AUDIT; summary: string }>,
): Promise<SignOffCard> {
  const result = await db.transaction().execute(async (tx) => {
    const row = await lockSignOff(actor, signOffId, tx);
    if (!isAgencyStaff(actor)) throw notFound(SIGN_OFF_NOT_FOUND);
    const { action, summary } = await change(tx, row);
    await audit(tx, actor, { agencyId: row.agency_id, spaceId: row.space_id }, action, summary);
    return logCardChange(tx, actor, row.id);
  });
  publishChanges(result.card.spaceId, [result.change]);
  return result.card;
}

/** The card as it now stands, logged as a change of the message it is on. */
async function logCardChange(tx: Transaction<Database>, actor: Actor, signOffId: string) {
  const [card] = await cardsOf(await tx.selectFrom("sign_offs").selectAll().where("id", "=", signOffId).execute(), tx);
  const change = await recordChange(tx, {
    spaceId: card.spaceId,
    kind: "sign-off.changed",
    messageId: card.messageId,
    userId: actor.id,
    payload: { signOff: card },
  });
  return { card, change };
}

function answerOf(signOffId: string, version: number, executor: Executor) {
  return executor
    .selectFrom("sign_off_answers")
    .select("answer")
    .where("sign_off_id", "=", signOffId)
    .where("version", "=", version)
    .executeTakeFirst();
}

/** The files of a version as they are stored now, each with the SHA-256 of its bytes. */
async function signedFiles(signOffId: string, version: number, executor: Executor): Promise<SignedFile[]> {
  const rows = await executor
    .selectFrom("sign_off_versions")
    .innerJoin("space_messages", "space_messages.id", "sign_off_versions.message_id")
    .select(["space_messages.attachment_key", "space_messages.attachment_name", "space_messages.attachment_size"])
    .where("sign_off_versions.sign_off_id", "=", signOffId)
    .where("sign_off_versions.number", "=", version)
    .execute();
  const files: SignedFile[] = [];
  for (const row of rows) {
    if (!row.attachment_key || !row.attachment_name) throw new Refusal(SIGN_OFF_TEXT.notWaiting, { status: 409 });
    const stored = await storage().get(row.attachment_key);
    if (!stored) throw new Refusal(SIGN_OFF_TEXT.notWaiting, { status: 409 });
    const sha256 = crypto.createHash("sha256").update(stored.body).digest("hex");
    files.push({ name: row.attachment_name, size: stored.size, sha256 });
  }
  return files;
}

function audit(
  tx: Executor,
  actor: Actor,
  { agencyId, spaceId }: { agencyId: string; spaceId: string },
  action: keyof typeof SIGN_OFF_AUDIT,
  summary: string,
) {
  return recordActivity(tx, {
    agencyId,
    actorId: actor.id,
    action: SIGN_OFF_AUDIT[action],
    summary,
    subjectType: "space",
    subjectId: spaceId,
  });
}
