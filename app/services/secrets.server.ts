import crypto from "node:crypto";

/** A URL-safe secret of 256 random bits, for links that stand in for a password. */
export function newSecret(): string {
  return crypto.randomBytes(32).toString("base64url");
}

/** What we store instead of a secret: a leaked table must not yield working links. */
export function hashSecret(secret: string): string {
  return crypto.createHash("sha256").update(secret).digest("hex");
}
