import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { env } from "./env.server";

/** A mail as the outbox stores it: the contract e2e tests and developers read. */
export type OutboxMail = {
  id: string;
  to: string;
  from: string;
  subject: string;
  html: string;
  text: string;
  /** The address a reply goes to, when the mail has one. */
  replyTo?: string;
  headers?: Record<string, string>;
  createdAt: string;
};

const outboxDir = (dataDir: string) => path.join(dataDir, "mail");

let lastTime = 0;

/**
 * The mail driver with nothing configured: each mail becomes a JSON file in
 * `$DATA_DIR/mail/` and one log line with its links, so a developer can follow
 * a verification or invitation link without a mail service.
 */
export function createOutbox({ dataDir, from }: { dataDir: string; from: string }) {
  return {
    async send({ to, subject, html, text, replyTo, headers }: Omit<OutboxMail, "id" | "from" | "createdAt">) {
      // Strictly increasing times keep the order of sending, even within one millisecond.
      lastTime = Math.max(Date.now(), lastTime + 1);
      const createdAt = new Date(lastTime).toISOString();
      const id = crypto.randomUUID();
      const mail: OutboxMail = { id, to, from, subject, html, text, replyTo, headers, createdAt };

      const dir = outboxDir(dataDir);
      const file = path.join(dir, `${createdAt.replaceAll(":", "-")}-${id}.json`);
      await fs.mkdir(dir, { recursive: true });
      // Written under another name, then renamed, so a reader polling the folder never sees half a mail.
      await fs.writeFile(`${file}.tmp`, JSON.stringify(mail, null, 2));
      await fs.rename(`${file}.tmp`, file);

      const links = text.match(/https?:\/\/[^\s<>"]+/g)?.map((link) => link.replace(/[.,;:!?)\]]+$/, "")) ?? [];
      console.info(`[mail] to ${to}: ${subject}${links.length ? ` ${links.join(" ")}` : ""}`);
      return { id };
    },
  };
}

/** Every mail in the outbox, oldest first. */
export async function readOutbox(dataDir = env().dataDir): Promise<OutboxMail[]> {
  const dir = outboxDir(dataDir);
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const mails = await Promise.all(
    names
      .filter((name) => name.endsWith(".json"))
      .map(async (name) => JSON.parse(await fs.readFile(path.join(dir, name), "utf8")) as OutboxMail),
  );
  return mails.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}
