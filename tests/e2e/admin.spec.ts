import { createAdmin, createWorld, expect, expectAccessible, signInAs, test } from "./support/fixtures";

/*
 * The admin area (SPEC §2.2, DESIGN.md) with real pages. That it is for administrators
 * only is tests/integration/guards.test.ts and access-matrix.test.ts.
 */

test("administrators search the users, see the database and the settings in force, never a secret", async ({
  page,
}) => {
  const world = await createWorld(page, { agencyName: "Searchable Agency Ltd" });
  const adminEmail = await createAdmin(page);
  await signInAs(page, adminEmail);
  await page.goto("/dashboard");
  await page.getByRole("link", { name: "Users" }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
  // The newest accounts first (other tests' among them): the header row and at least one user.
  await expect(page.getByRole("row").nth(1)).toBeVisible();

  await page.getByLabel("Search users by email or agency").fill(world.owner.email);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=/);
  const rows = page.getByRole("row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(world.owner.email);
  await expect(rows.nth(1)).toContainText("Agency");
  await expect(rows.nth(1)).toContainText("Searchable Agency Ltd");
  await expect(rows.nth(1)).toContainText("Yes");
  await page.getByLabel("Search users by email or agency").fill("nobody-has-this-address");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("No users match “nobody-has-this-address”.")).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("link", { name: "Database" }).click();
  await expect(page.getByRole("heading", { name: "Database", level: 1 })).toBeVisible();
  await expect(page.getByRole("row", { name: /0005_security_and_notices/ })).toContainText("Applied");
  await expect(page.getByRole("row", { name: /^users \d+$/ })).toBeVisible();
  await expect(page.getByRole("row", { name: /unread-notices\.sweep/ })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }).last().click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByRole("row", { name: /SESSION_SECRET/ })).toContainText("set");
  await expect(page.locator("main")).not.toContainText("e2e-session-secret");
  await expect(page.getByRole("row", { name: /Job queue/ })).toContainText("pg-boss");
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
});

test("the users list is paged", async ({ page }) => {
  // Every test makes users; these two worlds alone make more than a page of 50.
  for (let index = 0; index < 2; index++) {
    await createWorld(page, { teamMembers: Array.from({ length: 25 }, (_, n) => ({ name: `Member ${n}` })) });
  }
  await signInAs(page, await createAdmin(page));
  await page.goto("/admin/users");
  await expect(page.getByRole("row")).toHaveCount(51);
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(/Showing 51–/)).toBeVisible();
  await page.getByRole("link", { name: "Previous" }).click();
  await expect(page.getByText(/Showing 1–50 of/)).toBeVisible();
});
