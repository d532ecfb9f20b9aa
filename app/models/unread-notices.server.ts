import { sql } from "kysely";
import { db } from "~/services/db.server";
import { renderMail } from "~/services/mail-layout.server";
import { sendMail } from "~/services/mail.server";
import { loadActor, loadPeople } from "./actors.server";
import { usersWhoWant } from "./notification-preferences.server";
import { settingsPath } from "~/shared/paths";
import { hasMembership } from "./policy.server";
import { canSeeChat } from "./space-access.server";
import { quotedMessages, replyPart } from "./notice-mails.server";
import { NOTHING_READ, unreadMessagesOf } from "./unread.server";
import { issueSignInLink, revokeSignInLink, SIGN_IN_LINK_LIFETIME_MS } from "./sign-in-links.server";
import { chatName, sideOf } from "~/shared/chat-sides";

/*
 * Mail notices of unread messages (DESIGN.md: preferences are stored and used). A
 * member of a space with messages waiting unread there for more than a few minutes
 * gets one mail for that space, however many messages wait, linking to the
 * conversation; then no other until they have read the space again. "Told" is
 * space_reads.notified_at: a member is due when it is empty or older than their read
 * watermark (last_read_at). What counts as unread is app/models/unread.server.ts's rule
 * (the sweep below writes the same rule in SQL, over every member at once).
 *
 * The job queue runs it (app/process/jobs.server.ts): a sweep every minute finds who is
 * due, and one job per member and space claims, mails and, when the mail fails, gives
 * the claim back for a retry. The claim is one conditional write, so several
 * instances (or a retried job) never mail the same thing twice.
 */

/** How long messages wait unread before a mail goes out. */
export const NOTICE_AFTER_MS = 5 * 60 * 1000;
/** Older messages are history, not news: a member added to a long conversation is not mailed about it. */
const LOOKBACK_MS = 7 * 24 * 60 * 60 * 1000;
// What the sweep takes at once; the rest wait for the next minute.
const SWEEP_LIMIT = 500;

export type UnreadNotice = { userId: string; spaceId: string };

/** Who should be told now, and about which space. */
export async function findDueUnreadNotices(now = new Date()): Promise<UnreadNotice[]> {
  const dueBefore = new Date(now.getTime() - NOTICE_AFTER_MS);
  const since = new Date(now.getTime() - LOOKBACK_MS);
  const { rows } = await sql<{ user_id: string; space_id: string }>`
    with members as (
      select spaces.id as space_id, spaces.agency_id as user_id from spaces
      union
      select tms.space_id, tm.user_id
        from team_member_spaces tms join team_members tm on tm.id = tms.team_member_id
        where tm.user_id is not null
      union
      -- A space's team side: its assigned team members take part in it too (issue 38).
      select side.id, tm.user_id
        from spaces side
        join team_member_spaces tms on tms.space_id = side.team_side_of
        join team_members tm on tm.id = tms.team_member_id
        where tm.user_id is not null
      union
      select sc.space_id, c.user_id
        from space_clients sc join clients c on c.id = sc.client_id
        where c.user_id is not null
    )
    select members.user_id, members.space_id
    from members
    left join space_reads r on r.space_id = members.space_id and r.user_id = members.user_id
    where (r.notified_at is null or r.notified_at < r.last_read_at)
      and exists (
        select 1 from space_messages m
        where m.space_id = members.space_id
          and m.deleted_at is null
          and m.sender_id is distinct from members.user_id
          and m.created_at > coalesce(r.last_read_at, ${NOTHING_READ})
          and m.created_at > ${since}
          and m.created_at <= ${dueBefore}
      )
    limit ${SWEEP_LIMIT}
  `.execute(db);
  const wanting = new Set(await usersWhoWant([...new Set(rows.map((row) => row.user_id))], "unread_messages"));
  return rows.filter((row) => wanting.has(row.user_id)).map((row) => ({ userId: row.user_id, spaceId: row.space_id }));
}

/**
 * Mails one member about one space if they still take part in it and are still due:
 * claims the notice, gathers what waits, mails it with a sign-in link, and gives the
 * claim back if the mail fails (then throws, so the job is retried). Returns whether a
 * mail went out.
 */
export async function sendUnreadNotice({ userId, spaceId }: UnreadNotice, origin: string): Promise<boolean> {
  // The sweep may be minutes old: someone who has left the space since is not told of it.
  const actor = await loadActor(userId);
  if (!actor || !hasMembership(actor) || !(await canSeeChat(actor, spaceId))) return false;
  const claimedAt = await claim(userId, spaceId);
  if (!claimedAt) return false;
  const [space, unread] = await Promise.all([
    db.selectFrom("spaces").select(["id", "name", "team_side_of"]).where("id", "=", spaceId).executeTakeFirst(),
    unreadMessages(userId, spaceId, claimedAt),
  ]);
  if (!space || !unread.length || !(await usersWhoWant([userId], "unread_messages")).length) {
    await release(userId, spaceId, claimedAt);
    return false;
  }
  const token = await issueSignInLink(userId, spaceId);
  const spaceName = chatName(space.name, sideOf(space));
  try {
    const senders = await loadPeople(unread.map((message) => message.sender_id).filter((id) => id !== null));
    const reply = await replyPart(userId, spaceId, spaceName, origin);
    await sendMail({
      to: actor.email,
      replyTo: reply.replyTo,
      headers: reply.headers,
      ...noticeMail({
        origin,
        token,
        spaceName,
        count: unread.length,
        senderNames: [...senders.values()].map((person) => person.name),
        messages: quotedMessages(unread, senders),
        replyLine: reply.line,
        settingsUrl: `${origin}${settingsPath(actor.type)}/notifications`,
      }),
    });
  } catch (error) {
    await revokeSignInLink(token);
    await release(userId, spaceId, claimedAt);
    throw error;
  }
  return true;
}

/** Where the link in a notice leads: the page that signs its user in and opens the conversation. */
export function signInLinkUrl(origin: string, token: string, messageId?: string) {
  return `${origin}/conversation-link?${new URLSearchParams({ token, ...(messageId && { message: messageId }) })}`;
}

/** Marks the member told, if they are due; in one statement, so only one sender wins. */
async function claim(userId: string, spaceId: string): Promise<Date | null> {
  const claimedAt = new Date();
  const row = await db
    .insertInto("space_reads")
    .values({ space_id: spaceId, user_id: userId, last_read_at: NOTHING_READ, notified_at: claimedAt })
    .onConflict((oc) =>
      oc
        .columns(["space_id", "user_id"])
        .doUpdateSet({ notified_at: claimedAt })
        .where((eb) =>
          eb.or([
            eb("space_reads.notified_at", "is", null),
            eb("space_reads.notified_at", "<", eb.ref("space_reads.last_read_at")),
          ]),
        ),
    )
    .returning("notified_at")
    .executeTakeFirst();
  return row ? claimedAt : null;
}

/** Undoes a claim (unless the member has been told since): they are due again. */
async function release(userId: string, spaceId: string, claimedAt: Date) {
  await db
    .updateTable("space_reads")
    .set({ notified_at: null })
    .where("space_id", "=", spaceId)
    .where("user_id", "=", userId)
    .where("notified_at", "=", claimedAt)
    .execute();
}

function unreadMessages(userId: string, spaceId: string, now: Date) {
  return unreadMessagesOf(userId)
    .select([
      "space_messages.id",
      "space_messages.sender_id",
      "space_messages.content",
      "space_messages.attachment_name",
    ])
    .where("space_messages.space_id", "=", spaceId)
    .where("space_messages.created_at", ">", new Date(now.getTime() - LOOKBACK_MS))
    .orderBy("space_messages.created_at")
    .execute();
}

function noticeMail({
  origin,
  token,
  spaceName,
  count,
  senderNames,
  messages,
  replyLine,
  settingsUrl,
}: {
  origin: string;
  token: string;
  spaceName: string;
  count: number;
  senderNames: string[];
  messages: Array<{ from: string; text: string }>;
  replyLine: string;
  settingsUrl: string;
}) {
  const unread = count === 1 ? "1 unread message" : `${count} unread messages`;
  const hours = SIGN_IN_LINK_LIFETIME_MS / 3_600_000;
  const { html, text } = renderMail({
    heading: `You have ${unread} in ${spaceName}`,
    paragraphs: [
      senderNames.length
        ? `${listNames(senderNames)} wrote in ${spaceName} while you were away.`
        : `New messages arrived in ${spaceName} while you were away.`,
      replyLine,
    ],
    messages,
    closing: [
      `This link opens the conversation and signs you in. It works once, only for you, and expires in ${hours} hours.`,
    ],
    action: { label: "Open conversation", url: signInLinkUrl(origin, token) },
    footer: `You get this mail because unread-message notices are on. Turn them off in your notification settings: ${settingsUrl}`,
  });
  return { subject: `New messages in ${spaceName}`, html, text };
}

/** "Ada", "Ada and Ben", "Ada, Ben and 2 others". */
export function listNames(names: string[]): string {
  if (names.length <= 2) return names.join(" and ");
  return `${names.slice(0, 2).join(", ")} and ${names.length - 2} other${names.length === 3 ? "" : "s"}`;
}
