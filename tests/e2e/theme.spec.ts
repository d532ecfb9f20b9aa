import type { Page } from "@playwright/test";
import { createWorld, expect, expectAccessible, sendMessages, signInAs, test } from "./support/fixtures";

/*
 * Issue 21's dark mode: the interface follows the system's light or dark setting, and the
 * choice in Settings (System, Light, Dark) wins over it, from the first paint, with or
 * without JavaScript; axe finds nothing serious in either theme, contrast included.
 */

const PAGE_LIGHT = "rgb(248, 250, 252)";
const PAGE_DARK = "rgb(2, 6, 23)";
const pageColour = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

async function choose(page: Page, theme: "System" | "Light" | "Dark") {
  await page.getByRole("radio", { name: new RegExp(`^${theme}`) }).check();
  await page.getByRole("button", { name: "Save Appearance" }).click();
  await expect(page.getByText("Appearance updated")).toBeVisible();
}

test(
  "the system's dark setting darkens every page; the choice in Settings wins over it",
  { tag: "@no-js" },
  async ({ page }) => {
    const world = await createWorld(page, {
      clients: [{ name: "Olivia Chen", company: "Northwind Traders", role: "OWNER" }],
      spaces: [{ name: "Northwind Launch", clients: [0] }],
    });
    const spaceId = world.spaces[0].id;
    await sendMessages(page, { spaceId, senderEmail: world.owner.email, minutesAgo: 5, count: 3 });
    await page.emulateMedia({ colorScheme: "dark" });
    await signInAs(page, world.clients[0].email);

    for (const path of ["/client/dashboard", `/client/chat/${spaceId}`, "/client/settings"]) {
      await page.goto(path);
      expect(await pageColour(page)).toBe(PAGE_DARK);
      await expectAccessible(page);
    }
    await expect(page.getByRole("radio", { name: /^System/ })).toBeChecked();

    await choose(page, "Light");
    await page.reload();
    expect(await pageColour(page)).toBe(PAGE_LIGHT);
    await expect(page.getByRole("radio", { name: /^Light/ })).toBeChecked();

    // Dark on a light system: from the server's first answer.
    await page.emulateMedia({ colorScheme: "light" });
    await choose(page, "Dark");
    await page.goto(`/client/chat/${spaceId}`);
    expect(await pageColour(page)).toBe(PAGE_DARK);
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await expectAccessible(page);
  },
);
