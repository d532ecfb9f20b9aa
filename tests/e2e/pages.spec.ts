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

test("at 390px wide the navigation menu opens the sidebar as a drawer, which leads to each page @no-js", async ({
  page,
}) => {
  const world = await createWorld(page);
  await signInAs(page, world.owner.email);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/dashboard");
  const menu = page.locator("summary", { hasText: "Navigation menu" });
  const navigation = page.getByRole("navigation", { name: "Main" });
  await expect(navigation.getByRole("link", { name: "Spaces" })).toBeHidden();

  await menu.click();
  for (const name of ["Dashboard", "Spaces", "Team", "Clients", "Settings"])
    await expect(navigation.getByRole("link", { name })).toBeVisible();
  await expectAccessible(page);
  await navigation.getByRole("link", { name: "Spaces" }).click();
  await expect(page.getByRole("heading", { name: "Spaces", level: 1 })).toBeVisible();
  await expect(navigation.getByRole("link", { name: "Team" })).toBeHidden();

  // A tap beside the drawer, on the dimmed page, closes it.
  await menu.click();
  await expect(navigation.getByRole("link", { name: "Team" })).toBeVisible();
  await page.mouse.click(370, 600);
  await expect(navigation.getByRole("link", { name: "Team" })).toBeHidden();
  await expect(page).toHaveURL(/\/spaces$/);
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

test("every icon on a signed-in page is drawn from the sprite, which holds each glyph the page names", async ({
  page,
}) => {
  const world = await createWorld(page, { clients: [{ name: "Olivia Chen", company: "Northwind", role: "OWNER" }] });
  await signInAs(page, world.owner.email);
  await page.goto("/dashboard");
  const references = await page
    .locator("svg[data-slot=icon] use")
    .evaluateAll((uses) => uses.map((use) => use.getAttribute("href") ?? ""));
  expect(references.length).toBeGreaterThan(5);
  const [spriteUrl] = new Set(references.map((href) => href.split("#")[0]));
  const sprite = await page.request.get(spriteUrl);
  expect(sprite.headers()["content-type"]).toContain("image/svg+xml");
  expect(sprite.headers()["cache-control"]).toContain("immutable");
  const symbols = await sprite.text();
  for (const id of new Set(references.map((href) => href.split("#")[1]))) {
    expect(symbols).toMatch(new RegExp(`<symbol id="${id}" viewBox="0 0 (24 24|20 20)"><path `));
  }
  // Drawn: the sidebar's first icon has painted size, and the browser resolved its reference.
  const drawn = await page
    .getByRole("navigation", { name: "Main" })
    .locator("svg[data-slot=icon]")
    .first()
    .evaluate((svg) => {
      const use = svg.querySelector("use") as SVGGraphicsElement;
      return use.getBBox().width;
    });
  expect(drawn).toBeGreaterThan(0);
});
