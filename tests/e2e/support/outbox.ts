import fs from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import type { OutboxMail } from "../../../app/services/outbox.server";

function outboxDir() {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set: run the tests through playwright.config.ts");
  return path.join(dataDir, "mail");
}

/** Every mail the server has written so far, oldest first. */
export function readOutbox(): OutboxMail[] {
  const dir = outboxDir();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")) as OutboxMail);
}

/** Waits for the newest mail to `to` (and whose subject matches, when given), and returns it. */
export async function waitForMail(to: string, subject?: string | RegExp): Promise<OutboxMail> {
  const find = () =>
    readOutbox()
      .reverse()
      .find(
        (mail) =>
          mail.to.toLowerCase() === to.toLowerCase() &&
          (subject === undefined ||
            (typeof subject === "string" ? mail.subject.includes(subject) : subject.test(mail.subject))),
      );
  await expect.poll(() => find(), { message: `a mail to ${to}`, timeout: 10_000 }).toBeTruthy();
  return find()!;
}

/** The first link in a mail's text whose path starts with `pathPrefix` (e.g. "/reset-password"). */
export function linkIn(mail: OutboxMail, pathPrefix: string): string {
  const link = mail.text
    .match(/https?:\/\/[^\s<>"')]+/g)
    ?.find((href) => new URL(href).pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`No ${pathPrefix} link in the mail "${mail.subject}" to ${mail.to}`);
  return link;
}
