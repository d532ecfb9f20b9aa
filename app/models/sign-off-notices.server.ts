import { renderMail } from "~/services/mail-layout.server";
import { sendMail } from "~/services/mail.server";
import { settingsPath } from "~/shared/paths";
import { formatDay } from "~/shared/time-format";
import { replyPart } from "./notice-mails.server";
import { usersWhoWant } from "./notification-preferences.server";
import { signOffsWithCurrentFile } from "./sign-off-cards.server";
import { issueSignInLink, revokeSignInLink, SIGN_IN_LINK_LIFETIME_MS } from "./sign-in-links.server";
import { signInLinkUrl } from "./unread-notices.server";

/*
 * The mails of a sign-off (issue 39) to the people asked: the request when they are asked
 * (one job per person on "sign-off.asked", app/process/jobs.server.ts), and the reminders
 * the day before the due date and on it (sign-off-reminders.server.ts). A mail goes only
 * while the sign-off waits for an answer, to a person still asked who still takes part in
 * its space and whose "Sign-off requests and reminders" is on (it starts on); sendMail
 * skips an address that bounced. It carries the note and the due date, a link that signs
 * them in and opens the chat at the card, and a Reply-To that posts in the chat (issue
 * 37). The answer itself is given in the app, where it is recorded with its session.
 */

export type SignOffRequest = { signOffId: string; userId: string };
export type SignOffMailKind = "asked" | "day-before" | "due-day";

/**
 * The people asked to answer sign-offs that wait for an answer, each with what their mail
 * says, as a query to narrow (one sign-off and person, or the due dates of a sweep).
 */
export function askedAndWaiting() {
  return (
    signOffsWithCurrentFile()
      .innerJoin("sign_off_people", "sign_off_people.sign_off_id", "sign_offs.id")
      .innerJoin("users", "users.id", "sign_off_people.user_id")
      // Only a space's clients are asked: one removed from the space, or from the agency, hears no more of it.
      .innerJoin("clients", "clients.user_id", "users.id")
      .innerJoin("space_clients", (join) =>
        join
          .onRef("space_clients.client_id", "=", "clients.id")
          .onRef("space_clients.space_id", "=", "sign_offs.space_id"),
      )
      .innerJoin("agencies", "agencies.id", "spaces.agency_id")
      .select([
        "sign_offs.id as sign_off_id",
        "sign_offs.space_id",
        "sign_offs.message_id",
        "sign_offs.note",
        "sign_offs.due_on",
        "sign_offs.asked_by_name",
        "sign_offs.created_at",
        "users.id as user_id",
        "users.email",
        "users.user_type",
        "users.time_zone",
        "spaces.name as space_name",
        "agencies.agency_name",
        "space_messages.attachment_name as file_name",
      ])
      .where("sign_offs.state", "=", "waiting")
  );
}

export type AskedPerson = Awaited<ReturnType<ReturnType<typeof askedAndWaiting>["execute"]>>[number];

/** The job: mails one person asked the request, if it still waits for them and they want it. Returns whether a mail went out. */
export async function sendSignOffRequest({ signOffId, userId }: SignOffRequest, origin: string): Promise<boolean> {
  const person = await askedAndWaiting()
    .where("sign_offs.id", "=", signOffId)
    .where("users.id", "=", userId)
    .executeTakeFirst();
  if (!person || !(await usersWhoWant([userId], "sign_offs")).length) return false;
  await mailSignOff(person, "asked", origin);
  return true;
}

/** Mails the person about the sign-off with a sign-in link of their own; when the mail fails, the link is revoked and the error thrown. */
export async function mailSignOff(person: AskedPerson, kind: SignOffMailKind, origin: string): Promise<void> {
  const token = await issueSignInLink(person.user_id, person.space_id);
  try {
    const reply = await replyPart(person.user_id, person.space_id, person.space_name, origin);
    await sendMail({
      to: person.email,
      replyTo: reply.replyTo,
      headers: reply.headers,
      ...signOffMail(person, kind, { origin, token, replyLine: reply.line }),
    });
  } catch (error) {
    await revokeSignInLink(token);
    throw error;
  }
}

const DUE_WORDS: Record<SignOffMailKind, string> = {
  asked: "Due",
  "day-before": "Due tomorrow,",
  "due-day": "Due today,",
};

function signOffMail(
  person: AskedPerson,
  kind: SignOffMailKind,
  { origin, token, replyLine }: { origin: string; token: string; replyLine: string },
) {
  const file = person.file_name ?? "the file";
  const asks = `${person.agency_name} asks you to sign off ${file}`;
  const subject = kind === "asked" ? asks : `Reminder: ${asks}, due ${kind === "due-day" ? "today" : "tomorrow"}`;
  const hours = SIGN_IN_LINK_LIFETIME_MS / 3_600_000;
  const { html, text } = renderMail({
    heading: subject,
    paragraphs: [
      kind === "asked"
        ? `${person.asked_by_name} asks you to approve ${file} in ${person.space_name}, or to request changes.`
        : `${person.asked_by_name} is waiting for your answer on ${file} in ${person.space_name}: approve it, or request changes.`,
      ...(person.due_on ? [`${DUE_WORDS[kind]} ${formatDay(person.due_on)}.`] : []),
      replyLine,
    ],
    // The note, as the one who asked wrote it.
    messages: person.note ? [{ from: person.asked_by_name, text: person.note }] : [],
    closing: [
      "Approve or request changes in the conversation: your answer is recorded with the version of the file you saw.",
      `This link opens the conversation and signs you in. It works once, only for you, and expires in ${hours} hours.`,
    ],
    // The card's message, which the chat shows with this id (a signed-in browser keeps the fragment through the redirect).
    action: { label: "Review and sign off", url: signInLinkUrl(origin, token, person.message_id) },
    footer: `You get this mail because sign-off requests and reminders are on. Turn them off in your notification settings: ${origin}${settingsPath(person.user_type)}/notifications`,
  });
  return { subject, html, text };
}
