import type { Kysely, Transaction } from "kysely";
import type { Database } from "#db/schema";
import { db } from "~/services/db.server";
import { hashSecret, newSecret } from "~/services/secrets.server";
import { loadActor } from "./actors.server";
import { spacePath } from "./paths";
import { hasMembership } from "./policy.server";
import { canSeeSpace } from "./space-access.server";

/*
 * The link in an unread-message notice: it signs its user in and opens one space's
 * conversation. Single-use, bound to one user and one space, and short-lived. Only
 * the hash of its secret is stored.
 */

/** A notice read the next morning still works; a forwarded or leaked one does not for long. */
export const SIGN_IN_LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;

export async function issueSignInLink(
  userId: string,
  spaceId: string,
  executor: Kysely<Database> | Transaction<Database> = db,
): Promise<string> {
  const secret = newSecret();
  await executor
    .insertInto("sign_in_links")
    .values({
      token_hash: hashSecret(secret),
      user_id: userId,
      space_id: spaceId,
      expires_at: new Date(Date.now() + SIGN_IN_LINK_LIFETIME_MS),
    })
    .execute();
  return secret;
}

export type SignInLink = { userId: string; spaceName: string; conversationPath: string; usable: boolean };

/** What a link stands for, without using it up (mail scanners open links before people do). */
export async function findSignInLink(secret: string): Promise<SignInLink | null> {
  const row = await db
    .selectFrom("sign_in_links")
    .innerJoin("users", "users.id", "sign_in_links.user_id")
    .innerJoin("spaces", "spaces.id", "sign_in_links.space_id")
    .select([
      "sign_in_links.user_id",
      "sign_in_links.space_id",
      "sign_in_links.used_at",
      "sign_in_links.expires_at",
      "users.user_type",
      "spaces.name as space_name",
    ])
    .where("sign_in_links.token_hash", "=", hashSecret(secret))
    .executeTakeFirst();
  if (!row) return null;
  return {
    userId: row.user_id,
    spaceName: row.space_name,
    conversationPath: spacePath(row.user_type, row.space_id),
    usable: row.used_at === null && new Date(row.expires_at) > new Date(),
  };
}

/**
 * Uses the link up, in one statement, so two clicks cannot both sign in. Returns its
 * user and space, or null when it is spent, expired, unknown, or its user no longer
 * takes part in the space.
 */
export async function consumeSignInLink(secret: string): Promise<{ userId: string; conversationPath: string } | null> {
  const row = await db
    .updateTable("sign_in_links")
    .set({ used_at: new Date() })
    .where("token_hash", "=", hashSecret(secret))
    .where("used_at", "is", null)
    .where("expires_at", ">", new Date())
    .returning(["user_id", "space_id"])
    .executeTakeFirst();
  if (!row) return null;
  const actor = await loadActor(row.user_id);
  if (!actor?.emailVerified || !hasMembership(actor) || !(await canSeeSpace(actor, row.space_id))) return null;
  return { userId: actor.id, conversationPath: spacePath(actor.type, row.space_id) };
}

/** Makes a link unusable, e.g. when the mail carrying it could not be sent. */
export async function revokeSignInLink(secret: string): Promise<void> {
  await db
    .updateTable("sign_in_links")
    .set({ used_at: new Date() })
    .where("token_hash", "=", hashSecret(secret))
    .execute();
}

export async function pruneExpiredSignInLinks(): Promise<void> {
  await db.deleteFrom("sign_in_links").where("expires_at", "<=", new Date()).execute();
}
