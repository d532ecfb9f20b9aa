import type { User } from "#db/schema";
import { db } from "~/services/db.server";
import { recordActivity } from "./activity.server";
import type { RegisterInput } from "~/shared/auth.schemas";
import { hashPassword, verifyAgainstNothing, verifyPassword } from "./passwords.server";
import { RATE_LIMITS, assertWithinRateLimits, clearRateLimit, refundRateLimit } from "./rate-limits.server";
import { issueToken } from "./tokens.server";
import { reclaimEmail } from "./unverified-accounts.server";
import { sendInBackground } from "~/services/mail.server";
import { sendVerificationEmail } from "./verification-mail.server";
import { Refusal } from "./errors.server";

export const MESSAGES = {
  emailTaken: "An account with this email already exists. Please log in instead.",
  invalidCredentials: "Invalid email or password. Please check your credentials and try again.",
  emailUnverified:
    "Your email has not been confirmed yet. Please check your inbox for the verification link or request a new one below.",
  accessEnded: "Your account is no longer part of this workspace. Please contact your agency.",
} as const;

export function findUserByEmail(email: string) {
  return db.selectFrom("users").selectAll().where("email", "=", email.trim().toLowerCase()).executeTakeFirst();
}

export function findUserById(id: string) {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * Creates an agency owner's account and their agency, pending email verification,
 * and mails the verification link. The mail failing does not undo the account:
 * the verification page can send it again.
 */
export async function registerAgency(
  input: RegisterInput,
  { origin, clientIp }: { origin: string; clientIp: string },
): Promise<User> {
  await assertWithinRateLimits([[`sign-up:ip:${clientIp}`, RATE_LIMITS.agencySignUpPerIp]]);
  const passwordHash = await hashPassword(input.password);
  const { user, token } = await db.transaction().execute(async (tx) => {
    await reclaimEmail(tx, input.email);
    const user = await tx
      .insertInto("users")
      .values({ email: input.email, password_hash: passwordHash, user_type: "AGENCY" })
      .onConflict((oc) => oc.column("email").doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!user) throw new Refusal(MESSAGES.emailTaken);
    await tx
      .insertInto("agencies")
      .values({
        id: user.id,
        agency_name: input.agencyName,
        first_name: input.firstName,
        last_name: input.lastName,
        mobile_number: input.mobileNumber,
        url: input.agencyUrl,
      })
      .execute();
    const registered = await tx
      .updateTable("users")
      .set({ agency_id: user.id })
      .where("id", "=", user.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordActivity(tx, {
      agencyId: user.id,
      actorId: user.id,
      action: "agency.created",
      summary: `${input.firstName} ${input.lastName} created the agency ${input.agencyName}`,
    });
    return { user: registered, token: await issueToken(user.id, "email", tx) };
  });
  sendInBackground(sendVerificationEmail(user, token, origin), user.email);
  return user;
}

/**
 * Checks an email and password. Wrong email and wrong password give the same
 * answer in the same time; an unverified account is refused only once its password
 * is right, so the message cannot be used to probe for accounts.
 */
export async function authenticate(email: string, password: string, clientIp: string): Promise<User> {
  const accountKey = `sign-in:account:${email}`;
  const addressKey = `sign-in:ip:${clientIp}`;
  await assertWithinRateLimits([
    [addressKey, RATE_LIMITS.signInFailuresPerIp],
    [accountKey, RATE_LIMITS.signInPerAccount],
  ]);
  const user = await findUserByEmail(email);
  const valid = user ? await verifyPassword(user.password_hash, password) : await verifyAgainstNothing(password);
  if (!user || !valid) throw new Refusal(MESSAGES.invalidCredentials);
  // The right password is no guess: many people sign in from one office's address.
  await refundRateLimit(addressKey);
  if (!user.email_verified_at) throw new Refusal(MESSAGES.emailUnverified, { code: "email-unverified" });
  if (!(await hasRecord(user))) throw new Refusal(MESSAGES.accessEnded);
  await clearRateLimit(accountKey);
  return user;
}

/** A team member or client whose record the agency removed has no workspace left to sign in to. */
async function hasRecord(user: User): Promise<boolean> {
  if (user.user_type !== "TEAM_MEMBER" && user.user_type !== "CLIENT") return true;
  const table = user.user_type === "TEAM_MEMBER" ? "team_members" : "clients";
  return Boolean(await db.selectFrom(table).select("id").where("user_id", "=", user.id).executeTakeFirst());
}

/** Mails a fresh verification link, if the account exists and still needs one; says nothing either way. */
export async function resendVerification(email: string, { origin, clientIp }: { origin: string; clientIp: string }) {
  await assertWithinRateLimits([
    [`mail:ip:${clientIp}`, RATE_LIMITS.mailPerIp],
    [`mail:account:${email}`, RATE_LIMITS.mailPerAccount],
  ]);
  const user = await findUserByEmail(email);
  if (!user || user.email_verified_at) return;
  sendInBackground(sendVerificationEmail(user, await issueToken(user.id, "email"), origin), user.email);
}
