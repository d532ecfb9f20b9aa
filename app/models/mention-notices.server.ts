import { db } from "~/services/db.server";
import { renderMail } from "~/services/mail-layout.server";
import { sendMail } from "~/services/mail.server";
import { loadActor, loadPeople } from "./actors.server";
import { usersWhoWant } from "./notification-preferences.server";
import { settingsPath } from "./paths";
import { hasMembership } from "./policy.server";
import { isOnline } from "./presence.server";
import { canSeeSpace } from "./space-access.server";
import { NOTHING_READ } from "./unread.server";
import { issueSignInLink, revokeSignInLink, SIGN_IN_LINK_LIFETIME_MS } from "./sign-in-links.server";
import { signInLinkUrl } from "./unread-notices.server";

/*
 * The mail of a mention (issue 17): someone named in a message hears of it by mail, with
 * the unread notices' one-click link to the conversation, when their "Mentions"
 * preference is on (it starts on), right away, unless they are online (the app open in a
 * tab, where the bell shows the mention as it comes) or have read the message already.
 * Only a member who may still see the space is told, and only of a message that still
 * mentions them.
 */

export type MentionNotice = { messageId: string; userId: string };

/** Mails the notice if it is still news; returns whether a mail went out. Throws (and retries) when sending fails. */
export async function sendMentionNotice({ messageId, userId }: MentionNotice, origin: string): Promise<boolean> {
  const actor = await loadActor(userId);
  if (!actor || !hasMembership(actor)) return false;
  const message = await db
    .selectFrom("space_messages")
    .innerJoin("spaces", "spaces.id", "space_messages.space_id")
    .leftJoin("space_reads", (join) =>
      join.onRef("space_reads.space_id", "=", "space_messages.space_id").on("space_reads.user_id", "=", userId),
    )
    .select([
      "space_messages.space_id",
      "space_messages.sender_id",
      "space_messages.created_at",
      "space_messages.mentions",
      "space_messages.deleted_at",
      "spaces.name as space_name",
      "space_reads.last_read_at",
    ])
    .where("space_messages.id", "=", messageId)
    .executeTakeFirst();
  if (!message || message.deleted_at || message.sender_id === userId) return false;
  if (!message.mentions.some((mention) => mention.userId === userId)) return false;
  if ((message.last_read_at ?? NOTHING_READ) >= message.created_at) return false;
  if (!(await canSeeSpace(actor, message.space_id))) return false;
  if (!(await usersWhoWant([userId], "mentions")).length) return false;
  if (await isOnline(userId)) return false;

  const sender = message.sender_id ? (await loadPeople([message.sender_id])).get(message.sender_id) : undefined;
  const token = await issueSignInLink(userId, message.space_id);
  const hours = SIGN_IN_LINK_LIFETIME_MS / 3_600_000;
  const who = sender?.name ?? "Someone";
  const { html, text } = renderMail({
    heading: `${who} mentioned you in ${message.space_name}`,
    paragraphs: [
      `${who} mentioned you in a message in ${message.space_name}.`,
      `This link opens the conversation and signs you in. It works once, only for you, and expires in ${hours} hours.`,
    ],
    action: { label: "Open conversation", url: signInLinkUrl(origin, token) },
    footer: `You get this mail because mention notices are on. Turn them off in your notification settings: ${origin}${settingsPath(actor.type)}/notifications`,
  });
  try {
    await sendMail({ to: actor.email, subject: `${who} mentioned you in ${message.space_name}`, html, text });
  } catch (error) {
    await revokeSignInLink(token);
    throw error;
  }
  return true;
}
