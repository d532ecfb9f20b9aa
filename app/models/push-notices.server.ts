import type { UserType } from "#db/schema";
import { db } from "~/services/db.server";
import { sendPushes } from "~/services/web-push.server";
import { loadPeople } from "./actors.server";
import { usersWhoWant } from "./notification-preferences.server";
import { spacePath } from "~/shared/paths";
import { onlineAmong } from "./presence.server";
import { pushTargetsOf, recordPushOutcomes } from "./push-subscriptions.server";
import { spaceMemberUserIds } from "./space-access.server";
import { chatName, sideOf } from "~/shared/chat-sides";

/*
 * Push notifications of the chat (issue 21): a new message goes to the space's members,
 * its sender aside, who have no connected socket (in the app, the chat and the bell show
 * it as it comes) and whose "Unread messages" preference is on; a member it names hears
 * of it as a mention instead, when their "Mentions" preference is on (pushMention, also
 * for a name added by an edit). Each push goes to every browser the person turned push on
 * in (a few at a time, web-push.server.ts), and opens the space's chat at their own address.
 */

export type MessagePush = { messageId: string };
export type MentionPush = { messageId: string; userId: string };

/** What the service worker (public/sw.js) shows: the notification and the page its click opens. */
export type PushPayload = { title: string; body: string; url: string; tag: string };

/** How long a push service keeps a push for a device that is off: after a day it is old news. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
const BODY_MAX = 140;

/** Pushes a new message to the members who should hear of it; returns whom it went to. */
export async function pushNewMessage({ messageId }: MessagePush): Promise<string[]> {
  const message = await findMessage(messageId);
  if (!message) return [];
  const members = (await spaceMemberUserIds(message.spaceId)).filter((id) => id !== message.senderId);
  const named = new Set(message.mentionedIds);
  const toldOfMention = new Set(
    await usersWhoWant(
      members.filter((id) => named.has(id)),
      "mentions",
    ),
  );
  const wanting = await usersWhoWant(
    members.filter((id) => !toldOfMention.has(id)),
    "unread_messages",
  );
  return deliver(message, await notInApp(wanting), "message");
}

/** Pushes "mentioned you" to one member the message names, if they should hear of it; returns whether it went. */
export async function pushMention({ messageId, userId }: MentionPush): Promise<boolean> {
  const message = await findMessage(messageId);
  if (!message || message.senderId === userId || !message.mentionedIds.includes(userId)) return false;
  if (!(await spaceMemberUserIds(message.spaceId)).includes(userId)) return false;
  if (!(await usersWhoWant([userId], "mentions")).length) return false;
  return (await deliver(message, await notInApp([userId]), "mention")).length > 0;
}

type PushedMessage = NonNullable<Awaited<ReturnType<typeof findMessage>>>;

async function findMessage(messageId: string) {
  const row = await db
    .selectFrom("space_messages")
    .innerJoin("spaces", "spaces.id", "space_messages.space_id")
    .select([
      "space_messages.space_id",
      "space_messages.sender_id",
      "space_messages.content",
      "space_messages.attachment_name",
      "space_messages.mentions",
      "spaces.name as space_name",
      "spaces.team_side_of",
    ])
    .where("space_messages.id", "=", messageId)
    .where("space_messages.deleted_at", "is", null)
    .executeTakeFirst();
  if (!row) return null;
  const sender = row.sender_id ? (await loadPeople([row.sender_id])).get(row.sender_id) : undefined;
  return {
    spaceId: row.space_id,
    senderId: row.sender_id,
    senderName: sender?.name ?? "Someone",
    spaceName: chatName(row.space_name, sideOf(row)),
    text: firstLine(row.content) || (row.attachment_name ? `Sent a file: ${row.attachment_name}` : ""),
    mentionedIds: row.mentions.map((mention) => mention.userId),
  };
}

/** Those of the users with no socket connected anywhere (whether or not they show others when they are active). */
async function notInApp(userIds: string[]): Promise<string[]> {
  const online = await onlineAmong(userIds);
  return userIds.filter((id) => !online.has(id));
}

async function deliver(message: PushedMessage, userIds: string[], kind: "message" | "mention"): Promise<string[]> {
  const targets = await pushTargetsOf(userIds);
  if (!targets.size) return [];
  const types = await userTypes([...targets.keys()]);
  const sends = [...targets].flatMap(([userId, browsers]) => {
    const payload: PushPayload = {
      title:
        kind === "mention"
          ? `${message.senderName} mentioned you in ${message.spaceName}`
          : `${message.senderName} in ${message.spaceName}`,
      body: message.text,
      url: spacePath(types.get(userId) ?? "AGENCY", message.spaceId),
      // One notification per space on the device: a newer message replaces the one before.
      tag: `space:${message.spaceId}`,
    };
    return browsers.map((browser, nth) => ({ userId, browser, nth, payload: JSON.stringify(payload) }));
  });
  // Everyone's first browser before anyone's second: one person's many, slow or failing, hold up no one else.
  sends.sort((a, b) => a.nth - b.nth);
  // Not retried: a chat notification that comes minutes late is noise. The mails remain.
  const outcomes = await sendPushes(
    sends.map(({ browser, payload }) => ({ target: browser, payload })),
    PUSH_TTL_SECONDS,
  );
  await recordPushOutcomes(sends.map(({ browser }, index) => ({ browser, outcome: outcomes[index] })));
  return [...new Set(sends.filter((_, index) => outcomes[index].status === "delivered").map(({ userId }) => userId))];
}

async function userTypes(userIds: string[]): Promise<Map<string, UserType>> {
  const rows = await db.selectFrom("users").select(["id", "user_type"]).where("id", "in", userIds).execute();
  return new Map(rows.map((row) => [row.id, row.user_type]));
}

function firstLine(content: string): string {
  const line = content.trim().split("\n", 1)[0].trim();
  return line.length > BODY_MAX ? `${line.slice(0, BODY_MAX - 1)}…` : line;
}
