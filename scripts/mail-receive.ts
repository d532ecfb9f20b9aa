/*
 * npm run mail:receive FILE.eml — takes a mail as if it had arrived at a reply address
 * (issue 37): for a server that is not running, or one on Postgres, and for a developer
 * answering an outbox mail by hand. Prints what became of it.
 */
import fs from "node:fs";
import { runCommand } from "./command";

const file = process.argv[2];
if (!file || !fs.existsSync(file)) {
  console.error("Usage: npm run mail:receive FILE.eml   (a mail as a raw RFC 5322 file)");
  process.exit(1);
}
await runCommand(async () => {
  const { db, migrate } = await import("~/services/db.server");
  const { backgroundMailSettled } = await import("~/services/mail.server");
  const { receiveMailReply } = await import("~/models/mail-replies.server");
  await migrate();
  const outcome = await receiveMailReply(fs.readFileSync(file));
  await backgroundMailSettled();
  await db.destroy();
  if (outcome.posted) {
    console.log(`Posted in space ${outcome.spaceId}: ${outcome.messageIds.length} message(s).`);
    for (const left of outcome.leftOut) console.log(`Left out ${left.name}: ${left.reason}`);
  } else {
    console.log(`Not posted: ${outcome.reason}.`);
  }
});
