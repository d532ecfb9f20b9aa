import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { receiveResendMail, WEBHOOK_REFUSED } from "~/models/mail-events.server";
import { replyAddressFor } from "~/models/reply-addresses.server";
import { attachJobs, detachJobs } from "~/process/jobs.server";
import * as webhook from "~/routes/webhooks.resend";
import * as clients from "~/routes/_agency.clients";
import * as clientLayout from "~/routes/client";
import { db } from "~/services/db.server";
import { isSuppressed, sendMail } from "~/services/mail.server";
import { fixtureMail, plainMail } from "#tests/support/mails";
import { call, cookieFor, getRequest } from "#tests/support/requests";
import { clientSpace } from "#tests/support/space-worlds";

/*
 * Resend's webhook and receiving API (issue 37), against a stand-in on this machine that
 * signs like Resend (the Svix scheme, here through the standard-webhooks library Resend's
 * SDK verifies with) and serves the received mail as its API does.
 */

const SECRET = `whsec_${crypto.randomBytes(24).toString("base64")}`;
const received = new Map<string, Buffer>();
const apiCalls: string[] = [];
let failNext = 0;
const resend = http.createServer((request, response) => {
  apiCalls.push(`${request.method} ${request.url}`);
  const base = `http://127.0.0.1:${(resend.address() as AddressInfo).port}`;
  const reply = (status: number, body: unknown) =>
    response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  if (failNext > 0) {
    failNext -= 1;
    return reply(503, { name: "internal_server_error", message: "Try again" });
  }
  const api = /^\/emails\/receiving\/([\w-]+)$/.exec(request.url ?? "");
  if (api && received.has(api[1])) {
    return reply(200, {
      object: "email",
      id: api[1],
      raw: { download_url: `${base}/raw/${api[1]}`, expires_at: new Date(Date.now() + 3_600_000).toISOString() },
      attachments: [],
    });
  }
  const raw = /^\/raw\/([\w-]+)$/.exec(request.url ?? "");
  if (raw && received.has(raw[1])) return response.writeHead(200).end(received.get(raw[1]));
  // A mail our answers send (POST /emails).
  if (request.method === "POST" && request.url === "/emails") return reply(200, { id: crypto.randomUUID() });
  reply(404, { name: "not_found", message: "Not found" });
});
await new Promise<void>((resolve) => resend.listen(0, "127.0.0.1", resolve));
process.env.RESEND_BASE_URL = `http://127.0.0.1:${(resend.address() as AddressInfo).port}`;
process.env.RESEND_API_KEY = "re_test_key";
process.env.RESEND_WEBHOOK_SECRET = SECRET;
process.env.MAIL_REPLY_DOMAIN = "reply.example.test";

beforeAll(async () => {
  await attachJobs();
});
afterAll(async () => {
  await detachJobs();
  await new Promise<void>((resolve) => resend.close(() => resolve()));
});

/** The webhook's POST as Resend sends it: a JSON event, signed with `secret` at `at`, under a delivery id. */
function delivery(event: object, { id = `msg_${crypto.randomUUID()}`, secret = SECRET, at = new Date() } = {}) {
  const body = JSON.stringify(event);
  return new Request("http://localhost:3000/webhooks/resend", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "svix-id": id,
      "svix-timestamp": String(Math.floor(at.getTime() / 1000)),
      "svix-signature": new Webhook(secret).sign(id, at, body),
    },
    body,
  });
}

const receivedEvent = (emailId: string) => ({
  type: "email.received",
  created_at: new Date().toISOString(),
  data: {
    email_id: emailId,
    from: "",
    to: [],
    bcc: [],
    cc: [],
    received_for: [],
    message_id: "",
    subject: "",
    attachments: [],
  },
});

async function world() {
  const { owner, alice, launch } = await clientSpace();
  return { owner, alice, launch, address: (await replyAddressFor(alice.id, launch.id))! };
}

const messagesIn = (spaceId: string) =>
  db.selectFrom("space_messages").select(["content", "via_email"]).where("space_id", "=", spaceId).execute();

describe("Resend's webhook", () => {
  test("a mail received: answered at once, then fetched by a job and posted in its space", async () => {
    const { alice, launch, address } = await world();
    const emailId = crypto.randomUUID();
    received.set(emailId, fixtureMail("outlook-top-posted", { from: alice.email, to: address }));
    const response = await call(webhook.action, delivery(receivedEvent(emailId)));
    expect(response.status).toBe(200);
    await vi.waitFor(
      async () =>
        expect(await messagesIn(launch.id)).toEqual([{ content: expect.stringMatching(/^Approved/), via_email: true }]),
      { timeout: 20_000, interval: 200 },
    );
    expect(apiCalls).toContain(`GET /emails/receiving/${emailId}`);
  });

  test("a wrong signature and a timestamp over five minutes old are refused, and nothing is fetched", async () => {
    const emailId = crypto.randomUUID();
    const before = apiCalls.length;
    const other = `whsec_${crypto.randomBytes(24).toString("base64")}`;
    for (const request of [
      delivery(receivedEvent(emailId), { secret: other }),
      delivery(receivedEvent(emailId), { at: new Date(Date.now() - 6 * 60_000) }),
    ]) {
      const response = await call(webhook.action, request);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ ok: false, error: WEBHOOK_REFUSED });
    }
    expect(await db.selectFrom("mail_events").selectAll().where("email_id", "=", emailId).execute()).toEqual([]);
    expect(apiCalls.slice(before)).toEqual([]);
  });

  test("a delivery replayed (the same id) is taken once", async () => {
    const { alice, launch, address } = await world();
    const emailId = crypto.randomUUID();
    received.set(emailId, plainMail({ from: alice.email, to: address, text: "Just once" }));
    const id = `msg_${crypto.randomUUID()}`;
    for (let time = 0; time < 2; time++) {
      expect((await call(webhook.action, delivery(receivedEvent(emailId), { id }))).status).toBe(200);
    }
    await vi.waitFor(async () => expect(await messagesIn(launch.id)).toHaveLength(1), { timeout: 20_000 });
    expect(await db.selectFrom("mail_events").select("id").where("id", "=", id).execute()).toHaveLength(1);
  });

  test("Resend out of reach fails the job, to be retried; the retry posts, once", async () => {
    const { alice, launch, address } = await world();
    const emailId = crypto.randomUUID();
    received.set(emailId, plainMail({ from: alice.email, to: address, text: "Through the outage" }));
    failNext = 1;
    await expect(receiveResendMail(emailId)).rejects.toThrow(/did not return the received mail/);
    expect(await receiveResendMail(emailId)).toMatchObject({ posted: true });
    expect(await receiveResendMail(emailId)).toEqual({ posted: false, reason: "duplicate" });
    expect(await messagesIn(launch.id)).toEqual([{ content: "Through the outage", via_email: true }]);
  });

  test("a hard bounce stops mail to the address; the agency's roster and the person's pages say so", async () => {
    const { owner, alice } = await world();
    const bounced = (type: string) => ({
      type: "email.bounced",
      created_at: new Date().toISOString(),
      data: {
        email_id: crypto.randomUUID(),
        from: "",
        to: [alice.email.toUpperCase()],
        subject: "",
        message_id: "",
        created_at: "",
        bounce: { type, subType: "General", message: "No such user" },
      },
    });
    // A soft bounce (a full mailbox) is not the address's fault for good.
    expect((await call(webhook.action, delivery(bounced("Transient")))).status).toBe(200);
    expect(await isSuppressed(alice.email)).toBe(false);
    expect((await call(webhook.action, delivery(bounced("Permanent")))).status).toBe(200);

    const sends = apiCalls.filter((line) => line === "POST /emails").length;
    expect(await sendMail({ to: alice.email, subject: "Hello", html: "<p>Hi</p>", text: "Hi" })).toEqual({ id: null });
    expect(apiCalls.filter((line) => line === "POST /emails").length).toBe(sends);

    const roster = await call(clients.loader, getRequest("/clients", await cookieFor(owner)));
    expect(JSON.stringify(await roster.json())).toContain('"emailBouncing":true');
    const dashboard = await call(clientLayout.loader, getRequest("/client/dashboard", await cookieFor(alice)));
    expect(await dashboard.json()).toMatchObject({ user: { emailBouncing: true } });
  });

  test("a complaint (marked as spam) stops mail to the address too", async () => {
    const { alice } = await world();
    const complaint = {
      type: "email.complained",
      created_at: new Date().toISOString(),
      data: { email_id: crypto.randomUUID(), from: "", to: [alice.email], subject: "", message_id: "", created_at: "" },
    };
    expect((await call(webhook.action, delivery(complaint))).status).toBe(200);
    expect(await isSuppressed(alice.email)).toBe(true);
  });

  test("other events are acknowledged and left alone", async () => {
    const response = await call(
      webhook.action,
      delivery({ type: "email.delivered", created_at: new Date().toISOString(), data: { email_id: "x" } }),
    );
    expect(response.status).toBe(200);
  });
});
