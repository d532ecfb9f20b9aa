import crypto from "node:crypto";
import fs from "node:fs";
import { strFromU8, unzipSync } from "fflate";
import type { Browser, Locator, Page } from "@playwright/test";
import sharp from "sharp";
import {
  bubble,
  createWorld,
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  expectTitleAndDescription,
  messages,
  messageTools,
  signInAs,
  test,
} from "./support/fixtures";
import { linkIn, waitForMail } from "./support/outbox";

/*
 * Issue 39: sign-off on deliverables. The agency asks for sign-off of a file in the client
 * chat; the client approves it, or asks for changes and gets a new version; the audit log,
 * the space's Sign-offs tab and its export keep the record. With JavaScript and, tagged
 * @no-js, without (the live change of the card needs JavaScript).
 */

type Upload = { name: string; mimeType: string; buffer: Buffer };

const javaScript = () => test.info().project.use.javaScriptEnabled !== false;

async function logo(name = "logo.png", background = "#3366ff"): Promise<Upload> {
  const buffer = await sharp({ create: { width: 64, height: 48, channels: 3, background } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

const northwind = {
  clients: [
    { name: "Olivia Chen", company: "Northwind Traders", role: "OWNER" as const },
    { name: "Sam Lee", company: "Northwind Traders", role: "EMPLOYEE" as const },
  ],
  spaces: [{ name: "Northwind Launch", clients: [0, 1], owner: 0 }],
};

const toast = (page: Page, title: string) =>
  page.getByRole("region", { name: "Notifications" }).getByText(title, { exact: true });

/** The chat's message that carries this file. */
const fileMessage = (page: Page, name: string) =>
  messages(page)
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: new RegExp(`^${name.replace(".", "\\.")}`) }) })
    .or(
      messages(page)
        .getByRole("listitem")
        .filter({ has: page.getByRole("img", { name, exact: true }) }),
    )
    .first();

/** The sign-off card in the chat (there is one per test). */
const signOffCard = (page: Page) => messages(page).getByRole("region", { name: "Sign-off" });
/** The card's state pill: Waiting, Approved, Changes requested or Withdrawn. */
const statePill = (card: Locator) => card.locator("[data-sign-off-state]");

async function shareFile(page: Page, file: Upload) {
  await page.getByLabel(/Attach a file/).setInputFiles(file);
  await page.getByRole("button", { name: "Send" }).click();
  await expect(fileMessage(page, file.name)).toBeVisible();
  // Sent: no bubble of it left on its way (with JavaScript the upload shows one until the message is in).
  await expect(messages(page).getByText("Sending…")).toHaveCount(0);
}

/** A second browser, with JavaScript as the project has it, signed in as `email` at its own address. */
async function openAs(browser: Browser, email: string) {
  const context = await browser.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled });
  const page = await context.newPage();
  const [a, b] = crypto.randomBytes(2);
  const address = `203.0.${a}.${b}`;
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": address });
  await signInAs(page, email);
  return { context, page, address };
}

/** Resolves once the chat's socket is in its rooms (its first sync answered); without JavaScript at once. */
function liveChat(page: Page): Promise<void> {
  if (!javaScript()) return Promise.resolve();
  return new Promise<void>((resolve) =>
    page.on("websocket", (socket) =>
      socket.on("framereceived", (frame) => String(frame.payload).startsWith("43") && resolve()),
    ),
  );
}

/** Asks the space's client owner (checked first, by default) to sign off the file, from its message. */
async function askForSignOff(page: Page, fileName: string, { dueOn, note }: { dueOn?: string; note?: string } = {}) {
  await (await messageTools(fileMessage(page, fileName))).getByRole("link", { name: "Ask for sign-off" }).click();
  const panel = page.getByRole("region", { name: "Ask for sign-off" });
  await expect(panel).toBeVisible();
  if (dueOn) await panel.getByLabel("Due date (optional)").fill(dueOn);
  if (note) await panel.getByLabel("Note (optional)").fill(note);
  await panel.getByRole("button", { name: "Ask for sign-off" }).click();
  await expect(toast(page, "Sign-off requested")).toBeVisible();
  await expect(panel).toHaveCount(0);
  await expect(statePill(signOffCard(page))).toHaveText("Waiting");
}

/** "YYYY-MM-DD", `days` from now, and how the card shows it ("Due Jun 15, 2030"). */
function dayFromNow(days: number) {
  const date = new Date(Date.now() + days * 86_400_000);
  const key = date.toISOString().slice(0, 10);
  const shown = new Intl.DateTimeFormat("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${key}T12:00:00Z`));
  return { key, shown };
}

test(
  "the agency asks the client owner to sign off a file; the client approves, and the record shows it",
  { tag: "@no-js" },
  async ({ page, browser }) => {
    test.slow(); // Two browsers, the audit log, the Sign-offs tab and several axe passes.
    const world = await createWorld(page, northwind);
    const space = world.spaces[0];
    await signInAs(page, world.owner.email);
    const connected = liveChat(page);
    await page.goto(`/spaces/${space.id}`);
    await connected;
    await shareFile(page, await logo());
    await expect(toast(page, "File uploaded successfully")).toBeVisible();

    // Ask for sign-off: the client owner is asked by default, another client member may be.
    await (await messageTools(fileMessage(page, "logo.png"))).getByRole("link", { name: "Ask for sign-off" }).click();
    await expect(page).toHaveURL(/\?sign-off=/);
    const ask = page.getByRole("region", { name: "Ask for sign-off" });
    await expect(ask).toContainText("logo.png");
    await expect(ask.getByLabel("Olivia Chen")).toBeChecked();
    await expect(ask).toContainText("(client owner)");
    await expect(ask.getByLabel("Sam Lee")).not.toBeChecked();
    await expectAccessible(page);
    const due = dayFromNow(14);
    await ask.getByLabel("Due date (optional)").fill(due.key);
    await ask.getByLabel("Note (optional)").fill("Final logo for the launch page");
    await ask.getByRole("button", { name: "Ask for sign-off" }).click();
    await expect(toast(page, "Sign-off requested")).toBeVisible();
    await expect(ask).toHaveCount(0);

    const card = signOffCard(page);
    await expect(statePill(card)).toHaveText("Waiting");
    await expect(card).toContainText(`Grace Owner asked Olivia Chen · Due ${due.shown}`);
    await expect(card).toContainText("Final logo for the launch page");
    await expect(card.getByRole("listitem")).toHaveText(["Version 1: logo.png"]);
    // Staff do not answer; they may upload a new version or withdraw. Asked once, the file offers no second request.
    await expect(card.getByRole("link", { name: "Approve" })).toHaveCount(0);
    await expect(card.getByRole("link", { name: "Upload new version" })).toBeVisible();
    await expect(card.getByRole("button", { name: "Withdraw" })).toBeVisible();
    await expect(
      (await messageTools(fileMessage(page, "logo.png"))).getByRole("link", { name: "Ask for sign-off" }),
    ).toHaveCount(0);

    // The client owner sees the card, and approves after a confirmation that names the file.
    const client = await openAs(browser, world.clients[0].email);
    const clientPage = client.page;
    await clientPage.goto(`/client/chat/${space.id}`);
    const clientCard = signOffCard(clientPage);
    await expect(statePill(clientCard)).toHaveText("Waiting");
    await expect(clientCard).toContainText("Final logo for the launch page");
    await expect(
      (await messageTools(fileMessage(clientPage, "logo.png"))).getByRole("link", { name: "Ask for sign-off" }),
    ).toHaveCount(0);
    await clientCard.getByRole("link", { name: "Approve" }).click();
    const confirm = clientPage.getByRole("region", { name: "Approve logo.png?" });
    await expect(confirm).toContainText("You approve version 1 of logo.png.");
    await expectAccessible(clientPage);
    await confirm.getByRole("button", { name: "Approve" }).click();
    await expect(toast(clientPage, "Approved")).toBeVisible();
    await expect(confirm).toHaveCount(0);
    await expect(statePill(clientCard)).toHaveText("Approved");
    await expect(clientCard).toContainText("Approved by Olivia Chen");
    await expect(clientCard.getByRole("link", { name: "Approve" })).toHaveCount(0);
    await expect(clientCard.getByRole("link", { name: "Request changes" })).toHaveCount(0);

    // The owner's chat: live with JavaScript, on the next load without.
    if (!javaScript()) await page.reload();
    await expect(statePill(card)).toHaveText("Approved");
    await expect(card).toContainText("Approved by Olivia Chen");
    await expect(card.getByRole("button", { name: "Withdraw" })).toHaveCount(0);

    // The client's chat with the card at a phone's width, and their Sign-offs tab.
    await clientPage.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(clientPage);
    await expectAccessible(clientPage);
    await clientPage.getByRole("navigation", { name: "Space" }).getByRole("link", { name: "Sign-offs" }).click();
    await expect(clientPage).toHaveURL(new RegExp(`/client/chat/${space.id}/sign-offs$`));
    await expectTitleAndDescription(clientPage, /^Sign-offs · Northwind Launch/);
    await expect(clientPage.getByRole("list", { name: "Sign-off requests" })).toContainText("Approved by Olivia Chen");
    await expectNoSidewaysScroll(clientPage);
    await client.context.close();

    // The audit log, by the Sign-offs kind: the request and the approval.
    await page.goto("/settings/audit");
    await page.getByLabel("Kind").selectOption({ label: "Sign-offs" });
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/kind=sign-offs/);
    const entries = page.getByRole("list", { name: "Audit log entries" });
    await expect(entries.getByRole("listitem")).toHaveCount(2);
    await expect(entries.getByRole("listitem").first()).toContainText(
      "Olivia Chen approved version 1 of logo.png in Northwind Launch",
    );
    await expect(entries).toContainText("Grace Owner asked for sign-off of logo.png in Northwind Launch");

    // The space's Sign-offs tab, filtered by state.
    await page.goto(`/spaces/${space.id}`);
    await page.getByRole("navigation", { name: "Space" }).getByRole("link", { name: "Sign-offs" }).click();
    await expect(page).toHaveURL(new RegExp(`/spaces/${space.id}/sign-offs$`));
    await expectTitleAndDescription(page, /^Sign-offs · Northwind Launch/);
    const states = page.getByRole("navigation", { name: "Sign-off states" });
    await states.getByRole("link", { name: "Approved", exact: true }).click();
    await expect(page).toHaveURL(/\?state=approved$/);
    await expect(states.getByRole("link", { name: "Approved", exact: true })).toHaveAttribute("aria-current", "true");
    const rows = page.getByRole("list", { name: "Sign-off requests" }).getByRole("listitem");
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText("logo.png");
    await expect(rows).toContainText("Asked of Olivia Chen");
    await expect(rows).toContainText(`Due ${due.shown}`);
    await expect(rows).toContainText("Requested by Grace Owner");
    await expect(rows).toContainText("Approved by Olivia Chen");
    await expectAccessible(page);
    await states.getByRole("link", { name: "Waiting", exact: true }).click();
    await expect(page.getByText("No sign-offs match")).toBeVisible();
    await page.getByRole("link", { name: "Show all sign-offs" }).click();
    await expect(rows).toHaveCount(1);
    await rows.getByRole("link", { name: /Open in chat/ }).click();
    await expect(page).toHaveURL(new RegExp(`/spaces/${space.id}#message-`));
    await expect(statePill(signOffCard(page))).toHaveText("Approved");
  },
);

test(
  "changes need a comment, posted in the chat; a new version asks again and keeps the first answer",
  { tag: "@no-js" },
  async ({ page, browser }) => {
    test.slow(); // Two browsers, two uploads.
    const world = await createWorld(page, northwind);
    const space = world.spaces[0];
    await signInAs(page, world.owner.email);
    await page.goto(`/spaces/${space.id}`);
    await shareFile(page, await logo());
    await askForSignOff(page, "logo.png");

    const client = await openAs(browser, world.clients[0].email);
    const clientPage = client.page;
    await clientPage.goto(`/client/chat/${space.id}`);
    const clientCard = signOffCard(clientPage);
    await clientCard.getByRole("link", { name: "Request changes" }).click();
    await expect(clientPage).toHaveURL(/\?changes=/);
    const changes = clientPage.getByRole("region", { name: "Request changes to logo.png" });
    const comment = changes.getByLabel("What should change?");
    // Empty, the browser holds it back; blank, the page says why and keeps the form.
    await expect(comment).toHaveAttribute("required", "");
    await comment.fill("   ");
    await changes.getByRole("button", { name: "Request changes" }).click();
    await expect(changes.getByText("Please say what should change.")).toBeVisible();
    await expect(clientPage).toHaveURL(/\?changes=/);
    await expect(statePill(clientCard)).toHaveText("Waiting");
    await expectAccessible(clientPage);

    await comment.fill("Please make the mark larger");
    await changes.getByRole("button", { name: "Request changes" }).click();
    await expect(toast(clientPage, "Changes requested")).toBeVisible();
    await expect(changes).toHaveCount(0);
    await expect(statePill(clientCard)).toHaveText("Changes requested");
    await expect(clientCard).toContainText("Changes requested by Olivia Chen");
    await expect(clientCard).toContainText("Please make the mark larger");
    // The comment is a message of the chat, replying to the file.
    const reply = bubble(clientPage, "Please make the mark larger");
    await expect(reply).toBeVisible();
    await expect(reply).toContainText("logo.png");

    // Staff upload a new version: asked again, the first version's answer still on the card.
    if (!javaScript()) await page.reload();
    const card = signOffCard(page);
    await expect(statePill(card)).toHaveText("Changes requested");
    await expect(bubble(page, "Please make the mark larger")).toBeVisible();
    await card.getByRole("link", { name: "Upload new version" }).click();
    await expect(page).toHaveURL(/\?new-version=/);
    const upload = page.getByRole("region", { name: "Upload a new version of logo.png" });
    await expectAccessible(page);
    await upload.getByLabel("File").setInputFiles(await logo("logo-v2.png", "#ff6633"));
    await upload.getByRole("button", { name: "Upload new version" }).click();
    await expect(toast(page, "New version uploaded")).toBeVisible();
    await expect(upload).toHaveCount(0);
    await expect(statePill(card)).toHaveText("Waiting");
    const versions = card.getByRole("listitem");
    await expect(versions).toHaveCount(2);
    await expect(versions.nth(0)).toContainText("Version 1: logo.png");
    await expect(versions.nth(0)).toContainText("Changes requested by Olivia Chen");
    await expect(versions.nth(0)).toContainText("(for version 1): Please make the mark larger");
    await expect(versions.nth(1)).toHaveText("Version 2: logo-v2.png");
    // The new version is a message of the chat, replying to the first; being a version, it is not asked about again.
    const versionMessage = bubble(page, "Version 2 for sign-off");
    await expect(versionMessage.getByRole("img", { name: "logo-v2.png", exact: true })).toBeVisible();
    await expect((await messageTools(versionMessage)).getByRole("link", { name: "Ask for sign-off" })).toHaveCount(0);

    // The client is asked again, of version 2.
    if (!javaScript()) await clientPage.reload();
    await expect(statePill(clientCard)).toHaveText("Waiting");
    await expect(clientCard.getByRole("listitem").nth(1)).toHaveText("Version 2: logo-v2.png");
    await clientCard.getByRole("link", { name: "Approve" }).click();
    await expect(clientPage.getByRole("region", { name: "Approve logo-v2.png?" })).toContainText(
      "You approve version 2 of logo-v2.png.",
    );
    await client.context.close();
  },
);

// Not @no-js: the export is the same ZIP either way, made by the job queue (exports.spec.ts runs its pages without JavaScript).
test("the space's export records the approval with the file's SHA-256", async ({ page, browser }) => {
  test.setTimeout(120_000); // Two browsers, and a job to wait for.
  const world = await createWorld(page, northwind);
  const space = world.spaces[0];
  const brief = { name: "brief.txt", mimeType: "text/plain", buffer: Buffer.from("The launch brief, v1.\n") };
  const sha256 = crypto.createHash("sha256").update(brief.buffer).digest("hex");
  await signInAs(page, world.owner.email);
  await page.goto(`/spaces/${space.id}`);
  await shareFile(page, brief);
  await askForSignOff(page, "brief.txt", { note: "The brief as agreed" });

  const client = await openAs(browser, world.clients[0].email);
  await client.page.goto(`/client/chat/${space.id}`);
  await signOffCard(client.page).getByRole("link", { name: "Approve" }).click();
  await client.page
    .getByRole("region", { name: "Approve brief.txt?" })
    .getByRole("button", { name: "Approve" })
    .click();
  await expect(statePill(signOffCard(client.page))).toHaveText("Approved");
  await client.context.close();

  await page.getByRole("link", { name: "Export" }).click();
  await page.getByRole("button", { name: "Export Space" }).click();
  await expect(page.getByText("We're preparing your export.")).toBeVisible();
  const mail = await waitForMail(world.owner.email, `Your export of ${space.name} is ready`);
  await page.goto(linkIn(mail, "/space-export"));
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download ZIP" }).click(),
  ]);
  const entries = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));

  const record = JSON.parse(strFromU8(entries["sign-offs.json"])) as {
    space: { id: string; name: string };
    signOffs: Array<{
      state: string;
      askedBy: string;
      note: string;
      asked: Array<{ name: string }>;
      versions: Array<{
        number: number;
        file: { name: string; path: string | null } | null;
        answer: {
          answer: string;
          by: string;
          files: Array<{ name: string; size: number; sha256: string }>;
          device: string;
          address: string;
          sessionHandle: string;
        } | null;
      }>;
    }>;
  };
  expect(record.space).toMatchObject({ id: space.id, name: space.name });
  expect(record.signOffs).toHaveLength(1);
  const [signOff] = record.signOffs;
  expect(signOff).toMatchObject({
    state: "approved",
    askedBy: "Grace Owner",
    note: "The brief as agreed",
    asked: [{ name: "Olivia Chen" }],
  });
  expect(signOff.versions).toHaveLength(1);
  const [version] = signOff.versions;
  expect(version.number).toBe(1);
  expect(version.answer).toMatchObject({
    answer: "approved",
    by: "Olivia Chen",
    files: [{ name: "brief.txt", size: brief.buffer.length, sha256 }],
    address: client.address,
  });
  expect(version.answer?.device).toMatch(/Chrome/);
  expect(version.answer?.sessionHandle).not.toBe("");
  // The file in the ZIP is the one approved: the same bytes, the same SHA-256.
  expect(version.file?.path).toBeTruthy();
  const exportedFile = entries[version.file?.path ?? ""];
  expect(crypto.createHash("sha256").update(exportedFile).digest("hex")).toBe(sha256);

  const html = strFromU8(entries["conversation.html"]);
  expect(html).toContain("<h2>Sign-offs</h2>");
  expect(html).toMatch(/Version 1 \(<time [^>]+>[^<]+<\/time>\): <a href="[^"]+">brief\.txt<\/a>/);
  expect(html).toContain("Approved by Olivia Chen");
  expect(html).toContain(sha256);
});
