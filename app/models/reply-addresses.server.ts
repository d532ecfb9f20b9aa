import crypto from "node:crypto";
import { db } from "~/services/db.server";
import { env } from "~/services/env.server";
import { sessionSecret } from "~/services/session-secret.server";
import type { Actor } from "./actors.server";

/*
 * Reply addresses (issue 37): a notice mail about a space goes out with a Reply-To of
 * that person and that space, `reply+<token>@<reply domain>`. The token is 128 bits of an
 * HMAC over the person, the space and their key version, never an id: it cannot be
 * guessed from what a mail shows, and a person who resets their reply addresses bumps
 * their version, which refuses every address made before. Whether the person may still
 * post in the space is decided when a reply arrives (app/models/mail-replies.server.ts).
 */

/** Where mail to reply addresses is received when nothing says otherwise: the outbox's own, for development. */
export const LOCAL_REPLY_DOMAIN = "reply.agency-workspace.local";

const TOKEN = /^reply\+([0-9a-f]{32})@(.+)$/i;

/**
 * The domain of reply addresses: MAIL_REPLY_DOMAIN, or the local one while mail goes to
 * the outbox. With Resend and no receiving domain set, there is none, and notices say
 * "Reply in the app".
 */
export function replyDomain(): string | null {
  const { MAIL_REPLY_DOMAIN, RESEND_API_KEY } = env();
  return MAIL_REPLY_DOMAIN ?? (RESEND_API_KEY ? null : LOCAL_REPLY_DOMAIN);
}

function tokenOf(userId: string, spaceId: string, version: number): string {
  return crypto
    .createHmac("sha256", sessionSecret())
    .update(`reply-address:${version}:${userId}:${spaceId}`)
    .digest("hex")
    .slice(0, 32);
}

/** The person's reply address for the space, kept so that a reply can be traced back; null without a reply domain. */
export async function replyAddressFor(userId: string, spaceId: string): Promise<string | null> {
  const domain = replyDomain();
  if (!domain) return null;
  const { reply_key_version: version } = await db
    .selectFrom("users")
    .select("reply_key_version")
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  const token = tokenOf(userId, spaceId, version);
  await db
    .insertInto("reply_addresses")
    .values({ token, user_id: userId, space_id: spaceId, key_version: version })
    .onConflict((oc) => oc.column("token").doNothing())
    .execute();
  return `reply+${token}@${domain}`;
}

/** The token of the first of the addresses that is one of ours (any case), or null. */
export function replyTokenIn(addresses: readonly string[]): string | null {
  const domain = replyDomain()?.toLowerCase();
  for (const address of addresses) {
    const match = TOKEN.exec(address.trim());
    if (match && match[2].toLowerCase() === domain) return match[1].toLowerCase();
  }
  return null;
}

/** Whom and which space a token stands for, while its person has not reset their addresses since. */
export async function findReplyAddress(token: string): Promise<{ userId: string; spaceId: string } | null> {
  const row = await db
    .selectFrom("reply_addresses")
    .innerJoin("users", "users.id", "reply_addresses.user_id")
    .select(["reply_addresses.user_id", "reply_addresses.space_id"])
    .where("reply_addresses.token", "=", token)
    .whereRef("reply_addresses.key_version", "=", "users.reply_key_version")
    .executeTakeFirst();
  return row ? { userId: row.user_id, spaceId: row.space_id } : null;
}

/** Settings › Notifications › "Reset my reply addresses": every address mailed so far stops working. */
export async function resetReplyAddresses(actor: Pick<Actor, "id">): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable("users")
      .set((eb) => ({ reply_key_version: eb("reply_key_version", "+", 1) }))
      .where("id", "=", actor.id)
      .execute();
    await tx.deleteFrom("reply_addresses").where("user_id", "=", actor.id).execute();
  });
}

/**
 * The headers that make a mail app group a person's notices about a space into one
 * thread: a new Message-ID for each, and the same root in In-Reply-To and References.
 */
export function threadHeaders(spaceId: string, host: string): Record<string, string> {
  const root = `<space-${spaceId}@${host}>`;
  return { "Message-ID": `<${crypto.randomUUID()}@${host}>`, "In-Reply-To": root, References: root };
}
