import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, expect, test } from "vitest";
import { sendUnreadNotice } from "~/models/unread-notices.server";
import { createSpaceMessage } from "#tests/support/factories";
import { clientSpace } from "#tests/support/space-worlds";

/*
 * Mail sent through Resend with no receiving domain set up (issue 37): notices go out
 * without a reply address and send the reader to the app. Resend's API is a stand-in.
 */

const sent: Array<Record<string, unknown>> = [];
const resend = http.createServer(async (request, response) => {
  let body = "";
  for await (const chunk of request) body += chunk;
  sent.push(JSON.parse(body) as Record<string, unknown>);
  response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ id: "email-1" }));
});
await new Promise<void>((resolve) => resend.listen(0, "127.0.0.1", resolve));
process.env.RESEND_BASE_URL = `http://127.0.0.1:${(resend.address() as AddressInfo).port}`;
process.env.RESEND_API_KEY = "re_test_key";
delete process.env.MAIL_REPLY_DOMAIN;
afterAll(() => new Promise<void>((resolve) => resend.close(() => resolve())));

test("a notice says to reply in the app, and carries no reply address", async () => {
  const { owner, alice, launch } = await clientSpace();
  await createSpaceMessage(launch.id, owner.id, { content: "The brief is ready", minutesAgo: 10 });
  expect(await sendUnreadNotice({ userId: alice.id, spaceId: launch.id }, "http://localhost:3000")).toBe(true);
  const [mail] = sent;
  expect(mail).toMatchObject({ to: alice.email, subject: "New messages in Launch" });
  expect(mail.reply_to ?? mail.replyTo).toBeUndefined();
  expect(mail.text).toContain("Reply in the app");
  expect(mail.text).toContain("The brief is ready");
});
