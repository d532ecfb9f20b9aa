import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { plainMail } from "#tests/support/mails";
import { createWorld, expect, messages, signInAs, test } from "./support/fixtures";
import { waitForMail } from "./support/outbox";

/*
 * Issue 37, end to end: a client who never opens the app answers the mention notice
 * from their mail, with a picture, and the agency's open chat shows it at once; without
 * JavaScript the space shows it too. The reply goes in by the embedded default's inbox
 * folder, which the running server takes: on PGlite (one process) `npm run mail:receive`
 * could not open the suite's database beside the server, and both hand the mail to the
 * same function (tests/integration/mail-replies.test.ts runs it on every kind of mail).
 */

test("a reply to a mention notice lands live in the open chat with its file, and reads so without JavaScript", async ({
  page,
  browser,
}) => {
  const world = await createWorld(page, {
    clients: [{ name: "Olivia Chen", company: "Northwind Traders", role: "OWNER" }],
    spaces: [{ name: "Northwind Launch", clients: [0] }],
  });
  const space = world.spaces[0];
  const olivia = world.clients[0];

  await signInAs(page, world.owner.email);
  await page.goto(`/spaces/${space.id}`);
  await page.getByLabel("Message", { exact: true }).fill("Can you check the new logo, @Olivia Chen thanks");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(messages(page).getByText("Can you check the new logo")).toBeVisible();

  const notice = await waitForMail(olivia.email, "mentioned you in Northwind Launch");
  expect(notice.text).toContain("Can you check the new logo");
  expect(notice.text).toContain("Reply to this email to answer in Northwind Launch.");
  expect(notice.replyTo).toMatch(/^reply\+[0-9a-f]{32}@/);

  const picture = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#4f46e5" } })
    .png()
    .toBuffer();
  const reply = plainMail({
    from: olivia.email,
    to: notice.replyTo!,
    text: `Looks great, go ahead!\n\nOn Mon, 23 Nov 2026, Agency Workspace wrote:\n${notice.text
      .split("\n")
      .map((line) => `> ${line}`)
      .join("\n")}`,
    files: [{ name: "approved.png", type: "image/png", bytes: picture }],
  });
  const inbox = path.join(process.env.E2E_DATA_DIR!, "inbox");
  fs.mkdirSync(inbox, { recursive: true });
  // Written under another name, then renamed whole, as a mail server delivers: the server never takes half a file.
  fs.writeFileSync(path.join(inbox, "reply.part"), reply);
  fs.renameSync(path.join(inbox, "reply.part"), path.join(inbox, `reply-${Date.now()}.eml`));

  const answer = messages(page).getByRole("listitem").filter({ hasText: "Looks great, go ahead!" });
  await expect(answer).toBeVisible({ timeout: 15_000 });
  await expect(answer.getByText("via email")).toBeVisible();
  await expect(messages(page).getByRole("img", { name: "approved.png" })).toBeVisible();
  await expect(messages(page)).not.toContainText("unread message");

  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await signInAs(plain, world.owner.email);
  await plain.goto(`/spaces/${space.id}`);
  await expect(messages(plain).getByRole("listitem").filter({ hasText: "Looks great, go ahead!" })).toContainText(
    "via email",
  );
  await noScript.close();
});
