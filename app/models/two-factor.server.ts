import crypto from "node:crypto";
import type { TwoFactorStatus } from "~/shared/two-factor";
import { generateTOTP, getTOTPAuthUri, verifyTOTP } from "@epic-web/totp";
import QRCode from "qrcode";
import { db } from "~/services/db.server";
import { emit } from "./events.server";
import { hashSecret } from "~/services/secrets.server";
import type { Actor } from "./actors.server";
import { recordSecurityActivity } from "./activity.server";
import { Refusal, forbidden, notFound } from "./errors.server";
import { canEdit } from "./policy.server";
import { RATE_LIMITS, assertWithinRateLimits, clearRateLimit, refundRateLimit } from "./rate-limits.server";

/*
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238: the 30-second,
 * 6-digit, SHA-1 codes every app reads from a QR code), and ten single-use recovery
 * codes for a lost phone, stored hashed and shown once. Any user may turn it on; an
 * agency may require it of its team members and clients (agencies.require_two_factor),
 * whom the guards then send to set it up before anything else.
 */

const TOTP = { period: 30, digits: 6, algorithm: "SHA-1" } as const;
const ISSUER = "Agency Workspace";
const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: a recovery code is read off paper. 31 symbols, 12 of them: about 59 bits.
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

export const MESSAGES = {
  wrongCode: "That code is not valid. Please check your authenticator app and try again.",
  alreadyOn: "Two-factor sign-in is already on.",
  required: "Your agency requires two-factor sign-in, so it cannot be turned off.",
  ownFirst: "Turn on two-factor sign-in for your own account first.",
  noSetup: "There is no two-factor set-up in progress. Please start again.",
} as const;

export async function twoFactorStatus(actor: Actor): Promise<TwoFactorStatus> {
  const [row, codes, required, agencyRequirement] = await Promise.all([
    db.selectFrom("two_factor").select(["secret", "enabled_at"]).where("user_id", "=", actor.id).executeTakeFirst(),
    db
      .selectFrom("recovery_codes")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("user_id", "=", actor.id)
      .where("used_at", "is", null)
      .executeTakeFirstOrThrow(),
    isRequiredOf(actor),
    actor.type === "AGENCY" ? agencyRequiresTwoFactor(actor.agencyId) : null,
  ]);
  const enabled = Boolean(row?.enabled_at);
  return {
    enabled,
    required,
    recoveryCodesLeft: enabled ? Number(codes.count) : 0,
    setup: row && !enabled ? { secret: row.secret, qrCode: await qrCodeFor(actor.email, row.secret) } : null,
    agencyRequirement,
  };
}

export async function hasTwoFactor(userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("two_factor")
    .select("user_id")
    .where("user_id", "=", userId)
    .where("enabled_at", "is not", null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A team member or client whose agency requires two-factor sign-in and who has not set it
 * up, from what the session's lookup read (session-standing.server.ts).
 */
export function mustSetUpTwoFactor(
  actor: Pick<Actor, "type">,
  twoFactor: { requiredByAgency: boolean; on: boolean },
): boolean {
  return answersToAgency(actor) && twoFactor.requiredByAgency && !twoFactor.on;
}

async function isRequiredOf(actor: Actor): Promise<boolean> {
  return answersToAgency(actor) && agencyRequiresTwoFactor(actor.agencyId);
}

/** The agency requires two-factor of its team members and clients; its owner decides. */
function answersToAgency(actor: Pick<Actor, "type">): boolean {
  return actor.type === "TEAM_MEMBER" || actor.type === "CLIENT";
}

async function agencyRequiresTwoFactor(agencyId: string | null): Promise<boolean> {
  if (!agencyId) return false;
  const agency = await db
    .selectFrom("agencies")
    .select("require_two_factor")
    .where("id", "=", agencyId)
    .executeTakeFirst();
  return agency?.require_two_factor ?? false;
}

/** Makes a new secret to scan; replaces a set-up begun before, never one that is on. */
export async function beginTwoFactorSetup(actor: Actor): Promise<void> {
  if (await hasTwoFactor(actor.id)) throw new Refusal(MESSAGES.alreadyOn);
  const { secret } = await generateTOTP(TOTP);
  await db
    .insertInto("two_factor")
    .values({ user_id: actor.id, secret })
    .onConflict((oc) =>
      oc.column("user_id").doUpdateSet({ secret, last_used_step: null }).where("two_factor.enabled_at", "is", null),
    )
    .execute();
}

export async function cancelTwoFactorSetup(actor: Actor): Promise<void> {
  await db.deleteFrom("two_factor").where("user_id", "=", actor.id).where("enabled_at", "is", null).execute();
}

/**
 * Turns two-factor sign-in on once the user proves their app shows the right codes,
 * and returns the recovery codes, which are never shown again.
 */
export async function confirmTwoFactorSetup(actor: Actor, code: string): Promise<string[]> {
  await assertWithinRateLimits([[`two-factor:user:${actor.id}`, RATE_LIMITS.twoFactorPerAccount]]);
  const pending = await db
    .selectFrom("two_factor")
    .select(["secret", "enabled_at"])
    .where("user_id", "=", actor.id)
    .executeTakeFirst();
  if (!pending) throw new Refusal(MESSAGES.noSetup);
  if (pending.enabled_at) throw new Refusal(MESSAGES.alreadyOn);
  const step = await verifyCode(pending.secret, code);
  if (step === null) throw new Refusal(MESSAGES.wrongCode, { field: "code" });

  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable("two_factor")
      .set({ enabled_at: new Date(), last_used_step: step })
      .where("user_id", "=", actor.id)
      .execute();
    await tx.deleteFrom("recovery_codes").where("user_id", "=", actor.id).execute();
    await tx
      .insertInto("recovery_codes")
      .values(codes.map((recoveryCode) => ({ user_id: actor.id, code_hash: hashRecoveryCode(recoveryCode) })))
      .execute();
    await recordSecurityActivity(tx, actor, {
      action: "security.two_factor_enabled",
      summary: `${actor.name} turned on two-factor sign-in`,
    });
  });
  await clearRateLimit(`two-factor:user:${actor.id}`);
  return codes;
}

/** Turns two-factor sign-in off, with a current code (or a recovery code) as proof; not when the agency requires it. */
export async function disableTwoFactor(actor: Actor, code: string, clientIp: string): Promise<void> {
  if (await isRequiredOf(actor)) throw forbidden(MESSAGES.required);
  if (!(await verifySecondFactor(actor.id, code, clientIp))) throw new Refusal(MESSAGES.wrongCode, { field: "code" });
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom("two_factor").where("user_id", "=", actor.id).execute();
    await tx.deleteFrom("recovery_codes").where("user_id", "=", actor.id).execute();
    await recordSecurityActivity(tx, actor, {
      action: "security.two_factor_disabled",
      summary: `${actor.name} turned off two-factor sign-in`,
    });
  });
}

/**
 * The second step of a sign-in: a code from the app (each one accepted once) or an
 * unused recovery code (then used up). Attempts are limited per account, so six
 * digits cannot be guessed.
 */
export async function verifySecondFactor(userId: string, code: string, clientIp: string): Promise<boolean> {
  const addressKey = `sign-in:ip:${clientIp}`;
  await assertWithinRateLimits([
    [`two-factor:user:${userId}`, RATE_LIMITS.twoFactorPerAccount],
    [addressKey, RATE_LIMITS.signInFailuresPerIp],
  ]);
  const row = await db
    .selectFrom("two_factor")
    .select(["secret", "last_used_step"])
    .where("user_id", "=", userId)
    .where("enabled_at", "is not", null)
    .executeTakeFirst();
  if (!row) return false;
  const accepted = /^\d{6}$/.test(code.replace(/\s/g, ""))
    ? await acceptTotp(userId, row.secret, code)
    : await useRecoveryCode(userId, code);
  if (accepted) await Promise.all([clearRateLimit(`two-factor:user:${userId}`), refundRateLimit(addressKey)]);
  return accepted;
}

async function acceptTotp(userId: string, secret: string, code: string): Promise<boolean> {
  const step = await verifyCode(secret, code);
  if (step === null) return false;
  // In one statement, so the same code cannot sign in twice, even in two requests at once.
  const updated = await db
    .updateTable("two_factor")
    .set({ last_used_step: step })
    .where("user_id", "=", userId)
    .where((eb) => eb.or([eb("last_used_step", "is", null), eb("last_used_step", "<", String(step))]))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

async function useRecoveryCode(userId: string, code: string): Promise<boolean> {
  const used = await db
    .updateTable("recovery_codes")
    .set({ used_at: new Date() })
    .where("user_id", "=", userId)
    .where("code_hash", "=", hashRecoveryCode(code))
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

/** The time step of a valid code (one step of clock drift either way), or null. */
async function verifyCode(secret: string, code: string): Promise<number | null> {
  const otp = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(otp)) return null;
  const result = await verifyTOTP({ otp, secret, ...TOTP, window: 1 });
  if (!result) return null;
  return Math.floor(Date.now() / 1000 / TOTP.period) + result.delta;
}

function newRecoveryCode(): string {
  const characters = Array.from(crypto.randomBytes(12), (byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]);
  return [0, 4, 8].map((start) => characters.slice(start, start + 4).join("")).join("-");
}

/** Recovery codes are typed by hand: case, spaces and dashes do not matter. */
function hashRecoveryCode(code: string): string {
  return hashSecret(code.toLowerCase().replace(/[^a-z0-9]/g, ""));
}

function qrCodeFor(email: string, secret: string): Promise<string> {
  const uri = getTOTPAuthUri({ ...TOTP, secret, accountName: email, issuer: ISSUER });
  return QRCode.toDataURL(uri, { margin: 1, width: 200 });
}

/** An agency requires (or stops requiring) two-factor sign-in of its team members and clients. */
export async function setTwoFactorRequirement(actor: Actor, required: boolean): Promise<void> {
  if (actor.type !== "AGENCY" || !canEdit(actor, "team") || !actor.agencyId) throw notFound();
  if (required && !(await hasTwoFactor(actor.id))) throw forbidden(MESSAGES.ownFirst);
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable("agencies")
      .set({ require_two_factor: required, updated_at: new Date() })
      .where("id", "=", actor.agencyId!)
      .execute();
    await recordSecurityActivity(tx, actor, {
      action: required ? "security.two_factor_required" : "security.two_factor_optional",
      summary: required
        ? `${actor.name} required two-factor sign-in for the team and clients`
        : `${actor.name} made two-factor sign-in optional for the team and clients`,
    });
  });
  if (required) emit("users.step-required", { userIds: await usersWithoutTwoFactor(actor.agencyId) });
}

/** The agency's team members and clients who have not turned two-factor sign-in on. */
async function usersWithoutTwoFactor(agencyId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("users")
    .leftJoin("two_factor", "two_factor.user_id", "users.id")
    .select("users.id")
    .where("users.agency_id", "=", agencyId)
    .where("users.user_type", "in", ["TEAM_MEMBER", "CLIENT"])
    .where("two_factor.enabled_at", "is", null)
    .execute();
  return rows.map((row) => row.id);
}
