import type { User } from "#db/schema";
import { db } from "~/services/db.server";
import { emit } from "./events.server";
import { completePendingRegistration } from "./registration.server";
import { findUserById } from "./accounts.server";
import { consumeToken, findTokenOwner } from "./tokens.server";

/**
 * Verifies the email of the link's owner and, for invited users, turns their pending
 * registration into their team or client record, all in one transaction. Returns
 * null for a used, expired or unknown link; throws a Refusal when the
 * invitation no longer holds.
 *
 * Sessions made before the address was proven end here: whoever registered with
 * somebody else's address must not keep a way into the account its owner now claims.
 */
export async function verifyEmailWithToken(token: string): Promise<User | null> {
  const verification = await db.transaction().execute(async (tx) => {
    const userId = await consumeToken(token, "email", tx);
    if (!userId) return null;
    const verified = await tx
      .updateTable("users")
      .set({ email_verified_at: new Date(), updated_at: new Date() })
      .where("id", "=", userId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await tx.deleteFrom("sessions").where("user_id", "=", userId).execute();
    const user = await completePendingRegistration(tx, verified);
    return { user, joined: verified.pending_registration !== null && user.pending_registration === null };
  });
  if (!verification) return null;
  emit("user.sessions-ended", { userId: verification.user.id });
  if (verification.joined) emit("member.joined", { userId: verification.user.id });
  return verification.user;
}

/**
 * Mail scanners open links before people do. When a spent link belongs to an account
 * that is verified by now, the person only needs to log in.
 */
export async function isTokenOfVerifiedUser(token: string): Promise<boolean> {
  const userId = await findTokenOwner(token, "email", { usable: false });
  const user = userId ? await findUserById(userId) : undefined;
  return Boolean(user?.email_verified_at);
}
