import { Resend, type WebhookEventPayload } from "resend";
import { env } from "./env.server";

/*
 * Resend's receiving side (issue 37): its webhooks, signed with the Svix scheme (the
 * SDK's verify: the signature over the exact body, a timestamp within five minutes), and
 * the mail itself, which the webhook only announces, fetched raw from the receiving API
 * with RESEND_API_KEY. RESEND_BASE_URL (the SDK's own setting) points both at a stand-in.
 */

export type SvixHeaders = { id: string; timestamp: string; signature: string };

/** Whether the webhook is set up: its secret, and the API key to fetch what it announces. */
export function resendWebhookConfigured(): boolean {
  const { RESEND_WEBHOOK_SECRET, RESEND_API_KEY } = env();
  return Boolean(RESEND_WEBHOOK_SECRET && RESEND_API_KEY);
}

const client = () => new Resend(env().RESEND_API_KEY);

/** The event, once its signature and time are right; throws otherwise. */
export function verifyResendWebhook(payload: string, headers: SvixHeaders): WebhookEventPayload {
  return client().webhooks.verify({
    payload,
    headers,
    webhookSecret: env().RESEND_WEBHOOK_SECRET ?? "",
  });
}

/** The received mail as it arrived (RFC 5322), from the receiving API and its download link. */
export async function fetchReceivedMail(emailId: string): Promise<Buffer> {
  const { data, error } = await client().emails.receiving.get(emailId);
  if (error || !data) throw new Error(`Resend did not return the received mail ${emailId}: ${error?.message}`);
  if (!data.raw?.download_url) throw new Error(`Resend has no raw message for the received mail ${emailId}`);
  const response = await fetch(data.raw.download_url);
  if (!response.ok) throw new Error(`The raw message of ${emailId} could not be downloaded (${response.status})`);
  return Buffer.from(await response.arrayBuffer());
}
