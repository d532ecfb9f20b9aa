import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { env } from "~/services/env.server";
import { createMailer, sendMail } from "~/services/mail.server";
import { renderMail } from "~/services/mail-layout.server";
import { readOutbox } from "~/services/outbox.server";

// The outbox is what tests read; a key in the developer's shell must not send real mail.
vi.stubEnv("RESEND_API_KEY", "");

const link = "https://app.example.test/reset-password?token=abc123";
const content = renderMail({
  heading: "Reset your password",
  paragraphs: ["Someone asked to reset the password of <you@example.test>."],
  action: { label: "Reset password", url: link },
  footer: "If this was not you, ignore this mail.",
});

describe("the outbox", () => {
  test("keeps each mail, oldest first, as a JSON file with its link in html and text", async () => {
    const log = vi.spyOn(console, "info").mockImplementation(() => {});
    const { id } = await sendMail({ to: "owner@example.test", subject: "Reset your password", ...content });
    await sendMail({ to: "second@example.test", subject: "Second", html: "<p>2</p>", text: "2" });

    const mails = await readOutbox();
    expect(mails.map((mail) => mail.to)).toEqual(["owner@example.test", "second@example.test"]);
    expect(mails[0]).toEqual({
      id,
      to: "owner@example.test",
      from: env().MAIL_FROM,
      subject: "Reset your password",
      html: expect.stringContaining(`href="${link}"`),
      text: expect.stringContaining(link),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(mails[0].html).toContain("&lt;you@example.test&gt;");
    expect(log).toHaveBeenCalledWith(expect.stringContaining(`owner@example.test: Reset your password ${link}`));
    log.mockRestore();

    const names = await fs.readdir(path.join(env().dataDir, "mail"));
    expect(names).toHaveLength(2);
    for (const name of names) expect(name).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-[0-9a-f-]+\.json$/);
  });
});

describe("the Resend driver", () => {
  // Resend's API lives outside this machine; this server stands in for it.
  const requests: { method?: string; url?: string; authorization?: string; body: unknown }[] = [];
  let reply = { status: 200, body: {} as unknown };
  let baseUrl = "";
  const server = http.createServer(async (request, response) => {
    let raw = "";
    for await (const chunk of request) raw += chunk;
    requests.push({
      method: request.method,
      url: request.url,
      authorization: request.headers.authorization,
      body: JSON.parse(raw),
    });
    response.writeHead(reply.status, { "content-type": "application/json" }).end(JSON.stringify(reply.body));
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const mailer = () =>
    createMailer({ driver: "resend", apiKey: "re_test_key", from: "Agency <mail@example.test>", baseUrl });

  test("posts the mail to Resend's API and returns its id", async () => {
    reply = { status: 200, body: { id: "49a3999c-0ce1-4ea6-ab68-afcd6dc2e794" } };
    const result = await mailer().send({ to: "owner@example.test", subject: "Reset your password", ...content });

    expect(result).toEqual({ id: "49a3999c-0ce1-4ea6-ab68-afcd6dc2e794" });
    expect(requests.at(-1)).toEqual({
      method: "POST",
      url: "/emails",
      authorization: "Bearer re_test_key",
      body: expect.objectContaining({
        from: "Agency <mail@example.test>",
        to: "owner@example.test",
        subject: "Reset your password",
        html: content.html,
        text: content.text,
      }),
    });
  });

  test("turns an API error into a thrown Error", async () => {
    reply = {
      status: 422,
      body: { statusCode: 422, name: "validation_error", message: "Invalid `to` field." },
    };
    await expect(
      mailer().send({ to: "not-an-address", subject: "Hello", html: "<p>Hi</p>", text: "Hi" }),
    ).rejects.toThrow(/Resend did not send "Hello" to not-an-address: Invalid `to` field\./);
  });
});
