import type { Page } from "@playwright/test";
import { createWorld, expect, expectAccessible, expectNoSidewaysScroll, signInAs, test } from "./support/fixtures";

/*
 * Issue 21's link previews as people see them: a link sent in a space becomes a card of
 * the linked page for every member (live, with JavaScript), with the page's picture as
 * the app stored it; its sender can take it off. The page is one of the suite's hooks
 * (tests/e2e/support/server-hooks.ts), which the server is allowed to read.
 */

const card = (page: Page) => page.locator("[data-link-preview]");

async function send(page: Page, text: string) {
  await page.getByLabel("Message", { exact: true }).fill(text);
  await page.getByRole("button", { name: "Send" }).click();
}

async function conversation(page: Page) {
  return createWorld(page, {
    clients: [{ name: "Olivia Chen", company: "Northwind Traders", role: "OWNER" }],
    spaces: [{ name: "Northwind Launch", clients: [0] }],
  });
}

test("a link becomes a card of its page for everyone in the space, live, until its sender removes it", async ({
  page,
  browser,
  baseURL,
}) => {
  const world = await conversation(page);
  const space = world.spaces[0];
  const client = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const olivia = await client.newPage();
  await signInAs(olivia, world.clients[0].email);
  await olivia.goto(`/client/chat/${space.id}`);
  await signInAs(page, world.owner.email);
  await page.goto(`/spaces/${space.id}`);

  await send(page, `The plan is here: ${baseURL}/e2e/site/launch.`);
  for (const reader of [page, olivia]) {
    await expect(card(reader).getByRole("link", { name: "Spring launch plan" })).toHaveAttribute(
      "href",
      `${baseURL}/e2e/site/launch`,
    );
    await expect(card(reader)).toContainText("Northwind Blog");
    await expect(card(reader)).toContainText("Dates, channels and owners for the spring campaign.");
    // The picture comes from the app, not the site, and has loaded.
    const picture = card(reader).locator("img");
    await expect(picture).toHaveAttribute("src", /^\/attachments\/[0-9a-f-]+\/preview-image$/);
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(800);
  }
  // Only the sender is offered Remove preview.
  await expect(card(olivia).getByRole("button", { name: "Remove preview" })).toHaveCount(0);
  await expectNoSidewaysScroll(olivia);
  await expectAccessible(page);

  await card(page).getByRole("button", { name: "Remove preview" }).click();
  await expect(card(page)).toHaveCount(0);
  await expect(card(olivia)).toHaveCount(0);
  await olivia.reload();
  await expect(olivia.getByText(/The plan is here/)).toBeVisible();
  await expect(card(olivia)).toHaveCount(0);
  await client.close();
});

test(
  "without JavaScript the card shows once the page is read, and the sender's form removes it",
  {
    tag: "@no-js",
  },
  async ({ page, baseURL }) => {
    const world = await conversation(page);
    const space = world.spaces[0];
    await signInAs(page, world.clients[0].email);
    await page.goto(`/client/chat/${space.id}`);
    await send(page, `${baseURL}/e2e/site/launch`);
    // The page is read in the background after the send: it is there on a later visit.
    await expect(async () => {
      await page.goto(`/client/chat/${space.id}`);
      await expect(card(page).getByRole("link", { name: "Spring launch plan" })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });

    await card(page).getByRole("button", { name: "Remove preview" }).click();
    await expect(page.getByText("Preview removed")).toBeVisible();
    await expect(card(page)).toHaveCount(0);
  },
);
