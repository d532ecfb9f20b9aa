import type { Page } from "@playwright/test";
import sharp from "sharp";
import { createWorld, expect, signInAs, test } from "./support/fixtures";

/*
 * On a slow phone a person starts typing before the page's JavaScript has run. Whatever
 * they typed or chose then is still there once the page has hydrated.
 */

/** Opens `path` with the page's scripts held back until `release` is called. */
async function openBeforeScripts(page: Page, path: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/build/**/*.js", async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(path, { waitUntil: "domcontentloaded" });
  return async function hydrate() {
    release();
    await page.waitForLoadState("networkidle");
  };
}

test("what is typed and chosen in settings before the page hydrates is kept", async ({ page }) => {
  const world = await createWorld(page);
  await signInAs(page, world.owner.email);
  const hydrate = await openBeforeScripts(page, "/settings");
  await page.getByLabel("Agency name").fill("Kept Agency Name");
  await page.getByLabel("Mobile number").fill("5551234567");
  await page.getByLabel("Agency website").fill("https://kept.example");
  const logo = await sharp({ create: { width: 60, height: 40, channels: 3, background: "#3366ff" } })
    .png()
    .toBuffer();
  await page.getByLabel("Agency logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logo });
  await hydrate();

  await expect(page.getByLabel("Agency name")).toHaveValue("Kept Agency Name");
  await expect(page.getByLabel("Mobile number")).toHaveValue("(555) 123-4567");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Your profile has been updated successfully.")).toBeVisible();
  await page.getByRole("button", { name: "Upload Logo" }).click();
  await expect(page.getByText("Logo uploaded successfully.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Agency name")).toHaveValue("Kept Agency Name");
  await expect(page.getByLabel("Mobile number")).toHaveValue("(555) 123-4567");
});

test("a client edited and a person invited before the page hydrates keep what was typed", async ({ page }) => {
  const world = await createWorld(page, { clients: [{ name: "Olivia Chen", company: "Northwind" }] });
  await signInAs(page, world.owner.email);

  let hydrate = await openBeforeScripts(page, `/clients/${world.clients[0].id}`);
  await page.getByLabel("Name", { exact: true }).fill("Olivia Chen-Park");
  await hydrate();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Olivia Chen-Park");

  await page.unrouteAll();
  hydrate = await openBeforeScripts(page, "/invitations/new?kind=client");
  await page.getByRole("textbox", { name: "Email (optional)" }).fill("kept@example.test");
  await hydrate();
  await expect(page.getByRole("textbox", { name: "Email (optional)" })).toHaveValue("kept@example.test");
});
