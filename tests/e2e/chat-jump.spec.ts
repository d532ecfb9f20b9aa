import { bubble, createWorld, expect, expectAccessible, signInAs, test } from "./support/fixtures";

/*
 * Issue 40: a search result opens its chat at the message (?message=<id>#message-<id>),
 * however old, highlighted and in view, with JavaScript and without.
 */

test(
  "a chat opened at an old message shows it highlighted and in view, the latest a link away",
  { tag: "@no-js" },
  async ({ page }) => {
    const world = await createWorld(page, {
      clients: [{ name: "Olivia Chen", company: "Northwind Traders", role: "OWNER" }],
      spaces: [{ name: "Northwind Launch", clients: [0] }],
    });
    const spaceId = world.spaces[0].id;
    const response = await page.request.post("/e2e/messages", {
      data: { spaceId, senderEmail: world.clients[0].email, minutesAgo: 30, count: 45 },
    });
    const { ids } = (await response.json()) as { ids: string[] };
    await signInAs(page, world.owner.email);

    await page.goto(`/spaces/${spaceId}?message=${ids[2]}#message-${ids[2]}`);
    const third = bubble(page, "Message 3");
    await expect(third).toHaveClass(/\bbg-amber-50\b/);
    await expect(third).toBeInViewport();
    if (test.info().project.use.javaScriptEnabled !== false) await expect(third).toBeFocused();
    // The page ends a few messages after it; the rest are the latest messages'.
    await expect(bubble(page, "Message 8")).toHaveCount(1);
    await expect(bubble(page, "Message 9")).toHaveCount(0);
    await expectAccessible(page);

    await page.getByRole("link", { name: "Latest messages" }).click();
    await expect(bubble(page, "Message 45")).toBeInViewport();
    await expect(bubble(page, "Message 3")).toHaveCount(0);
  },
);
