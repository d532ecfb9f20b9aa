import { db } from "~/services/db.server";
import { findUserById } from "./accounts.server";
import type { Actor } from "./actors.server";
import { recordSecurityActivity } from "./activity.server";
import { hashPassword, verifyPassword } from "./passwords.server";
import { RATE_LIMITS, assertWithinRateLimits, clearRateLimit } from "./rate-limits.server";
import { announceEndedSessions, deleteOtherSessions } from "./sessions.server";
import { Refusal } from "./errors.server";

export const WRONG_CURRENT_PASSWORD = "Your current password is not correct.";

/**
 * Sets a new password when the current one is right, and signs the account out of
 * every other session: whoever knew the old password is out, this browser stays in.
 * Returns how many sessions ended.
 */
export async function changePassword(
  actor: Actor,
  currentSessionId: string,
  { currentPassword, password }: { currentPassword: string; password: string },
): Promise<number> {
  const limitKey = `password-change:account:${actor.id}`;
  await assertWithinRateLimits([[limitKey, RATE_LIMITS.passwordChangePerAccount]]);
  const user = await findUserById(actor.id);
  if (!user || !(await verifyPassword(user.password_hash, currentPassword))) {
    throw new Refusal(WRONG_CURRENT_PASSWORD, { field: "currentPassword" });
  }
  const passwordHash = await hashPassword(password);
  const ended = await db.transaction().execute(async (tx) => {
    await tx
      .updateTable("users")
      .set({ password_hash: passwordHash, must_change_password: false, updated_at: new Date() })
      .where("id", "=", actor.id)
      .execute();
    const ended = await deleteOtherSessions(tx, actor.id, currentSessionId);
    await recordSecurityActivity(tx, actor, {
      action: "security.password_changed",
      summary: `${actor.name} changed their password`,
    });
    return ended;
  });
  announceEndedSessions(ended);
  await clearRateLimit(limitKey);
  return ended.length;
}
