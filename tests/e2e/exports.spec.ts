import fs from "node:fs";
import { strFromU8, unzipSync } from "fflate";
import type { Page } from "@playwright/test";
import {
  createWorld,
  expect,
  expectAccessible,
  expectTitleAndDescription,
  sendMessages,
  signInAs,
  test,
} from "./support/fixtures";
import { linkIn, waitForMail } from "./support/outbox";

/* A space's export: asked for on its page, made by the job queue, mailed as a link that downloads the ZIP once. */

const PREPARING = "We're preparing your export. We'll email you a link when it's ready.";

/** Asks for the export from the Export Space page, which answers at once. */
async function askForExport(page: Page, spaceName: string) {
  await page.getByRole("link", { name: "Export" }).click();
  await expect(page.getByRole("heading", { name: "Export Space" })).toBeVisible();
  await expectTitleAndDescription(page, `Export ${spaceName} | Agency Workspace`);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Export Space" }).click();
  await expect(page.getByText(PREPARING)).toBeVisible();
}

/** Follows the mailed link and downloads the ZIP; returns its entries. */
async function downloadFromMail(page: Page, email: string, spaceName: string) {
  const mail = await waitForMail(email, `Your export of ${spaceName} is ready`);
  const link = linkIn(mail, "/space-export");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Your export is ready" })).toBeVisible();
  await expectTitleAndDescription(page, /Download export/);
  await expectAccessible(page);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download ZIP" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${spaceName} export \\d{4}-\\d{2}-\\d{2}\\.zip$`));
  const entries = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
  return { link, entries };
}

test(
  "the agency owner exports a space: the mailed link downloads the ZIP once",
  { tag: ["@no-js", "@postgres"] },
  async ({ page }) => {
    // Several axe passes, and a job to wait for.
    test.setTimeout(120_000);
    const world = await createWorld(page, {
      clients: [{ name: "Olivia Chen", company: "Northwind", role: "OWNER" }],
      spaces: [{ name: "Northwind Rebrand", clients: [0], owner: 0 }],
    });
    const space = world.spaces[0];
    await sendMessages(page, { spaceId: space.id, senderEmail: world.clients[0].email, count: 2 });
    await signInAs(page, world.owner.email);
    await page.goto(`/spaces/${space.id}`);
    await askForExport(page, space.name);
    await expect(page).toHaveURL(new RegExp(`/spaces/${space.id}$`));

    const { link, entries } = await downloadFromMail(page, world.owner.email, space.name);
    const conversation = JSON.parse(strFromU8(entries["conversation.json"])) as {
      messages: Array<{ text: string; sender: { name: string } }>;
    };
    expect(conversation.messages.map((message) => [message.sender.name, message.text])).toEqual([
      ["Olivia Chen", "Message 1"],
      ["Olivia Chen", "Message 2"],
    ]);
    expect(strFromU8(entries["conversation.html"])).toContain("Message 2");

    // Once used, the link says so.
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "This export was downloaded already" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: "Go to Northwind Rebrand" }).click();
    await expect(page).toHaveURL(new RegExp(`/spaces/${space.id}$`));
  },
);

test(
  "a client owner exports the space they own once the agency lets client owners export",
  { tag: "@no-js" },
  async ({ page }) => {
    test.setTimeout(120_000);
    const world = await createWorld(page, {
      clients: [{ name: "Olivia Chen", company: "Northwind", role: "OWNER" }],
      spaces: [{ name: "Northwind Rebrand", clients: [0], owner: 0 }],
    });
    const space = world.spaces[0];
    const client = world.clients[0];
    await signInAs(page, client.email);
    await page.goto(`/client/chat/${space.id}`);
    await expect(page.getByRole("heading", { name: "Northwind Rebrand" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Export" })).toHaveCount(0);

    await page.context().clearCookies();
    await signInAs(page, world.owner.email);
    await page.goto("/settings/security");
    await page.getByLabel("Let client owners export their spaces").check();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Client owners can now export the spaces they own.")).toBeVisible();
    await expectAccessible(page);

    await page.context().clearCookies();
    await signInAs(page, client.email);
    await page.goto(`/client/chat/${space.id}`);
    // The client's pages at 390px wide: the chat's header, Export Space and the link's page.
    await page.setViewportSize({ width: 390, height: 844 });
    await askForExport(page, space.name);
    await expect(page).toHaveURL(new RegExp(`/client/chat/${space.id}$`));
    const { entries } = await downloadFromMail(page, client.email, space.name);
    expect(Object.keys(entries)).toEqual(expect.arrayContaining(["conversation.html", "conversation.json"]));
  },
);

test("a team member has no export, and its page answers Space not found", async ({ page }) => {
  const world = await createWorld(page, {
    teamMembers: [{ name: "Maya Patel" }],
    spaces: [{ name: "Quiet Space", teamMembers: [0] }],
  });
  await signInAs(page, world.teamMembers[0].email);
  await page.goto(`/spaces/${world.spaces[0].id}`);
  await expect(page.getByRole("heading", { name: "Quiet Space" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Export" })).toHaveCount(0);
  const response = await page.goto(`/spaces/${world.spaces[0].id}/export`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Space not found" })).toBeVisible();
});
