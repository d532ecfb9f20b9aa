import fs from "node:fs/promises";
import path from "node:path";
import { remember } from "@epic-web/remember";
import { receiveMailReply } from "~/models/mail-replies.server";
import { env } from "~/services/env.server";

/*
 * The drop folder of the embedded default (issue 37): while mail goes to the outbox (no
 * RESEND_API_KEY), a running server takes each `.eml` file put in `$DATA_DIR/inbox/` as
 * a mail arrived at a reply address, so a developer can answer an outbox mail by hand
 * and a server on PGlite (one process only) receives without a second one. A file is
 * claimed by renaming it, so two instances on one folder take it once, then kept in
 * `done/` or, when it failed, `failed/`, for the developer to look at.
 */

const EVERY_MS = 2_000;

const state = () => remember("mail-inbox", () => ({ timer: null as NodeJS.Timeout | null, running: false }));

export function watchMailInbox() {
  const current = state();
  if (current.timer || env().RESEND_API_KEY) return;
  current.timer = setInterval(() => void takeInbox(), EVERY_MS);
  current.timer.unref();
}

export function stopMailInbox() {
  const current = state();
  if (current.timer) clearInterval(current.timer);
  current.timer = null;
}

/** Takes every mail in the folder now; returns how many. */
export async function takeInbox(dir = path.join(env().dataDir, "inbox")): Promise<number> {
  const current = state();
  if (current.running) return 0;
  current.running = true;
  try {
    const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith(".eml"));
    for (const name of names) await take(dir, name);
    return names.length;
  } finally {
    current.running = false;
  }
}

async function take(dir: string, name: string) {
  const claimed = path.join(dir, `${name}.taking`);
  try {
    await fs.rename(path.join(dir, name), claimed);
  } catch {
    return; // Another instance took it.
  }
  try {
    const outcome = await receiveMailReply(await fs.readFile(claimed));
    console.info(`[inbox] ${name}: ${outcome.posted ? "posted" : `not posted (${outcome.reason})`}`);
    await moveTo(dir, "done", claimed, name);
  } catch (error) {
    console.error(`[inbox] ${name} could not be taken`, error);
    await moveTo(dir, "failed", claimed, name);
  }
}

async function moveTo(dir: string, folder: string, from: string, name: string) {
  await fs.mkdir(path.join(dir, folder), { recursive: true });
  await fs.rename(from, path.join(dir, folder, name));
}
