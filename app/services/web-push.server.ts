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

/** One payload for one browser. */
export type Push = { target: PushTarget; payload: string };

/**
 * Sends on their way at once, per call of sendPushes (issue 35): a message to a busy space
 * goes to hundreds of browsers, some at addresses their users chose, and it should not
 * become hundreds of requests at one moment; a push service that hangs holds one of these
 * until its timeout.
 */
const SENDS_AT_ONCE = 4;

/** How often the log tells of one push service's failures: a dead or hostile one would otherwise write a line per push. */
const FAILURE_LOG_INTERVAL_MS = 10 * 60 * 1000;

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

/** Sends each push, SENDS_AT_ONCE at a time, in the order given; the outcomes in the same order. */
export async function sendPushes(pushes: Push[], ttlSeconds: number): Promise<PushOutcome[]> {
  const outcomes: PushOutcome[] = [];
  let next = 0;
  const sender = async () => {
    while (next < pushes.length) {
      const index = next++;
      const outcome = await sendPush(pushes[index], ttlSeconds);
      if (outcome.status === "failed") logFailure(pushes[index].target.endpoint, outcome.reason);
      outcomes[index] = outcome;
    }
  };
  await Promise.all(Array.from({ length: Math.min(SENDS_AT_ONCE, pushes.length) }, sender));
  return outcomes;
}

/** Encrypts the payload for the browser and hands it to its push service, to keep for `ttlSeconds` while the device is away. */
async function sendPush({ target, payload }: Push, ttlSeconds: number): Promise<PushOutcome> {
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

/** Per push service (host): when its last line was written, and how many failed there since without one. */
const failureLines = new Map<string, { at: number; untold: number }>();

/** One line per push service per interval, telling how many more failed there since the line before. */
function logFailure(endpoint: string, reason: string) {
  const host = new URL(endpoint).host;
  const now = Date.now();
  const last = failureLines.get(host);
  if (last && now - last.at < FAILURE_LOG_INTERVAL_MS) {
    last.untold++;
    return;
  }
  const untold = last?.untold ? ` (${last.untold} more since the previous line)` : "";
  console.warn(`push: not delivered to ${host}: ${reason}${untold}`);
  failureLines.set(host, { at: now, untold: 0 });
  // A service quiet for a whole interval after its own is forgotten, its count told.
  for (const [other, { at, untold }] of failureLines) {
    if (now - at < 2 * FAILURE_LOG_INTERVAL_MS) continue;
    if (untold) console.warn(`push: ${untold} more not delivered to ${other} since the previous line`);
    failureLines.delete(other);
  }
}
