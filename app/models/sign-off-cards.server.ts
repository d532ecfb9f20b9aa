import type { Selectable } from "kysely";
import type { SignOffsTable, UserType } from "#db/schema";
import { db, type Executor } from "~/services/db.server";
import { UNKNOWN_USER } from "~/shared/chat-message";
import type { ChatSide } from "~/shared/chat-sides";
import { attachmentPath } from "~/shared/paths";
import type { SignOffCard, SignOffState } from "~/shared/sign-offs";
import { loadPeople, type Actor } from "./actors.server";
import { notFound } from "./errors.server";
import { isAgencyStaff } from "./policy.server";
import type { SignedFrom } from "./sign-offs.server";
import { chatIdsVisibleTo, findVisibleChat, isUuid, visibleChatIds, type Who } from "./space-access.server";

/*
 * Sign-offs as people read them (issue 39): the cards on a chat's messages, a space's
 * Sign-offs page, what waits on a dashboard and the export's record. The changes are
 * app/models/sign-offs.server.ts.
 */

export const SIGN_OFF_NOT_FOUND = "Sign-off not found";

/** Sign-offs with their space and their current version's message (its file), to select from. */
export function signOffsWithCurrentFile(executor: Executor = db) {
  return executor
    .selectFrom("sign_offs")
    .innerJoin("spaces", "spaces.id", "sign_offs.space_id")
    .innerJoin("sign_off_versions", (join) =>
      join
        .onRef("sign_off_versions.sign_off_id", "=", "sign_offs.id")
        .onRef("sign_off_versions.number", "=", "sign_offs.current_version"),
    )
    .innerJoin("space_messages", "space_messages.id", "sign_off_versions.message_id");
}

/** One sign-off of the chat, as its card shows it, if the actor sees the chat; "Sign-off not found" otherwise. */
export async function findSignOffCard(actor: Actor, chatId: string, signOffId: string): Promise<SignOffCard> {
  const rows = isUuid(signOffId)
    ? await db
        .selectFrom("sign_offs")
        .selectAll()
        .where("id", "=", signOffId)
        .where("space_id", "=", chatId)
        .where("space_id", "in", visibleChatIds(actor))
        .execute()
    : [];
  if (!rows.length) throw notFound(SIGN_OFF_NOT_FOUND);
  return (await cardsOf(rows, db))[0];
}

/**
 * Which of these messages' files are in a sign-off, as any of its versions: by message,
 * the id of the message its card is on (a file is asked about once, so the chat and the
 * Files tab offer Ask for sign-off for the others only). The caller has listed the
 * messages for its reader.
 */
export async function signOffCardMessagesOf(
  messageIds: string[],
  executor: Executor = db,
): Promise<Map<string, string>> {
  if (!messageIds.length) return new Map();
  const rows = await executor
    .selectFrom("sign_off_versions")
    .innerJoin("sign_offs", "sign_offs.id", "sign_off_versions.sign_off_id")
    .select(["sign_off_versions.message_id as file_message_id", "sign_offs.message_id as card_message_id"])
    .where("sign_off_versions.message_id", "in", messageIds)
    .execute();
  return new Map(rows.map((row) => [row.file_message_id, row.card_message_id]));
}

/**
 * For a chat's Files tab: the card's message of each file a sign-off was asked on, by the
 * file's message; none on a team side, since sign-offs are asked of clients.
 */
export async function signOffCardsOfFiles(side: ChatSide, fileMessageIds: string[]) {
  if (side !== "client") return null;
  return Object.fromEntries(await signOffCardMessagesOf(fileMessageIds));
}

/**
 * The sign-offs of a page of messages (of one chat): the card of each message a sign-off
 * was asked on, and for each later version's message the message its card is on.
 */
export async function signOffsOnMessages(messageIds: string[], executor: Executor = db) {
  const cardMessageOf = await signOffCardMessagesOf(messageIds, executor);
  const cardMessageIds = [...cardMessageOf.entries()].flatMap(([id, cardId]) => (id === cardId ? [id] : []));
  const rows = cardMessageIds.length
    ? await executor.selectFrom("sign_offs").selectAll().where("message_id", "in", cardMessageIds).execute()
    : [];
  const cards = new Map((await cardsOf(rows, executor)).map((card) => [card.messageId, card]));
  return { cards, cardMessageOf };
}

export type SignOffPage = { signOffs: SignOffCard[]; total: number };

/** A space's sign-offs for its Sign-offs page, newest first, `perPage` at a time, optionally of one state. */
export async function listSignOffs(
  actor: Actor,
  spaceId: string,
  { state, page, perPage }: { state: SignOffState | null; page: number; perPage: number },
): Promise<SignOffPage> {
  const chat = await findVisibleChat(actor, spaceId);
  if (chat.team_side_of !== null) throw notFound(SIGN_OFF_NOT_FOUND);
  let query = db.selectFrom("sign_offs").where("space_id", "=", chat.id);
  if (state) query = query.where("state", "=", state);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as("count")).executeTakeFirstOrThrow(),
  ]);
  return { signOffs: await cardsOf(rows, db), total: Number(count.count) };
}

/**
 * What waits for a reader of this type, for their dashboard, as a query for the dashboard's
 * one statement (`waitingCardsOf` makes its rows cards): a client, the sign-offs they are
 * asked to answer; the agency's staff, those of their spaces that wait for the client or
 * for a new version after changes were requested. Newest first, at most `limit`.
 */
export function signOffsWaitingRows(type: UserType, reader: Who & { userId: string }, limit: number) {
  const query = db
    .selectFrom("sign_offs")
    .innerJoin("spaces", "spaces.id", "sign_offs.space_id")
    .selectAll("sign_offs")
    .select("spaces.name as space_name")
    .where("sign_offs.space_id", "in", chatIdsVisibleTo(type, reader));
  const waiting = isAgencyStaff({ type })
    ? query.where("sign_offs.state", "in", ["waiting", "changes_requested"])
    : query
        .where("sign_offs.state", "=", "waiting")
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom("sign_off_people")
              .whereRef("sign_off_people.sign_off_id", "=", "sign_offs.id")
              .where("sign_off_people.user_id", "=", reader.userId),
          ),
        );
  return waiting.orderBy("sign_offs.created_at", "desc").limit(limit);
}

/** The cards of `signOffsWaitingRows`' rows, read as JSON, each with the name of its space. */
export async function waitingCardsOf(
  rows: Array<Omit<StoredSignOff, "created_at" | "withdrawn_at"> & JsonTimes & { space_name: string }>,
): Promise<Array<SignOffCard & { spaceName: string }>> {
  const stored = rows.map(({ space_name: _, ...row }) => ({
    ...row,
    created_at: new Date(row.created_at),
    withdrawn_at: row.withdrawn_at === null ? null : new Date(row.withdrawn_at),
  }));
  const cards = await cardsOf(stored, db);
  return cards.map((card, index) => ({ ...card, spaceName: rows[index].space_name }));
}

type JsonTimes = { created_at: string; withdrawn_at: string | null };

/** Every sign-off of a space with its whole record, oldest first: the export's sign-offs.json. */
export async function signOffRecords(spaceId: string, executor: Executor = db): Promise<SignOffCard[]> {
  const rows = await executor
    .selectFrom("sign_offs")
    .selectAll()
    .where("space_id", "=", spaceId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return cardsOf(rows, executor);
}

/**
 * Where each answer to these sign-offs was given from, by "<sign-off id>:<version>": the
 * session, device and address that the export's record keeps beside the card's answer.
 */
export async function answerSources(signOffIds: string[], executor: Executor = db): Promise<Map<string, SignedFrom>> {
  if (!signOffIds.length) return new Map();
  const rows = await executor
    .selectFrom("sign_off_answers")
    .select(["sign_off_id", "version", "session_handle", "device", "address"])
    .where("sign_off_id", "in", signOffIds)
    .execute();
  return new Map(
    rows.map((row) => [
      `${row.sign_off_id}:${row.version}`,
      { sessionHandle: row.session_handle, device: row.device, address: row.address },
    ]),
  );
}

/** Cards of stored sign-offs, in their order: the people asked, the versions with their files and answers. */
export async function cardsOf(rows: StoredSignOff[], executor: Executor): Promise<SignOffCard[]> {
  if (!rows.length) return [];
  const ids = rows.map((row) => row.id);
  const [asked, versions, answers] = await Promise.all([
    executor.selectFrom("sign_off_people").selectAll().where("sign_off_id", "in", ids).execute(),
    executor
      .selectFrom("sign_off_versions")
      .innerJoin("space_messages", "space_messages.id", "sign_off_versions.message_id")
      .select([
        "sign_off_versions.sign_off_id",
        "sign_off_versions.number",
        "sign_off_versions.message_id",
        "sign_off_versions.created_at",
        "space_messages.attachment_name",
        "space_messages.deleted_at",
      ])
      .where("sign_off_versions.sign_off_id", "in", ids)
      .orderBy("sign_off_versions.number")
      .execute(),
    executor.selectFrom("sign_off_answers").selectAll().where("sign_off_id", "in", ids).execute(),
  ]);
  const people = await loadPeople(
    asked.map((row) => row.user_id),
    executor,
  );
  return rows.map((row) => ({
    id: row.id,
    spaceId: row.space_id,
    messageId: row.message_id,
    state: row.state,
    askedBy: row.asked_by_name,
    note: row.note,
    dueOn: row.due_on,
    asked: asked
      .filter((person) => person.sign_off_id === row.id)
      .map((person) => ({ id: person.user_id, name: people.get(person.user_id)?.name ?? UNKNOWN_USER })),
    versions: versions
      .filter((version) => version.sign_off_id === row.id)
      .map((version) => {
        const answer = answers.find((stored) => stored.sign_off_id === row.id && stored.version === version.number);
        return {
          number: version.number,
          messageId: version.message_id,
          file:
            version.attachment_name && !version.deleted_at
              ? { name: version.attachment_name, url: attachmentPath(version.message_id) }
              : null,
          createdAt: version.created_at.toISOString(),
          answer: answer
            ? {
                answer: answer.answer,
                comment: answer.comment,
                by: answer.user_name,
                at: answer.created_at.toISOString(),
                files: answer.files,
              }
            : null,
        };
      }),
    withdrawn:
      row.withdrawn_at && row.withdrawn_by_name
        ? { by: row.withdrawn_because ?? row.withdrawn_by_name, at: row.withdrawn_at.toISOString() }
        : null,
    createdAt: row.created_at.toISOString(),
  }));
}

type StoredSignOff = Selectable<SignOffsTable>;
