import { createWorld, expect, expectAccessible, expectTitleAndDescription, signInAs, test } from "./support/fixtures";

/* Every page a person sees: a title, a meta description and no serious accessibility faults. */

test("the public pages have a title, a description and no serious accessibility violations", async ({ page }) => {
  // Six pages, each checked by axe.
  test.setTimeout(90_000);
  for (const [path, title] of [
    ["/", /Secure Client Communication/],
    ["/login", /Log in/],
    ["/register", /Create Your Agency Account/],
    ["/forgot-password", /Forgot password/],
    ["/terms", /Terms of Service/],
    ["/privacy", /Privacy Policy/],
  ] as const) {
    await page.goto(path);
    await expectTitleAndDescription(page, title);
    await expectAccessible(page);
  }
});

test("each user type's dashboard is accessible, at 390px wide too", async ({ page }) => {
  test.setTimeout(90_000);
  const world = await createWorld(page, {
    teamMembers: [{ name: "Maya Patel", role: "ACCOUNT_MANAGER" }],
    clients: [{ name: "Olivia Chen", company: "Northwind", role: "OWNER" }],
  });
  for (const [email, path] of [
    [world.owner.email, "/dashboard"],
    [world.teamMembers[0].email, "/teams/dashboard"],
    [world.clients[0].email, "/client/dashboard"],
  ] as const) {
    await page.context().clearCookies();
    await signInAs(page, email);
    await page.goto(path);
    await expect(page.getByRole("heading", { name: /Welcome back/ })).toBeVisible();
    await expectTitleAndDescription(page, /Dashboard/);
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page);
    await page.setViewportSize({ width: 1280, height: 720 });
  }
});

test("the pages that stand in for dialogs without JavaScript are accessible", async ({ page }) => {
  // The JavaScript-off flows open these instead of a dialog; axe checks them here, once (fixtures.ts).
  test.setTimeout(90_000);
  const world = await createWorld(page, {
    teamMembers: [{ name: "Maya Patel" }],
    clients: [{ name: "Olivia Chen", company: "Northwind", role: "OWNER" }],
  });
  for (const [email, path, heading] of [
    [world.owner.email, "/invitations/new?kind=team", "Add Team Member"],
    [world.owner.email, "/invitations/new?kind=client", "Invite Client"],
    [world.owner.email, `/team/${world.teamMembers[0].id}`, "Maya Patel"],
    [world.owner.email, `/clients/${world.clients[0].id}`, "Olivia Chen"],
    [world.owner.email, `/clients?edit=${world.clients[0].id}`, "Edit Olivia Chen"],
    [world.clients[0].email, "/invitations/new?kind=client", "Invite Employee"],
  ] as const) {
    await page.context().clearCookies();
    await signInAs(page, email);
    await page.goto(path);
    await expect(page.getByRole("heading", { name: heading }).first()).toBeVisible();
    await expectAccessible(page);
  }
});
