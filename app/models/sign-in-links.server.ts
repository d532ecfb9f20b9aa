import crypto from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "#db/schema";
import { db } from "~/services/db.server";
import { hashSecret } from "~/services/secrets.server";
import { sessionSecret } from "~/services/session-secret.server";
import { loadActor } from "./actors.server";
import { spacePath } from "~/shared/paths";
import { hasMembership } from "./policy.server";
import { canSeeChat, isUuid } from "./space-access.server";
import { chatName, sideOf } from "~/shared/chat-sides";

/*
 * The link in an unread-message notice: it signs its user in and opens one space's
 * conversation. Single-use, bound to one user and one space, and short-lived. Only
 * the hash of its secret is stored; the secret is an HMAC of the link's id under the
 * server's key, as an invitation's is (decision 003), so that a link still unused can be
 * mailed again (mention mails do) while neither the table nor an id yields a working one.
 */

/** A notice read the next morning still works; a forwarded or leaked one does not for long. */
export const SIGN_IN_LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** A link is mailed again only while it has this long left, so that a mail read within the hour still works. */
const REMAILED_WHILE_LEFT_MS = 60 * 60 * 1000;

export type MailedSignInLink = { id: string; secret: string; expiresAt: Date; reused: boolean };

export async function issueSignInLink(
  userId: string,
  spaceId: string,
  executor: Kysely<Database> | Transaction<Database> = db,
): Promise<string> {
  return (await createSignInLink(userId, spaceId, executor)).secret;
}

/**
 * The link for another mail to the same user about the same space: the previous mail's
 * again while it is unused and has at least an hour left, else a new one.
 */
export async function signInLinkToMail(
  userId: string,
  spaceId: string,
  previousId: string | null,
): Promise<MailedSignInLink> {
  const previous = previousId
    ? await db
        .selectFrom("sign_in_links")
        .select(["id", "expires_at"])
        .where("id", "=", previousId)
        .where("user_id", "=", userId)
        .where("space_id", "=", spaceId)
        .where("used_at", "is", null)
        .where("expires_at", ">", new Date(Date.now() + REMAILED_WHILE_LEFT_MS))
        .executeTakeFirst()
    : undefined;
  if (!previous) return createSignInLink(userId, spaceId);
  return { id: previous.id, secret: linkSecret(previous.id), expiresAt: new Date(previous.expires_at), reused: true };
}

async function createSignInLink(
  userId: string,
  spaceId: string,
  executor: Kysely<Database> | Transaction<Database> = db,
): Promise<MailedSignInLink> {
  const id = crypto.randomUUID();
  const secret = linkSecret(id);
  const expiresAt = new Date(Date.now() + SIGN_IN_LINK_LIFETIME_MS);
  await executor
    .insertInto("sign_in_links")
    .values({ id, token_hash: hashSecret(secret), user_id: userId, space_id: spaceId, expires_at: expiresAt })
    .execute();
  return { id, secret, expiresAt, reused: false };
}

function linkSecret(linkId: string): string {
  return crypto.createHmac("sha256", sessionSecret()).update(`sign-in-link:${linkId}`).digest("base64url");
}

export type SignInLink = { userId: string; spaceName: string; conversationPath: string; usable: boolean };

/**
 * Where a link opens: its conversation, at one of its messages when the link names one (a
 * sign-off's card), as `?message=` so that it survives a sign-in's redirect. Anything but
 * an id in its place is ignored; the chat itself shows only a message of its own.
 */
export function conversationAt(conversationPath: string, messageId: string | null) {
  return messageId && isUuid(messageId) ? `${conversationPath}?message=${messageId}` : conversationPath;
}

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
      "spaces.team_side_of",
    ])
    .where("sign_in_links.token_hash", "=", hashSecret(secret))
    .executeTakeFirst();
  if (!row) return null;
  return {
    userId: row.user_id,
    spaceName: chatName(row.space_name, sideOf(row)),
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
  if (!actor?.emailVerified || !hasMembership(actor) || !(await canSeeChat(actor, row.space_id))) return null;
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
