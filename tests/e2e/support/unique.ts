import crypto from "node:crypto";

/** An address no other test uses: the server and its database are shared by every test. */
export function uniqueEmail(label = "user"): string {
  return `${label}-${Date.now().toString(36)}-${crypto.randomBytes(4).toString("hex")}@e2e.test`;
}
