import { db } from "~/services/db.server";
import { enqueue } from "~/services/jobs.server";
import { suppressedAmong, suppressionAddress } from "~/services/mail.server";
import {
  fetchReceivedMail,
  resendWebhookConfigured,
  verifyResendWebhook,
  type SvixHeaders,
} from "~/services/resend-inbound.server";
import { Refusal } from "./errors.server";
import { receiveMailReply, type ReplyOutcome } from "./mail-replies.server";

/*
 * What Resend's webhook tells us (issue 37): a mail received at a reply address. The
 * request only verifies the event, queues its work and notes it (once per Svix id), and answers; a job
 * fetches the mail and posts it (receiveResendMail), retried with back-off when Resend
 * cannot be reached, and never posting twice (receiveMailReply's own once-only rule).
 * A hard bounce or a complaint suppresses the address. Other events are acknowledged
 * and left alone.
 */

export const WEBHOOK_REFUSED = "Invalid webhook signature.";

/** The job queue that fetches and posts a received mail (app/process/jobs.server.ts runs it). */
export const RECEIVED_MAIL_QUEUE = "mail-replies.receive";

/** Whether the webhook takes events here: RESEND_WEBHOOK_SECRET, and RESEND_API_KEY to fetch the mail. */
export function resendWebhookReady(): boolean {
  return resendWebhookConfigured();
}

/** Verifies and stores one delivery of the webhook; a refusal (400) when its signature or time is wrong. */
export async function takeResendWebhook(payload: string, headers: SvixHeaders): Promise<void> {
  let event: ReturnType<typeof verifyResendWebhook>;
  try {
    event = verifyResendWebhook(payload, headers);
  } catch {
    throw new Refusal(WEBHOOK_REFUSED);
  }
  const seen = await db.selectFrom("mail_events").select("id").where("id", "=", headers.id).executeTakeFirst();
  if (seen) return;
  const emailId = event.type === "email.received" ? event.data.email_id : null;
  // Queued before the event is noted: if noting fails, Resend delivers it again and the
  // job is queued again (one waiting per mail; receiveMailReply posts a mail once anyway).
  if (emailId) await enqueue(RECEIVED_MAIL_QUEUE, { emailId }, { singletonKey: emailId });
  // A hard bounce or a complaint: no more mail to those addresses (sendMail), and their people are told.
  const suppressed =
    event.type === "email.complained"
      ? { reason: "complained" as const, to: event.data.to }
      : event.type === "email.bounced" && event.data.bounce.type === "Permanent"
        ? { reason: "bounced" as const, to: event.data.to }
        : null;
  if (suppressed?.to.length) {
    await db
      .insertInto("email_suppressions")
      .values(suppressed.to.map((address) => ({ address: suppressionAddress(address), reason: suppressed.reason })))
      .onConflict((oc) => oc.column("address").doNothing())
      .execute();
  }
  await db
    .insertInto("mail_events")
    .values({ id: headers.id, type: event.type, email_id: emailId })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}

/** The job's part: the mail Resend received, fetched and posted as a reply. */
export async function receiveResendMail(emailId: string): Promise<ReplyOutcome> {
  return receiveMailReply(await fetchReceivedMail(emailId), { providerId: `resend:${emailId}` });
}

/** Whether mail to the address bounced for good or was marked as spam: the rosters and the person's banner say so. */
export function emailBouncing(addresses: readonly string[]): Promise<Set<string>> {
  return suppressedAmong(addresses);
}
