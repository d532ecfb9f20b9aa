import { describe, expect, test, vi } from "vitest";
import * as forgotPassword from "~/routes/forgot-password";
import * as login from "~/routes/login";
import * as register from "~/routes/register";
import * as agencySettings from "~/routes/_agency.settings._index";
import { env } from "~/services/env.server";
import { readOutbox } from "~/services/outbox.server";
import { PASSWORD, createAgency, uniqueEmail } from "#tests/support/factories";
import { call, context, cookieFor, respond } from "#tests/support/requests";

/* Requests no browser of ours sends: forged hosts, endless bodies, forms of a thousand parts. */

const MB = 1024 * 1024;

/** A request as Express hands it to Remix when the client lies about the host (and the proxy passes it on). */
function forgedHostPost(path: string, fields: Record<string, string>) {
  return new Request(`https://attacker.example${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Host: "attacker.example",
      "X-Forwarded-Host": "attacker.example",
    },
  });
}

async function latestMailTo(to: string) {
  return vi.waitFor(async () => {
    const mail = (await readOutbox()).filter((sent) => sent.to === to).at(-1);
    if (!mail) throw new Error(`no mail to ${to}`);
    return mail;
  });
}

describe("mailed links", () => {
  test("a forged Host or X-Forwarded-Host never reaches a mail: links use the configured origin", async () => {
    const { owner } = await createAgency();
    await respond(() =>
      forgotPassword.action({
        request: forgedHostPost("/forgot-password", { email: owner.email }),
        context: context(),
        params: {},
      }),
    );
    const newcomer = uniqueEmail("newcomer");
    await respond(() =>
      register.action({
        request: forgedHostPost("/register", {
          firstName: "Grace",
          lastName: "Hopper",
          agencyName: "Hopper & Co",
          email: newcomer,
          mobileNumber: "5551234567",
          agencyUrl: "https://hopper.example",
          password: PASSWORD,
          confirmPassword: PASSWORD,
          terms: "on",
        }),
        context: context(),
        params: {},
      }),
    );

    for (const [to, path] of [
      [owner.email, "/reset-password"],
      [newcomer, "/email-verification"],
    ]) {
      const mail = await latestMailTo(to);
      expect(mail.html + mail.text).not.toContain("attacker.example");
      expect(mail.text).toContain(`${env().APP_URL}${path}?token=`);
    }
  });
});

/** A body streamed in 64 KB chunks without a Content-Length, counting what the server pulled. */
function endlessBody(totalBytes: number) {
  const chunk = new Uint8Array(64 * 1024).fill("a".charCodeAt(0));
  const stream = { pulled: 0, body: null as unknown as ReadableStream<Uint8Array> };
  stream.body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (stream.pulled >= totalBytes) return controller.close();
        stream.pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  return stream;
}

describe("request bodies", () => {
  test("a 12 MB chunked post to /login gets 413 after about 1 MB is read: the rest never enters memory", async () => {
    const stream = endlessBody(12 * MB);
    const request = new Request("http://localhost:3000/login", {
      method: "POST",
      body: stream.body,
      duplex: "half",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    } as RequestInit);

    const response = await call(login.action, request);

    expect(response.status).toBe(413);
    expect(await response.text()).toBe("The request was too large.");
    expect(stream.pulled).toBeLessThan(1.5 * MB);
  });

  test("a multipart form with more parts than any of our forms has is refused, with or without an upload", async () => {
    const { owner } = await createAgency();
    const cookie = await cookieFor(owner);
    const manyParts = () => {
      const body = new FormData();
      for (let index = 0; index < 1000; index++) body.append(`field${index}`, "x");
      return body;
    };
    for (const [handler, path, headers] of [
      [login.action, "/login", {}],
      [agencySettings.action, "/settings", { Cookie: cookie }],
    ] as const) {
      const request = new Request(`http://localhost:3000${path}`, { method: "POST", body: manyParts(), headers });
      const response = await call(handler, request);
      expect(response.status, path).toBe(413);
      expect(await response.text(), path).toBe("The request was too large.");
    }
  });
});
