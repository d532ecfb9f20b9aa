import crypto from "node:crypto";
import { db } from "~/services/db.server";
import { env } from "~/services/env.server";
import { newTextOf, parseMail, type ReceivedMail } from "~/services/inbound-mail.server";
import { BRAND, renderMail } from "~/services/mail-layout.server";
import { sendMail } from "~/services/mail.server";
import { MESSAGE_MAX_LENGTH } from "~/shared/chat-message";
import { loadActor } from "./actors.server";
import { Refusal } from "./errors.server";
import { sendMessage } from "./message-sending.server";
import { hasMembership } from "./policy.server";
import { findReplyAddress, replyDomain, replyTokenIn } from "./reply-addresses.server";
import { canSeeChat } from "./space-access.server";
import { appOrigin } from "./site.server";

/*
 * A reply to a notice mail, posted in its space (issue 37), on the chat's rules: the
 * reply address says who and where, the From address must be that person's own, the
 * person must still take part in the space (sendMessage asks again as it stores), and
 * the same mail delivered twice posts once. What the mail quotes is cut; its files become
 * the messages' files under the chat's limits. A reply that cannot be posted gets one
 * short answer saying why (at most one an hour per address); auto-replies and our own
 * mails coming back get nothing, so two robots never write to each other for ever.
 */

/** What one mail may be, and how many replies a person and an agency may post by mail. */
export const MAIL_REPLY_LIMITS = {
  maxBytes: 25 * 1024 * 1024,
  maxFiles: 5,
  perPersonPerMinute: 5,
  perAgencyPerHour: 300,
};

const ANSWER_EVERY_MS = 3_600_000;

/** Why a reply was not posted, as its answer mail says it. */
export const REPLY_REFUSED = {
  unknownAddress:
    "This reply address no longer works, so your reply was not posted. Open the conversation in the app to answer.",
  notThePerson:
    "Replies to this address are only taken from the address the notice was sent to, so your reply was not posted.",
  notAMember: "You no longer take part in this space, so your reply was not posted.",
  tooLarge: "Your reply is larger than 25 MB, so it was not posted. Share large files in the app.",
  tooLong: `Your reply is longer than ${MESSAGE_MAX_LENGTH.toLocaleString("en-US")} characters, so it was not posted.`,
  empty: "We found no new text or file in your reply, so nothing was posted. Write above the quoted message.",
  tooMany: "You sent many replies in a short time, so this one was not posted. Please wait a minute and send it again.",
  agencyBusy: "This workspace has received too many replies by email this hour. Please answer in the app.",
};

type RefusalReason = keyof typeof REPLY_REFUSED;

export type ReplyOutcome =
  | { posted: true; spaceId: string; messageIds: string[]; leftOut: Array<{ name: string; reason: string }> }
  | { posted: false; reason: RefusalReason | "duplicate" | "automatic" };

/**
 * Receives one raw mail (an .eml file, or what the provider's API returns). `providerId`
 * is the provider's id of the mail, when it has one; otherwise the Message-ID says
 * whether it came before.
 */
export async function receiveMailReply(
  raw: Buffer,
  { providerId }: { providerId?: string } = {},
): Promise<ReplyOutcome> {
  const mail = await parseMail(raw);
  if (isAutomatic(mail)) return { posted: false, reason: "automatic" };
  const key = providerId ?? mail.messageId ?? crypto.createHash("sha256").update(raw).digest("hex");
  const first = await db
    .insertInto("inbound_mails")
    .values({ key, sender: mail.from ?? "" })
    .onConflict((oc) => oc.column("key").doNothing())
    .returning("key")
    .executeTakeFirst();
  if (!first) return { posted: false, reason: "duplicate" };

  const outcome = await post(mail, raw.byteLength, key).catch(async (error: unknown) => {
    // Not handled: the next delivery of the same mail (a retry) tries again.
    await db.deleteFrom("inbound_mails").where("key", "=", key).execute();
    throw error;
  });
  if (!outcome.posted) await answerRefusal(mail, key, outcome.reason);
  return outcome;
}

async function post(mail: ReceivedMail, size: number, key: string): Promise<ReplyOutcome> {
  const refuse = async (reason: RefusalReason, who?: { userId: string; spaceId: string }) => {
    await note(key, reason, who);
    return { posted: false, reason } as const;
  };
  const token = replyTokenIn(mail.recipients);
  const address = token ? await findReplyAddress(token) : null;
  if (!address) return refuse("unknownAddress");
  const actor = await loadActor(address.userId);
  if (!actor || actor.email.toLowerCase() !== mail.from) return refuse("notThePerson");
  if (!hasMembership(actor) || !(await canSeeChat(actor, address.spaceId))) return refuse("notAMember", address);
  if (size > MAIL_REPLY_LIMITS.maxBytes) return refuse("tooLarge", address);
  if ((await repliesPosted({ userId: actor.id }, 60_000)) >= MAIL_REPLY_LIMITS.perPersonPerMinute) {
    return refuse("tooMany", address);
  }
  if (
    actor.agencyId &&
    (await repliesPosted({ agencyId: actor.agencyId }, 3_600_000)) >= MAIL_REPLY_LIMITS.perAgencyPerHour
  ) {
    return refuse("agencyBusy", address);
  }
  const text = beforeOurQuote(newTextOf(mail.text)).trim();
  if (text.length > MESSAGE_MAX_LENGTH) return refuse("tooLong", address);
  const files = mail.files.slice(0, MAIL_REPLY_LIMITS.maxFiles);
  const leftOut = mail.files
    .slice(MAIL_REPLY_LIMITS.maxFiles)
    .map((file) => ({ name: file.name, reason: `Only ${MAIL_REPLY_LIMITS.maxFiles} files are taken from one email.` }));
  if (!text && !files.length) return refuse("empty", address);

  // One message for the text, one for each file: a chat message carries one file. Their
  // client ids come from the mail, so a second delivery that got this far stores nothing new.
  const clientId = (part: number) =>
    `mail:${crypto.createHash("sha256").update(key).digest("hex").slice(0, 40)}:${part}`;
  const messageIds: string[] = [];
  if (text) {
    const sent = await sendMessage(actor, address.spaceId, { clientId: clientId(0), content: text, viaEmail: true });
    messageIds.push(sent.message.id);
  }
  for (const [index, file] of files.entries()) {
    try {
      const upload = new File([file.bytes], file.name, { type: file.contentType });
      const sent = await sendMessage(actor, address.spaceId, {
        clientId: clientId(index + 1),
        content: "",
        file: upload,
        viaEmail: true,
      });
      messageIds.push(sent.message.id);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      leftOut.push({ name: file.name, reason: error.message });
    }
  }
  if (!messageIds.length) {
    await note(key, "empty", address);
    await answer(mail, key, "Your reply was not posted", [
      "None of the files in your reply could be added:",
      ...leftOut.map((file) => `${file.name}: ${file.reason}`),
    ]);
    return { posted: false, reason: "empty" };
  }
  await note(key, "posted", address);
  if (leftOut.length) {
    await answer(mail, key, "Some files of your reply were not added", [
      "Your reply was posted, but these files were left out:",
      ...leftOut.map((file) => `${file.name}: ${file.reason}`),
    ]);
  }
  return { posted: true, spaceId: address.spaceId, messageIds, leftOut };
}

/**
 * Auto-replies, mailing lists and our own mails coming back (RFC 3834's Auto-Submitted,
 * the Precedence and auto-response headers mail servers set, the usual out-of-office
 * subjects, our sender or Message-IDs): never posted, never answered.
 */
export function isAutomatic(mail: Pick<ReceivedMail, "headers" | "subject" | "from" | "messageId">): boolean {
  const header = (name: string) => mail.headers.get(name)?.trim().toLowerCase();
  const submitted = header("auto-submitted");
  if (submitted && submitted !== "no") return true;
  if (/^(bulk|junk|list|auto_reply)$/.test(header("precedence") ?? "")) return true;
  if (["x-autoreply", "x-autorespond", "x-auto-response-suppress", "list-id"].some((name) => mail.headers.has(name)))
    return true;
  if (
    /^(auto(matic)?[ -]?(reply|response)|out of (the )?office|abwesenheit|r[ée]ponse automatique)/i.test(mail.subject)
  )
    return true;
  if (mail.from && (mail.from === ownAddress() || mail.from.endsWith(`@${replyDomain()}`))) return true;
  return Boolean(mail.messageId?.endsWith(`@${new URL(appOrigin()).hostname}>`));
}

/** The address our mails come from (MAIL_FROM's, without its name). */
function ownAddress(): string {
  const from = env().MAIL_FROM;
  return (/<([^>]+)>/.exec(from)?.[1] ?? from).trim();
}

/**
 * Our notices quote the messages they carry; a reply that quotes the notice without
 * anything the parser knows as a quote (some web mail and Outlook forms) would post it
 * again. The notice's text begins with our brand line, so what follows it is cut here;
 * no parser knows our own mails.
 */
function beforeOurQuote(text: string): string {
  const at = text.search(new RegExp(`^[> ]*${BRAND}\\s*$`, "m"));
  return at === -1 ? text : text.slice(0, at);
}

async function note(key: string, outcome: string, who?: { userId: string; spaceId: string }) {
  await db
    .updateTable("inbound_mails")
    .set({ outcome, user_id: who?.userId ?? null, space_id: who?.spaceId ?? null })
    .where("key", "=", key)
    .execute();
}

/** How many replies were posted by mail in the last `ms`, by the person or in the agency's spaces. */
async function repliesPosted(by: { userId: string } | { agencyId: string }, ms: number): Promise<number> {
  let query = db
    .selectFrom("inbound_mails")
    .innerJoin("spaces", "spaces.id", "inbound_mails.space_id")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("inbound_mails.outcome", "=", "posted")
    .where("inbound_mails.received_at", ">", new Date(Date.now() - ms));
  query =
    "userId" in by
      ? query.where("inbound_mails.user_id", "=", by.userId)
      : query.where("spaces.agency_id", "=", by.agencyId);
  return Number((await query.executeTakeFirstOrThrow()).count);
}

async function answerRefusal(mail: ReceivedMail, key: string, reason: RefusalReason | "duplicate" | "automatic") {
  if (reason === "duplicate" || reason === "automatic") return;
  await answer(mail, key, "Your reply was not posted", [REPLY_REFUSED[reason]]);
}

/** One short answer to the sender, unless they had one in the last hour (a flood is not answered mail for mail). */
async function answer(mail: ReceivedMail, key: string, subject: string, paragraphs: string[]) {
  if (!mail.from) return;
  const since = new Date(Date.now() - ANSWER_EVERY_MS);
  const answeredLately = await db
    .selectFrom("inbound_mails")
    .select("key")
    .where("sender", "=", mail.from)
    .where("answered_at", ">", since)
    .executeTakeFirst();
  if (answeredLately) return;
  await db.updateTable("inbound_mails").set({ answered_at: new Date() }).where("key", "=", key).execute();
  const { html, text } = renderMail({ heading: subject, paragraphs });
  await sendMail({
    to: mail.from,
    subject: `Re: ${mail.subject}`.slice(0, 200),
    html,
    text,
    headers: {
      "Auto-Submitted": "auto-replied",
      ...(mail.messageId ? { "In-Reply-To": mail.messageId, References: mail.messageId } : {}),
    },
  });
}
