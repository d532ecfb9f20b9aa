import type { User } from "#db/schema";
import { db } from "~/services/db.server";
import { completePendingRegistration } from "./registration.server";
import { findUserById } from "./accounts.server";
import { consumeToken, findTokenOwner } from "./tokens.server";

/**
 * Verifies the email of the link's owner and, for invited users, turns their pending
 * registration into their team or client record, all in one transaction. Returns
 * null for a used, expired or unknown link.
 */
export async function verifyEmailWithToken(token: string): Promise<User | null> {
  return db.transaction().execute(async (tx) => {
    const userId = await consumeToken(token, "email", tx);
    if (!userId) return null;
    const user = await tx
      .updateTable("users")
      .set({ email_verified_at: new Date(), updated_at: new Date() })
      .where("id", "=", userId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return completePendingRegistration(tx, user);
  });
}

/**
 * Mail scanners open links before people do. When a spent link belongs to an account
 * that is verified by now, the person only needs to log in.
 */
export async function isTokenOfVerifiedUser(token: string): Promise<boolean> {
  const userId = await findTokenOwner(token, "email");
  const user = userId ? await findUserById(userId) : undefined;
  return Boolean(user?.email_verified_at);
}
