import { sql } from "kysely";
import { db } from "~/services/db.server";
import { Refusal } from "./errors.server";

export type RateLimit = { limit: number; windowMs: number };

/**
 * Limits on sign-in, sign-up and the mails anyone can trigger; the counters live in the
 * database so every instance shares them. An office shares one address, so what an
 * address is held to must not be what its people do every morning: per address, sign-in
 * counts failures only (signInFailuresPerIp), and sign-up from invitations is generous
 * while public agency sign-up is not.
 */
export const RATE_LIMITS = {
  signInFailuresPerIp: { limit: 30, windowMs: 15 * 60_000 },
  signInPerAccount: { limit: 10, windowMs: 15 * 60_000 },
  agencySignUpPerIp: { limit: 10, windowMs: 60 * 60_000 },
  inviteeSignUpPerIp: { limit: 100, windowMs: 60 * 60_000 },
  signUpPerInvitation: { limit: 5, windowMs: 60 * 60_000 },
  mailPerIp: { limit: 20, windowMs: 60 * 60_000 },
  mailPerAccount: { limit: 5, windowMs: 60 * 60_000 },
  twoFactorPerAccount: { limit: 10, windowMs: 15 * 60_000 },
  passwordChangePerAccount: { limit: 10, windowMs: 15 * 60_000 },
  // Invitation and resend mails of one agency (its owner, managers and client owners together).
  invitationMailsPerAgency: { limit: 200, windowMs: 24 * 60 * 60_000 },
} satisfies Record<string, RateLimit>;

/** A refusal with status 429 that says how long to wait. */
function tooManyAttempts(retryAfterSeconds: number): Refusal {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new Refusal(`Too many attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`, {
    status: 429,
  });
}

export const isRateLimited = (error: unknown) => error instanceof Refusal && error.status === 429;

/** Counts one hit against each key and throws a 429 refusal when any is over its limit. */
export async function assertWithinRateLimits(checks: Array<[key: string, limit: RateLimit]>): Promise<void> {
  for (const [key, { limit, windowMs }] of checks) {
    const resetAt = new Date(Date.now() + windowMs);
    const row = await db
      .insertInto("rate_limits")
      .values({ key, hits: 1, reset_at: resetAt })
      .onConflict((oc) =>
        oc.column("key").doUpdateSet({
          hits: sql<number>`case when rate_limits.reset_at <= now() then 1 else rate_limits.hits + 1 end`,
          reset_at: sql<Date>`case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end`,
        }),
      )
      .returning(["hits", "reset_at"])
      .executeTakeFirstOrThrow();
    if (row.hits > limit) {
      throw tooManyAttempts(Math.ceil((new Date(row.reset_at).getTime() - Date.now()) / 1000));
    }
  }
}

/**
 * Takes back one hit of a key that counts failures only, once the attempt succeeded.
 * Counting first and taking back after keeps the check in one statement, so a burst of
 * attempts at once cannot all pass it.
 */
export async function refundRateLimit(key: string): Promise<void> {
  await db
    .updateTable("rate_limits")
    .set({ hits: sql<number>`hits - 1` })
    .where("key", "=", key)
    .where("hits", ">", 0)
    .execute();
}

/** Forgets the counter of a key, e.g. an account's failed sign-ins once it signs in. */
export async function clearRateLimit(key: string): Promise<void> {
  await db.deleteFrom("rate_limits").where("key", "=", key).execute();
}

export async function pruneExpiredRateLimits(): Promise<void> {
  await db.deleteFrom("rate_limits").where("reset_at", "<=", new Date()).execute();
}
