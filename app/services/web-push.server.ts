import crypto from "node:crypto";
import net from "node:net";
import webpush from "web-push";
import { env } from "./env.server";
import { hostAndPort, isAllowedHost, isPublicAddress, outboundRequest, parseAllowedHosts } from "./outbound.server";

/*
 * Web Push (RFC 8030, 8291, 8292): the web-push package encrypts a payload for one
 * browser's keys and signs the request with the server's VAPID key; the request itself
 * goes through outbound.server.ts, because its address came from a browser and so from a
 * user, who could aim it at what only the server reaches. No redirects: a push service
 * answers, it does not send us elsewhere.
 */

/** Where one browser takes pushes, and its keys (base64url, as `PushSubscription.toJSON()` gives them). */
export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/** `gone`: the push service no longer knows the subscription (404, 410); it will never take a push again. */
export type PushOutcome = { status: "delivered" } | { status: "gone" } | { status: "failed"; reason: string };

/** The public half of the server's key pair, which browsers subscribe with; null when push is not set up. */
export function vapidPublicKey(): string | null {
  return env().VAPID_PUBLIC_KEY ?? null;
}

/**
 * Whether the server may ever send to this endpoint: https on the standard port, no
 * credentials, not a private address written as such (a name is checked for its
 * addresses at each send). PUSH_ALLOWED_HOSTS lets exact host:port pairs through.
 */
export function isAcceptableEndpoint(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (isAllowedHost(url, allowedHosts())) return url.protocol === "https:" || url.protocol === "http:";
  const { host, port } = hostAndPort(url);
  if (url.protocol !== "https:" || port !== "443") return false;
  if (host === "localhost" || host.endsWith(".localhost")) return false;
  return !net.isIP(host) || isPublicAddress(host);
}

/** Whether the keys are what a browser gives: a P-256 public point and a 16-byte secret. */
export function isValidKeyPair({ p256dh, auth }: Pick<PushTarget, "p256dh" | "auth">): boolean {
  const base64url = /^[\w-]+={0,2}$/;
  if (!base64url.test(p256dh) || !base64url.test(auth)) return false;
  if (Buffer.from(auth, "base64url").length !== 16) return false;
  const point = Buffer.from(p256dh, "base64url");
  if (point.length !== 65 || point[0] !== 0x04) return false;
  try {
    // Refuses a point that is not on the curve.
    crypto.ECDH.convertKey(point, "prime256v1");
    return true;
  } catch {
    return false;
  }
}

/** Encrypts `payload` for the browser and hands it to its push service, to keep for `ttlSeconds` while the device is away. */
export async function sendPush(target: PushTarget, payload: string, ttlSeconds: number): Promise<PushOutcome> {
  const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT } = env();
  if (!VAPID_PUBLIC_KEY || !VAPID_PRIVATE_KEY || !VAPID_SUBJECT) return { status: "failed", reason: "not set up" };
  try {
    const details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      payload,
      {
        vapidDetails: { subject: VAPID_SUBJECT, publicKey: VAPID_PUBLIC_KEY, privateKey: VAPID_PRIVATE_KEY },
        TTL: ttlSeconds,
      },
    );
    const response = await outboundRequest(details.endpoint, {
      method: "POST",
      headers: Object.fromEntries(Object.entries(details.headers).map(([name, value]) => [name, String(value)])),
      body: details.body ?? undefined,
      allowedHosts: allowedHosts(),
      maxRedirects: 0,
      maxBytes: 64 * 1024,
      truncate: true,
      timeoutMs: 10_000,
    });
    if (response.status === 404 || response.status === 410) return { status: "gone" };
    if (response.status >= 200 && response.status < 300) return { status: "delivered" };
    return { status: "failed", reason: `answered ${response.status}` };
  } catch (error) {
    // Refused by the guard, or keys web-push cannot encrypt for: this browser's failure, not the others'.
    return { status: "failed", reason: error instanceof Error ? error.message : String(error) };
  }
}

function allowedHosts() {
  return parseAllowedHosts(env().PUSH_ALLOWED_HOSTS);
}
