import { sql } from "kysely";
import type { UserType } from "#db/schema";
import { compiledQueryPer } from "~/services/compiled-queries.server";
import { db } from "~/services/db.server";
import { storage } from "~/services/storage.server";
import { SHARED_WITH_CLIENT } from "~/shared/audit-kinds";
import { sideOf, type ChatSide, type ChatTabs, type SharePreview } from "~/shared/chat-sides";
import type { SpaceOverview } from "~/shared/spaces";
import type { Actor } from "./actors.server";
import { recordActivity } from "./activity.server";
import { emit } from "./events.server";
import { isNotFound, notFound } from "./errors.server";
import { sendMessage, type SentMessage } from "./message-sending.server";
import { findVisibleMessage, MESSAGE_NOT_FOUND, type VisibleChat } from "./messages.server";
import { isAgencyStaff } from "./policy.server";
import { chatIdsVisibleTo, findVisibleChat, isUuid, SPACE_NOT_FOUND, teamSideOf, whoOf } from "./space-access.server";
import { overviewOf, spaceCards } from "./spaces.server";
import { unreadCountIn } from "./unread.server";

/*
 * Issue 38: a space's two chats, the client chat (the space itself) and its team-only
 * side, which only the agency's staff who see the space read (space-access.server.ts
 * decides who; ADR 034). Here: which side a chat is and where its other side is, the
 * tabs' unread counts, and Share with client, the one way from the team side to the
 * client's. Nothing moves the other way.
 */

export type ChatSides = {
  /** The space: its client chat's id, and where its settings, members and export live. */
  spaceId: string;
  /** This chat's side. */
  side: ChatSide;
  /** The tabs (agency staff only; a client never learns the team side exists): each side's id and unread count. */
  tabs: ChatTabs | null;
};

/** The chat a page opened: as its list reads it, its side, and how many of its messages the reader has not read. */
export type OpenedChat = VisibleChat & { side: ChatSide; unread: number };

/**
 * The chat, which side it is, and for staff both sides with their unread counts, in one
 * statement with its space as the page's header shows it (its overview and cards); and
 * the chat as its page lists it (`listMessagesIn`), so that a chat page reads its space
 * once. "Space not found" otherwise.
 */
export async function getChatOverview(
  actor: Actor,
  chatId: string,
): Promise<ChatSides & { space: SpaceOverview; chat: OpenedChat }> {
  const [row] = isUuid(chatId)
    ? await chatWithItsSpace(actor.type, { ...whoOf(actor), id: chatId, userId: actor.id })
    : [];
  if (!row) throw notFound(SPACE_NOT_FOUND);
  const { chat_team_side_of, chat_last_seq, chat_unread, team_side_id, client_unread, team_unread, cards, ...space } =
    row;
  const side = sideOf({ team_side_of: chat_team_side_of });
  const tabs =
    isAgencyStaff(actor) && team_side_id
      ? {
          client: { id: space.id, unread: Number(client_unread ?? 0) },
          team: { id: team_side_id, unread: Number(team_unread ?? 0) },
        }
      : null;
  return {
    spaceId: space.id,
    side,
    tabs,
    space: overviewOf(actor, space, cards),
    chat: { id: chatId, side, lastSeq: Number(chat_last_seq), unread: Number(chat_unread) },
  };
}

const chatWithItsSpace = compiledQueryPer(
  (type: UserType, values: ReturnType<typeof whoOf> & { id: string; userId: string }) => {
    const unreadIn = (chat: "chat.id" | "spaces.id" | "team_side.id") =>
      unreadCountIn(values.userId, sql.ref<string>(chat));
    return (
      db
        .selectFrom("spaces as chat")
        // The space: the chat itself, or the one whose team side it is.
        .innerJoin("spaces", (join) =>
          join.on((eb) => eb("spaces.id", "=", eb.fn.coalesce("chat.team_side_of", "chat.id"))),
        )
        .leftJoin("spaces as team_side", "team_side.team_side_of", "spaces.id")
        .selectAll("spaces")
        .select([
          "chat.team_side_of as chat_team_side_of",
          "chat.last_seq as chat_last_seq",
          unreadIn("chat.id").as("chat_unread"),
          "team_side.id as team_side_id",
        ])
        .select(spaceCards)
        .$if(isAgencyStaff({ type }), (query) =>
          query.select([unreadIn("spaces.id").as("client_unread"), unreadIn("team_side.id").as("team_unread")]),
        )
        .where("chat.id", "=", values.id)
        .where("chat.id", "in", chatIdsVisibleTo(type, values))
    );
  },
);

/**
 * Tells the sockets of these users that they no longer take part in the space: they leave
 * the rooms of both its chats at once (a team member unassigned mid-conversation hears
 * nothing more of the team side either).
 */
export async function announceAccessRemoved(spaceId: string, userIds: string[]) {
  for (const chatId of [spaceId, await teamSideOf(spaceId)]) emit("space.access-removed", { spaceId: chatId, userIds });
}

/** A team-only message as Share with client would copy it, or null when there is none such to share. */
export async function findShareable(actor: Actor, teamSideId: string, messageId: string): Promise<SharePreview | null> {
  try {
    const { message } = await shareableMessage(actor, teamSideId, messageId);
    return { id: message.id, content: message.content, attachmentName: message.attachment_name };
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/**
 * Share with client: copies a team-only message (its text and its file) into the space's
 * client chat as a new message of the person sharing, and records it in the audit log.
 * Only a message of the team side, read by someone who may read it; sharing the same
 * message twice (a form posted again) stores one copy.
 */
export async function shareWithClient(actor: Actor, teamSideId: string, messageId: string): Promise<SentMessage> {
  const { chat, message } = await shareableMessage(actor, teamSideId, messageId);
  const stored = message.attachment_key ? await storage().get(message.attachment_key) : null;
  const file =
    stored && message.attachment_name
      ? new File([new Uint8Array(stored.body)], message.attachment_name, { type: stored.contentType })
      : null;
  const sent = await sendMessage(actor, chat.space_id, {
    clientId: `share:${message.id}`,
    content: message.content,
    file,
  });
  if (!sent.duplicate) {
    await recordActivity(db, {
      agencyId: chat.agency_id,
      actorId: actor.id,
      action: SHARED_WITH_CLIENT,
      summary: `${actor.name} shared a team-only message with the client in ${chat.name}`,
      subjectType: "space",
      subjectId: chat.space_id,
    });
  }
  return sent;
}

/** A message of the team side the actor reads, not deleted, with the side; "Message not found" otherwise. */
async function shareableMessage(actor: Actor, teamSideId: string, messageId: string) {
  const chat = await findVisibleChat(actor, teamSideId);
  const message = await findVisibleMessage(actor, messageId);
  if (chat.team_side_of === null || message.space_id !== chat.id || message.deleted_at) {
    throw notFound(MESSAGE_NOT_FOUND);
  }
  return { chat: { ...chat, space_id: chat.team_side_of }, message };
}
