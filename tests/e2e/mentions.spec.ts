import { createWorld, expect, expectAccessible, messages, signInAs, test } from "./support/fixtures";

/*
 * Issue 17's mentions: a client names a team member in a message (picked from the
 * suggestions with JavaScript, typed whole without), the chat shows the name, and the
 * team member finds it behind Mentions.
 */

test(
  "a client mentions a team member, who sees it highlighted and behind Mentions",
  { tag: "@no-js" },
  async ({ page, browser }) => {
    const world = await createWorld(page, {
      teamMembers: [{ name: "Dan Designer" }, { name: "Dora Developer" }],
      clients: [{ name: "Olivia Chen", company: "Northwind Traders", role: "OWNER" }],
      spaces: [{ name: "Northwind Launch", teamMembers: [0, 1], clients: [0] }],
    });
    const space = world.spaces[0];
    const javaScriptEnabled = test.info().project.use.javaScriptEnabled !== false;

    await signInAs(page, world.clients[0].email);
    await page.goto(`/client/chat/${space.id}`);
    const box = page.getByLabel("Message", { exact: true });
    if (javaScriptEnabled) {
      // The suggestions: the members whose names start so, by keyboard.
      await box.pressSequentially("Thanks @D");
      const suggestions = page.getByRole("listbox", { name: "Members to mention" });
      await expect(suggestions.getByRole("option")).toHaveCount(2);
      await expect(suggestions.getByRole("option", { name: "Dan Designer" })).toHaveAttribute("aria-selected", "true");
      await expect(suggestions.getByRole("option", { name: "Dora Developer" })).toBeVisible();
      await expect(page.getByRole("combobox", { name: "Message" })).toHaveAttribute("aria-expanded", "true");
      await expectAccessible(page);
      await box.press("ArrowDown");
      await expect(suggestions.getByRole("option", { name: "Dora Developer" })).toHaveAttribute(
        "aria-selected",
        "true",
      );
      await box.press("ArrowUp");
      await box.press("Enter");
      await expect(box).toHaveValue("Thanks @Dan Designer ");
      await expect(suggestions).toBeHidden();
      await box.pressSequentially("for the logo");
      await box.press("Enter");
    } else {
      await box.fill("Thanks @Dan Designer for the logo");
      await page.getByRole("button", { name: "Send" }).click();
    }
    const sent = messages(page).getByRole("listitem").filter({ hasText: "for the logo" });
    await expect(sent.locator("[data-mention]")).toHaveText("@Dan Designer");

    const agency = await browser.newContext({ javaScriptEnabled });
    const danPage = await agency.newPage();
    await signInAs(danPage, world.teamMembers[0].email);
    await danPage.goto("/teams/dashboard");
    await danPage.locator("summary", { hasText: "Notifications" }).click();
    await expect(
      danPage.getByRole("link", { name: "1 unread message in Northwind Launch, 1 mentions you" }),
    ).toBeVisible();
    await danPage.goto(`/spaces/${space.id}`);
    await expect(
      messages(danPage).getByRole("listitem").filter({ hasText: "for the logo" }).locator("[data-mention]"),
    ).toHaveText("@Dan Designer");
    await danPage.getByRole("link", { name: "Mentions" }).click();
    await expect(danPage).toHaveURL(/mentions=me/);
    await expect(danPage.getByText("1 message that mentions you")).toBeVisible();
    await expect(danPage.getByText("Thanks")).toBeVisible();
    await agency.close();
  },
);

test("the bell tells a team member of a mention as it comes, and clears when they read it in another tab", async ({
  page,
  browser,
}) => {
  const world = await createWorld(page, {
    teamMembers: [{ name: "Dan Designer" }],
    clients: [{ name: "Olivia Chen", company: "Northwind Traders", role: "OWNER" }],
    spaces: [{ name: "Northwind Launch", teamMembers: [0], clients: [0] }],
  });
  const space = world.spaces[0];
  const agency = await browser.newContext();
  const danPage = await agency.newPage();
  await signInAs(danPage, world.teamMembers[0].email);
  await danPage.goto("/teams/dashboard");
  const bell = danPage.locator("summary", { hasText: "Notifications" });
  await expect(bell).toHaveText("Notifications");

  await signInAs(page, world.clients[0].email);
  await page.goto(`/client/chat/${space.id}`);
  const box = page.getByLabel("Message", { exact: true });
  await box.fill("@Dan Designer the logo, please");
  await box.press("Enter");
  await expect(messages(page).getByRole("listitem").filter({ hasText: "the logo, please" })).toBeVisible();

  await expect(bell).toHaveText("Notifications (1 new)");
  await bell.click();
  await expect(
    danPage.getByRole("link", { name: "1 unread message in Northwind Launch, 1 mentions you" }),
  ).toBeVisible();

  const chatTab = await agency.newPage();
  await chatTab.goto(`/spaces/${space.id}`);
  await expect(messages(chatTab).getByRole("listitem").filter({ hasText: "the logo, please" })).toBeVisible();
  await expect(bell).toHaveText("Notifications");
  await expect(danPage.getByText("No new notifications")).toBeVisible();
  await agency.close();
});
