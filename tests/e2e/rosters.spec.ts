import type { Page } from "@playwright/test";
import {
  createWorld,
  disclosure,
  expect,
  expectAccessible,
  expectTitleAndDescription,
  signInAs,
  test,
} from "./support/fixtures";

/*
 * The team and client rosters (SPEC §2.3, §2.4, §2.9, §2.10, §6), with JavaScript
 * (dialogs, optimistic space toggles, inline edit) and without (the person's page,
 * ?edit=, plain forms). That another agency's people answer 404 and change nothing is
 * tests/integration/access-matrix.test.ts.
 */

const card = (page: Page, name: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });

/** Opens an entry of a card's actions menu; with JavaScript it opens a dialog, without it the person's page. */
async function openMenu(page: Page, name: string, entry: string) {
  await disclosure(card(page, name)).click();
  await card(page, name).getByRole("link", { name: entry }).click();
}

const world = {
  agencyName: "Hopper & Co",
  teamMembers: [
    { name: "Mia Manager", role: "ACCOUNT_MANAGER" as const },
    { name: "Dan Designer", role: "DESIGNER" as const },
  ],
  clients: [
    { name: "Olivia Chen", company: "Northwind Traders", role: "OWNER" as const },
    { name: "Sam Rivera", company: "Northwind Traders", role: "EMPLOYEE" as const },
  ],
  spaces: [
    { name: "Northwind Website", teamMembers: [0], clients: [0, 1] },
    { name: "Northwind Ads", teamMembers: [], clients: [] },
  ],
};

test(
  "the agency assigns a team member to spaces and removes another",
  { tag: "@no-js" },
  async ({ page, javaScriptEnabled }) => {
    const { owner } = await createWorld(page, world);
    await signInAs(page, owner.email);
    await page.goto("/team");
    await expect(card(page, "Grace Owner")).toContainText("Owner · Hopper & Co");
    await expect(card(page, "Dan Designer")).toContainText("No spaces assigned yet.");

    await openMenu(page, "Dan Designer", "Assign to Space");
    if (javaScriptEnabled) await expect(page.getByRole("dialog", { name: "Spaces of Dan Designer" })).toBeVisible();
    else await expect(page).toHaveURL(/\/team\/[\w-]+#spaces$/);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Northwind Ads" }).click();
    await expect(page.getByRole("button", { name: "Northwind Ads" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByText("Successfully assigned to space")).toBeVisible();
    await page.getByRole("button", { name: "Northwind Website" }).click();
    await expect(page.getByRole("button", { name: "Northwind Website" })).toHaveAttribute("aria-pressed", "true");
    await page.getByRole("button", { name: "Northwind Ads" }).click();
    await expect(page.getByRole("button", { name: "Northwind Ads" })).toHaveAttribute("aria-pressed", "false");

    await page.goto("/team");
    await expect(card(page, "Dan Designer")).toContainText("Northwind Website");
    await expect(card(page, "Dan Designer")).not.toContainText("Northwind Ads");

    await openMenu(page, "Mia Manager", "Remove Member");
    await expect(
      page.getByText("Are you sure you want to remove Mia Manager from your team? This action cannot be undone."),
    ).toBeVisible();
    await page.getByRole("button", { name: "Remove Member" }).click();
    await expect(page).toHaveURL(/\/team$/);
    await expect(page.getByText("Team member removed successfully")).toBeVisible();
    await expect(card(page, "Mia Manager")).toHaveCount(0);
  },
);

test(
  "the agency edits a client inline; Cancel keeps the old values",
  { tag: "@no-js" },
  async ({ page, javaScriptEnabled }) => {
    const { owner } = await createWorld(page, world);
    await signInAs(page, owner.email);
    await page.goto("/clients");
    await expect(card(page, "Sam Rivera")).toContainText("Northwind Website");

    await openMenu(page, "Sam Rivera", "Edit Details");
    await page.getByLabel("Name").fill("Someone Else");
    await page.getByRole(javaScriptEnabled ? "button" : "link", { name: "Cancel" }).click();
    await expect(card(page, "Sam Rivera")).toBeVisible();

    await openMenu(page, "Sam Rivera", "Edit Details");
    await expectAccessible(page);
    await page.getByLabel("Role").selectOption({ label: "Lead" });
    await page.getByLabel("Extension").fill("12345678901");
    await expect(page.getByLabel("Extension")).toHaveValue("1234567890");
    // A URL the browser accepts, but not a website.
    await page.getByLabel("Website").fill("ftp://northwind.example");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("The website must start with http:// or https://")).toBeVisible();
    await page.getByLabel("Website").fill("https://northwind.example");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Client updated successfully")).toBeVisible();
    await expect(card(page, "Sam Rivera")).toContainText("Lead · Northwind Traders");
    await expect(card(page, "Sam Rivera")).toContainText("northwind.example");
  },
);

test(
  "a long client list says what it shows and pages by its links; an edit on page 2 comes back to page 2",
  { tag: "@no-js" },
  async ({ page }) => {
    const { owner } = await createWorld(page, { moreClients: 55 });
    await signInAs(page, owner.email);
    await page.goto("/clients");
    const pages = page.getByRole("navigation", { name: "Pages of Clients" });
    await expect(pages).toContainText("Showing 1–50 of 55");
    await expect(card(page, "Client 050")).toBeVisible();
    await expect(card(page, "Client 051")).toHaveCount(0);
    await expect(pages.getByRole("link", { name: "Previous" })).toHaveCount(0);

    await pages.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/clients\?page=2$/);
    await expect(pages).toContainText("Showing 51–55 of 55");
    await expect(card(page, "Client 055")).toBeVisible();
    await expect(card(page, "Client 050")).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page);

    await openMenu(page, "Client 053", "Edit Details");
    await page.getByLabel("Name").fill("Renamed Client");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Client updated successfully")).toBeVisible();
    await expect(page).toHaveURL(/\/clients\?page=2$/);
    await expect(card(page, "Renamed Client")).toBeVisible();

    await pages.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(/\/clients\?page=1$/);
    await expect(pages).toContainText("Showing 1–50 of 55");
  },
);

test("a team member sees their colleagues and their spaces' clients, read-only", async ({ page }) => {
  const created = await createWorld(page, world);
  await signInAs(page, created.teamMembers[0].email);
  await page.goto("/teams/my-team");
  await expectTitleAndDescription(page, /^My Team \|/);
  await expect(card(page, "Dan Designer")).toBeVisible();
  await expect(card(page, "Grace Owner")).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^Actions for / })).toHaveCount(0);
  await expectAccessible(page);

  await page.goto("/teams/clients");
  await expectTitleAndDescription(page, /^Clients \|/);
  await expect(card(page, "Olivia Chen")).toBeVisible();
  // An account manager may invite clients.
  await expect(page.getByRole("link", { name: "Invite Client", exact: true })).toBeVisible();
  await expectAccessible(page);

  await signInAs(page, created.teamMembers[1].email);
  await page.goto("/teams/clients");
  await expect(page.getByText("No clients found")).toBeVisible();
  await expect(page.getByRole("link", { name: "Invite Client", exact: true })).toHaveCount(0);
});

test("a client sees the agency team of their spaces, and an employee cannot invite", async ({ page }) => {
  const created = await createWorld(page, world);
  await signInAs(page, created.clients[1].email);
  await page.goto("/client/team");
  await expectTitleAndDescription(page, /^Agency Team \|/);
  await expect(card(page, "Mia Manager")).toBeVisible();
  await expect(card(page, "Dan Designer")).toHaveCount(0);
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(card(page, "Mia Manager")).toBeVisible();
  await expectAccessible(page);

  await page.goto("/client/employees");
  await expect(card(page, "Olivia Chen")).toBeVisible();
  await expect(page.getByRole("link", { name: "Invite Employee" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Share Invite Link" })).toHaveCount(0);

  // Other user types' pages are not theirs.
  await page.goto("/team");
  await expect(page).toHaveURL(/\/client\/dashboard$/);
  const response = await page.goto(`/team/${created.teamMembers[0].id}`);
  expect(page.url()).toMatch(/\/client\/dashboard$/);
  expect(response?.ok()).toBe(true);
});

test(
  "the agency edits a team member's details and role; saved, the dialog closes",
  { tag: "@no-js" },
  async ({ page, javaScriptEnabled }) => {
    const { owner } = await createWorld(page, world);
    await signInAs(page, owner.email);
    await page.goto("/team");
    await openMenu(page, "Dan Designer", "Edit Details");
    const form = javaScriptEnabled ? page.getByRole("dialog", { name: "Edit Team Member" }) : page;
    await expect(form.getByLabel("Role").locator("option")).toHaveText([
      "Owner",
      "Account Manager",
      "SEO Specialist",
      "Designer",
      "Content Writer",
    ]);
    await form.getByLabel("Name").fill("");
    await form.getByRole("button", { name: "Save Changes" }).click();
    await expect(form.getByText("Name is required.")).toBeVisible();
    await form.getByLabel("Name").fill("Dana Designer");
    await form.getByLabel("Role").selectOption({ label: "Content Writer" });
    await form.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Team member updated successfully")).toBeVisible();
    // Saved, the dialog closes, as the other dialogs do; the card shows the change at once.
    await expect(page.getByRole("dialog")).toHaveCount(0);
    if (javaScriptEnabled) await expect(card(page, "Dana Designer")).toContainText("Content Writer");
    await page.goto("/team");
    await expect(card(page, "Dana Designer")).toContainText("Content Writer");
  },
);

test("the agency resends and deletes a pending invitation", { tag: "@no-js" }, async ({ page }) => {
  const { owner } = await createWorld(page);
  await signInAs(page, owner.email);
  await page.goto("/invitations/new?kind=team");
  await expectTitleAndDescription(page, /^Add Team Member \|/);
  await page.getByLabel("Send the invitation by email").check();
  await page.getByLabel(/^Email/).fill("pending-person@e2e.test");
  await page.getByRole("button", { name: "Generate Invite Link" }).click();
  await expect(page.getByText("Invitation Sent")).toBeVisible();
  await page.getByRole("link", { name: "Done" }).click();
  await expect(page).toHaveURL(/\/team$/);

  const row = page.getByRole("row").filter({ hasText: "pending-person@e2e.test" });
  await row.getByRole("button", { name: /Resend/ }).click();
  await expect(page.getByText("Invitation Sent")).toBeVisible();
  await row.getByRole("button", { name: /Delete/ }).click();
  await expect(page.getByText("Invitation deleted")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "pending-person@e2e.test" })).toHaveCount(0);
});

test(
  "deleting an invitation already deleted in another tab keeps the page and says so",
  { tag: "@no-js" },
  async ({ page }) => {
    const { owner } = await createWorld(page);
    await signInAs(page, owner.email);
    await page.goto("/invitations/new?kind=team");
    await page.getByLabel("Send the invitation by email").check();
    await page.getByLabel(/^Email/).fill("gone-person@e2e.test");
    await page.getByRole("button", { name: "Generate Invite Link" }).click();
    await page.getByRole("link", { name: "Done" }).click();
    await expect(page).toHaveURL(/\/team$/);

    // Another tab deletes it first; this one still lists it.
    const other = await page.context().newPage();
    await other.goto("/team");
    await other
      .getByRole("row")
      .filter({ hasText: "gone-person@e2e.test" })
      .getByRole("button", { name: /Delete/ })
      .click();
    await expect(other.getByText("Invitation deleted")).toBeVisible();
    await other.close();

    await page
      .getByRole("row")
      .filter({ hasText: "gone-person@e2e.test" })
      .getByRole("button", { name: /Delete/ })
      .click();
    await expect(page.getByText("Failed to delete invitation. Please try again.")).toBeVisible();
    await expect(page).toHaveURL(/\/team$/);
    await expect(page.getByRole("heading", { name: "Team", level: 1 })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: "gone-person@e2e.test" })).toHaveCount(0);
  },
);
