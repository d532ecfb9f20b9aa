import { sql } from "kysely";
import { db } from "~/services/db.server";
import { renderMail } from "~/services/mail-layout.server";
import { sendMail } from "~/services/mail.server";
import { loadActor, loadPeople, type Actor } from "./actors.server";
import { usersWhoWant } from "./notification-preferences.server";
import { settingsPath } from "~/shared/paths";
import { hasMembership } from "./policy.server";
import { isOnline } from "./presence.server";
import { canSeeChat } from "./space-access.server";
import { quotedMessages, replyPart } from "./notice-mails.server";
import { unreadMessagesOf } from "./unread.server";
import { revokeSignInLink, signInLinkToMail, type MailedSignInLink } from "./sign-in-links.server";
import { listNames, signInLinkUrl } from "./unread-notices.server";
import { chatName, sideOf } from "~/shared/chat-sides";

/*
 * The mail of a mention (issue 17): someone named in a message hears of it by mail, with
 * a one-click link to the conversation, when their "Mentions" preference is on (it starts
 * on), unless they are online (the app open in a tab, where the bell shows the mention as
 * it comes) or have read the message already. Only a member who may still see the space
 * is told, and only of messages that still mention them.
 *
 * A message tells each person once (mention_notices): an edit that takes a name out and
 * puts it back tells nobody again. And a person gets at most one mail per space every
 * MENTION_DIGEST_WINDOW_MS (mention_digests), listing every mention of them there that no
 * mail has carried yet; what comes meanwhile waits for the window and the job queue's
 * next try. That mail carries the previous one's sign-in link while it is unused and
 * valid, so that a stream of mentions fills neither a mailbox nor the table of links.
 */

/** A person hears of mentions in a space at most once per this long. */
export const MENTION_DIGEST_WINDOW_MS = 5 * 60 * 1000;

export type MentionDigest = { userId: string; spaceId: string };

/**
 * Notes that these people are told the message names them; returns those told of it for
 * the first time (an edit may name someone it named before).
 */
export async function firstToldOfMention(messageId: string, userIds: string[]): Promise<string[]> {
  if (!userIds.length) return [];
  const rows = await db
    .insertInto("mention_notices")
    .values(userIds.map((userId) => ({ user_id: userId, message_id: messageId })))
    .onConflict((oc) => oc.columns(["user_id", "message_id"]).doNothing())
    .returning("user_id")
    .execute();
  const told = new Set(rows.map((row) => row.user_id));
  return userIds.filter((userId) => told.has(userId));
}

/**
 * Mails the person their mentions waiting in the space, when a mail may go now. Returns
 * when the next may go while mentions wait for the window (the job tries again then),
 * else null. When sending fails, it gives back the window and the mentions, and throws
 * so that the job is retried.
 */
export async function sendMentionDigest(
  { userId, spaceId }: MentionDigest,
  origin: string,
  now = new Date(),
): Promise<Date | null> {
  const actor = await loadActor(userId);
  if (!actor || !hasMembership(actor) || !(await canSeeChat(actor, spaceId))) return null;
  if (!(await usersWhoWant([userId], "mentions")).length || (await isOnline(userId))) return null;
  const waiting = await waitingMentions(userId, spaceId);
  const news = await stillNews(userId, waiting);
  if (!news.length) return null;
  const claim = await claimWindow(userId, spaceId, now);
  if ("opensAt" in claim) return claim.opensAt;

  // Those no longer news (read, deleted, no longer naming them) are dealt with too.
  await settle(userId, waiting, { from: null, to: now });
  let link: MailedSignInLink | undefined;
  try {
    link = await signInLinkToMail(userId, spaceId, claim.previous?.sign_in_link_id ?? null);
    await db
      .updateTable("mention_digests")
      .set({ sign_in_link_id: link.id })
      .where("user_id", "=", userId)
      .where("space_id", "=", spaceId)
      .execute();
    await sendMail({ to: actor.email, ...(await digestMail(actor, spaceId, news, link, origin)) });
  } catch (error) {
    if (link && !link.reused) await revokeSignInLink(link.secret);
    await giveBack(userId, spaceId, waiting, now, claim.previous);
    throw error;
  }
  return null;
}

/** The messages of the space the person was told of that no mail has dealt with yet. */
async function waitingMentions(userId: string, spaceId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("mention_notices")
    .innerJoin("space_messages", "space_messages.id", "mention_notices.message_id")
    .select("mention_notices.message_id")
    .where("mention_notices.user_id", "=", userId)
    .where("mention_notices.settled_at", "is", null)
    .where("space_messages.space_id", "=", spaceId)
    .execute();
  return rows.map((row) => row.message_id);
}

type NewsOfMention = { id: string; senderId: string | null; content: string; attachmentName: string | null };

/** Those of the messages the person has not read that still name them, oldest first. */
async function stillNews(userId: string, messageIds: string[]): Promise<NewsOfMention[]> {
  if (!messageIds.length) return [];
  const rows = await unreadMessagesOf(userId)
    .select([
      "space_messages.id",
      "space_messages.sender_id",
      "space_messages.content",
      "space_messages.attachment_name",
    ])
    .where("space_messages.id", "in", messageIds)
    .where(sql<boolean>`space_messages.mentions @> ${JSON.stringify([{ userId }])}::jsonb`)
    .orderBy("space_messages.created_at")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    senderId: row.sender_id,
    content: row.content,
    attachmentName: row.attachment_name,
  }));
}

type PreviousMail = { mailed_at: Date; sign_in_link_id: string | null } | undefined;

/**
 * Takes the person's window for the space, when it is open: one conditional write, so
 * of two jobs that read the same last mail, one mails. Otherwise, when it opens.
 */
async function claimWindow(
  userId: string,
  spaceId: string,
  now: Date,
): Promise<{ previous: PreviousMail } | { opensAt: Date }> {
  const previous = await db
    .selectFrom("mention_digests")
    .select(["mailed_at", "sign_in_link_id"])
    .where("user_id", "=", userId)
    .where("space_id", "=", spaceId)
    .executeTakeFirst();
  const opensAt = new Date((previous?.mailed_at.getTime() ?? 0) + MENTION_DIGEST_WINDOW_MS);
  if (opensAt > now) return { opensAt };
  const claimed = previous
    ? await db
        .updateTable("mention_digests")
        .set({ mailed_at: now })
        .where("user_id", "=", userId)
        .where("space_id", "=", spaceId)
        .where("mailed_at", "=", previous.mailed_at)
        .returning("mailed_at")
        .executeTakeFirst()
    : await db
        .insertInto("mention_digests")
        .values({ user_id: userId, space_id: spaceId, mailed_at: now })
        .onConflict((oc) => oc.columns(["user_id", "space_id"]).doNothing())
        .returning("mailed_at")
        .executeTakeFirst();
  return claimed ? { previous } : { opensAt: new Date(now.getTime() + MENTION_DIGEST_WINDOW_MS) };
}

/** Marks the mentions as carried by the mail of `to` (null: waiting again), those now at `from`. */
async function settle(userId: string, messageIds: string[], { from, to }: { from: Date | null; to: Date | null }) {
  await db
    .updateTable("mention_notices")
    .set({ settled_at: to })
    .where("user_id", "=", userId)
    .where("message_id", "in", messageIds)
    .where("settled_at", from === null ? "is" : "=", from)
    .execute();
}

/** Undoes a mail that could not be sent: its mentions wait again, and the window is as it was. */
async function giveBack(userId: string, spaceId: string, messageIds: string[], at: Date, previous: PreviousMail) {
  await settle(userId, messageIds, { from: at, to: null });
  if (previous) {
    await db
      .updateTable("mention_digests")
      .set({ mailed_at: previous.mailed_at, sign_in_link_id: previous.sign_in_link_id })
      .where("user_id", "=", userId)
      .where("space_id", "=", spaceId)
      .where("mailed_at", "=", at)
      .execute();
  } else {
    await db
      .deleteFrom("mention_digests")
      .where("user_id", "=", userId)
      .where("space_id", "=", spaceId)
      .where("mailed_at", "=", at)
      .execute();
  }
}

async function digestMail(
  actor: Actor,
  spaceId: string,
  news: NewsOfMention[],
  link: MailedSignInLink,
  origin: string,
) {
  const row = await db
    .selectFrom("spaces")
    .select(["name", "team_side_of"])
    .where("id", "=", spaceId)
    .executeTakeFirstOrThrow();
  const space = { name: chatName(row.name, sideOf(row)) };
  const senders = await loadPeople([...new Set(news.flatMap((mention) => mention.senderId ?? []))]);
  const nameOf = (mention: NewsOfMention) => (mention.senderId && senders.get(mention.senderId)?.name) || "Someone";
  const who = listNames([...new Set(news.map(nameOf))]);
  const where = news.length === 1 ? `a message in ${space.name}` : `${news.length} messages in ${space.name}`;
  const hours = Math.max(1, Math.floor((link.expiresAt.getTime() - Date.now()) / 3_600_000));
  const reply = await replyPart(actor.id, spaceId, space.name, origin);
  const { html, text } = renderMail({
    heading: `${who} mentioned you in ${space.name}`,
    // What they wrote, so it can be read and answered from the mail (issue 37, superseding decision 007).
    paragraphs: [`${who} mentioned you in ${where}.`, reply.line],
    messages: quotedMessages(
      news.map((mention) => ({
        sender_id: mention.senderId,
        content: mention.content,
        attachment_name: mention.attachmentName,
      })),
      senders,
    ),
    closing: [
      `This link opens the conversation and signs you in. It works once, only for you, and expires in ${hours} hour${hours === 1 ? "" : "s"}.`,
    ],
    action: { label: "Open conversation", url: signInLinkUrl(origin, link.secret) },
    footer: `You get this mail because mention notices are on. Turn them off in your notification settings: ${origin}${settingsPath(actor.type)}/notifications`,
  });
  return {
    subject: `${who} mentioned you in ${space.name}`,
    html,
    text,
    replyTo: reply.replyTo,
    headers: reply.headers,
  };
}
