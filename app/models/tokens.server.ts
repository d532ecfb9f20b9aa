import type { Kysely, Transaction } from "kysely";
import type { Database, TokenKind } from "#db/schema";
import { db } from "~/services/db.server";
import { hashSecret, newSecret } from "~/services/secrets.server";

export const TOKEN_LIFETIME_MS: Record<TokenKind, number> = {
  email: 24 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
};

/** Issues a single-use token and returns the secret for the link; older unused ones of its kind stop working. */
export async function issueToken(
  userId: string,
  kind: TokenKind,
  executor: Kysely<Database> | Transaction<Database> = db,
): Promise<string> {
  const secret = newSecret();
  await executor
    .updateTable("verification_tokens")
    .set({ used_at: new Date() })
    .where("user_id", "=", userId)
    .where("kind", "=", kind)
    .where("used_at", "is", null)
    .execute();
  await executor
    .insertInto("verification_tokens")
    .values({
      kind,
      user_id: userId,
      token_hash: hashSecret(secret),
      expires_at: new Date(Date.now() + TOKEN_LIFETIME_MS[kind]),
    })
    .execute();
  return secret;
}

/**
 * Whose token this is. `usable` only while unused and unexpired (to show the reset
 * form); otherwise spent ones count too, since mail scanners open links before people do.
 */
export async function findTokenOwner(
  secret: string,
  kind: TokenKind,
  { usable }: { usable: boolean },
): Promise<string | null> {
  let query = db
    .selectFrom("verification_tokens")
    .select("user_id")
    .where("token_hash", "=", hashSecret(secret))
    .where("kind", "=", kind);
  if (usable) query = query.where("used_at", "is", null).where("expires_at", ">", new Date());
  return (await query.executeTakeFirst())?.user_id ?? null;
}

/** Uses a token up in one statement, so two clicks on the same link cannot both succeed. */
export async function consumeToken(
  secret: string,
  kind: TokenKind,
  executor: Kysely<Database> | Transaction<Database> = db,
): Promise<string | null> {
  const row = await executor
    .updateTable("verification_tokens")
    .set({ used_at: new Date() })
    .where("token_hash", "=", hashSecret(secret))
    .where("kind", "=", kind)
    .where("used_at", "is", null)
    .where("expires_at", ">", new Date())
    .returning("user_id")
    .executeTakeFirst();
  return row?.user_id ?? null;
}
