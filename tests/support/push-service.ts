import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";

/*
 * A push service on 127.0.0.1 for the tests of web push: it takes the server's real
 * requests (RFC 8030), and the test decrypts them with the keys a browser would hold
 * (RFC 8291, aes128gcm, with web-push's own http_ece) and checks their VAPID signature
 * (RFC 8292). The app may reach it only because PUSH_ALLOWED_HOSTS names it.
 */

type Ece = {
  decrypt(buffer: Buffer, params: { version: "aes128gcm"; privateKey: crypto.ECDH; authSecret: Buffer }): Buffer;
};
const ece = createRequire(import.meta.url)("http_ece") as Ece;

/** What a browser's PushManager makes: a P-256 key pair and a 16-byte auth secret, with the endpoint it was given. */
export type BrowserSubscription = {
  endpoint: string;
  p256dh: string;
  auth: string;
  ecdh: crypto.ECDH;
  authSecret: Buffer;
};

export type ReceivedPush = { path: string; method: string; headers: http.IncomingHttpHeaders; body: Buffer };

export type PushService = Awaited<ReturnType<typeof startPushService>>;

/**
 * Listens on 127.0.0.1 (`port` 0: any free port); answers 201 unless `answer` set another
 * status for a path, `answerAfterMs` after a push came in (a slow service: how many pushes
 * the server has on their way at once shows in `mostAtOnce`).
 */
export async function startPushService(port = 0, { answerAfterMs = 0 } = {}) {
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  let atOnce = 0;
  let mostAtOnce = 0;
  const server = http.createServer((request, response) => {
    mostAtOnce = Math.max(mostAtOnce, ++atOnce);
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        path: request.url ?? "",
        method: request.method ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      setTimeout(() => {
        atOnce--;
        response.statusCode = statuses.get(request.url ?? "") ?? 201;
        response.end();
      }, answerAfterMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    host,
    received,
    get mostAtOnce() {
      return mostAtOnce;
    },
    /** A new browser's subscription with an endpoint here. */
    subscription(): BrowserSubscription {
      const ecdh = crypto.createECDH("prime256v1");
      ecdh.generateKeys();
      const authSecret = crypto.randomBytes(16);
      return {
        endpoint: `http://${host}/push/${crypto.randomUUID()}`,
        p256dh: ecdh.getPublicKey("base64url"),
        auth: authSecret.toString("base64url"),
        ecdh,
        authSecret,
      };
    },
    /** From now on, a push to this subscription gets `status` (404, 410, 500...). */
    answer(subscription: { endpoint: string }, status: number) {
      statuses.set(new URL(subscription.endpoint).pathname, status);
    },
    /** The pushes that reached this subscription, in order. */
    to(subscription: { endpoint: string }) {
      return received.filter((push) => push.path === new URL(subscription.endpoint).pathname);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The push's payload, decrypted with the subscription's private key and auth secret, as the browser would. */
export function decryptPush(push: ReceivedPush, subscription: BrowserSubscription): unknown {
  expectHeader(push, "content-encoding", "aes128gcm");
  const plain = ece.decrypt(push.body, {
    version: "aes128gcm",
    privateKey: subscription.ecdh,
    authSecret: subscription.authSecret,
  });
  return JSON.parse(plain.toString("utf8"));
}

/**
 * The claims of the push's VAPID token once its ES256 signature holds for the key it
 * names (`vapid t=<JWT>, k=<public key>`); throws when it does not.
 */
export function vapidClaims(push: ReceivedPush): { key: string; aud: string; sub: string; exp: number } {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(String(push.headers.authorization));
  if (!match) throw new Error(`No VAPID authorization: ${push.headers.authorization}`);
  const [, header, claims, signature, key] = match;
  const raw = Buffer.from(key, "base64url");
  const publicKey = crypto.createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: raw.subarray(1, 33).toString("base64url"),
      y: raw.subarray(33).toString("base64url"),
    },
    format: "jwk",
  });
  const signed = crypto.verify(
    "sha256",
    Buffer.from(`${header}.${claims}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!signed) throw new Error("The VAPID signature does not hold");
  return { key, ...JSON.parse(Buffer.from(claims, "base64url").toString("utf8")) };
}

function expectHeader(push: ReceivedPush, name: string, value: string) {
  if (push.headers[name] !== value) throw new Error(`${name} is ${push.headers[name]}, not ${value}`);
}
