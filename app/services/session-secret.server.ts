import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "./env.server";

let secret: string | undefined;

/**
 * SESSION_SECRET signs cookies. Production requires it (env.server.ts); without it,
 * development keeps a generated one in DATA_DIR so sign-ins survive a restart.
 */
export function sessionSecret(): string {
  if (secret) return secret;
  const { SESSION_SECRET, dataDir } = env();
  if (SESSION_SECRET) return (secret = SESSION_SECRET);
  const file = path.join(dataDir, "session-secret");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, crypto.randomBytes(32).toString("hex"), { mode: 0o600, flag: "wx" });
  }
  return (secret = fs.readFileSync(file, "utf8").trim());
}
