import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Refusal } from "~/models/errors.server";
import { resendWebhookReady, takeResendWebhook } from "~/models/mail-events.server";
import { readText } from "~/web/request.server";

/*
 * POST /webhooks/resend: Resend's webhook (issue 37), signed with the Svix scheme. Not
 * through the form pipeline: the body is JSON whose signature covers its exact bytes, and
 * the answer is for Resend, whose retries a 2xx stops. Without the secret and API key the
 * webhook is not set up here, and the address is a 404 like any other.
 */

export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export async function action({ request }: ActionFunctionArgs) {
  if (!resendWebhookReady()) throw new Response("Not Found", { status: 404 });
  const payload = await readText(request);
  const header = (name: string) => request.headers.get(name) ?? "";
  try {
    await takeResendWebhook(payload, {
      id: header("svix-id"),
      timestamp: header("svix-timestamp"),
      signature: header("svix-signature"),
    });
  } catch (error) {
    if (error instanceof Refusal) return json({ ok: false, error: error.message }, { status: error.status });
    throw error;
  }
  return json({ ok: true });
}
