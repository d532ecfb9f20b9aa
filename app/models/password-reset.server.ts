import { db } from "~/services/db.server";
import { emit } from "./events.server";
import { findUserByEmail } from "./accounts.server";
import { hashPassword } from "./passwords.server";
import { RATE_LIMITS, assertWithinRateLimits } from "./rate-limits.server";
import { consumeToken, findTokenOwner, issueToken } from "./tokens.server";
import { sendInBackground } from "~/services/mail.server";
import { sendPasswordResetEmail } from "./verification-mail.server";

/** Mails a reset link when the account exists. The caller answers the same either way. */
export async function requestPasswordReset(email: string, { origin, clientIp }: { origin: string; clientIp: string }) {
  await assertWithinRateLimits([
    [`mail:ip:${clientIp}`, RATE_LIMITS.mailPerIp],
    [`mail:account:${email}`, RATE_LIMITS.mailPerAccount],
  ]);
  const user = await findUserByEmail(email);
  if (!user) return;
  sendInBackground(sendPasswordResetEmail(user, await issueToken(user.id, "reset"), origin), user.email);
}

export async function isResetTokenValid(token: string): Promise<boolean> {
  return (await findTokenOwner(token, "reset", { usable: true })) !== null;
}

/**
 * Sets a new password with a reset link and ends every session of the account,
 * so whoever knew the old password is out. Returns false for a spent or unknown link.
 */
export async function resetPassword(token: string, password: string): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  const userId = await db.transaction().execute(async (tx) => {
    const userId = await consumeToken(token, "reset", tx);
    if (!userId) return null;
    await tx
      .updateTable("users")
      .set({ password_hash: passwordHash, must_change_password: false, updated_at: new Date() })
      .where("id", "=", userId)
      .execute();
    await tx.deleteFrom("sessions").where("user_id", "=", userId).execute();
    return userId;
  });
  if (userId) emit("user.sessions-ended", { userId });
  return userId !== null;
}
