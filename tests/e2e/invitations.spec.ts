import type { Locator, Page } from "@playwright/test";
import { linkIn, waitForMail } from "./support/outbox";
import {
  PASSWORD,
  createWorld,
  expect,
  expectAccessible,
  expectTitleAndDescription,
  logIn,
  signInAs,
  test,
  verifyByMail,
} from "./support/fixtures";
import { uniqueEmail } from "./support/unique";

/*
 * Invitations end to end (SPEC §2.1, §2.9–2.11, §4, §8), with JavaScript (the invite
 * dialog, its tabs) and without (the invite form as a page).
 */

type Invite = {
  button: string;
  role?: string;
  email?: string;
  send?: boolean;
  name?: string;
  company?: string;
  /** What the form says once the link is made, when not SPEC's usual "Invitation Link Generated". */
  made?: string;
};

/** Opens the invite form from its button, fills it and returns the generated link. */
async function invite(page: Page, javaScriptEnabled: boolean | undefined, input: Invite): Promise<string> {
  await page.getByRole("link", { name: input.button, exact: true }).click();
  let form: Locator | Page = page;
  if (javaScriptEnabled) {
    form = page.getByRole("dialog");
    await expect(form).toBeVisible();
  } else {
    await expect(page).toHaveURL(/\/invitations\/new\?kind=/);
  }
  await expectAccessible(page);
  if (input.role) await form.getByLabel("Role").selectOption({ label: input.role });
  if (input.send) await form.getByLabel("Send the invitation by email").check();
  if (input.email) await form.getByLabel(/^Email/).fill(input.email);
  if (input.name || input.company) {
    if (javaScriptEnabled) await form.getByRole("tab", { name: "Advanced" }).click();
    if (input.name) await form.getByLabel("Name (optional)").fill(input.name);
    if (input.company) await form.getByLabel("Company (optional)").fill(input.company);
  }
  await form.getByRole("button", { name: "Generate Invite Link" }).click();
  await expect(
    form.getByText(input.made ?? (input.send ? "Invitation Sent" : "Invitation Link Generated")),
  ).toBeVisible();
  return form.getByLabel("Invitation link").inputValue();
}

async function register(page: Page, link: string, { name, email }: { name: string; email?: string }) {
  await page.context().clearCookies();
  await page.goto(link);
  await expectAccessible(page);
  await page.getByLabel("Name", { exact: true }).fill(name);
  if (email) await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  const terms = page.getByLabel(/I agree to the/);
  if (await terms.count()) await terms.check();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/email-verification\?email=/);
}

test(
  "the agency invites a team member, who registers from the link and verifies",
  { tag: "@no-js" },
  async ({ page, javaScriptEnabled }) => {
    const world = await createWorld(page, { agencyName: "Hopper & Co", ownerFirstName: "Grace" });
    await signInAs(page, world.owner.email);

    await page.goto("/team");
    await expectTitleAndDescription(page, /^Team \|/);
    await expect(page.getByRole("heading", { name: "Team", level: 1 })).toBeVisible();
    await expect(page.getByText("No team members found")).toBeVisible();
    await expectAccessible(page);
    const memberEmail = uniqueEmail("member");
    const memberLink = await invite(page, javaScriptEnabled, {
      button: "Add Team Member",
      role: "Designer",
      email: memberEmail,
      send: true,
      name: "Dora Designer",
    });
    expect(memberLink).toMatch(/\/team-register\?invitation_id=/);
    const mail = await waitForMail(memberEmail, "Hopper & Co");
    expect(mail.text).toContain("Grace Owner of Hopper & Co");
    expect(linkIn(mail, "/team-register")).toBe(memberLink);
    await page.goto("/team");
    await expect(page.getByRole("row").filter({ hasText: "Dora Designer" })).toContainText("Pending");

    // Prefilled from the invitation.
    await page.context().clearCookies();
    await page.goto(memberLink);
    await expectTitleAndDescription(page, /Join the team/);
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Dora Designer");
    await expect(page.getByLabel("Email")).toHaveValue(memberEmail);
    await register(page, memberLink, { name: "Dora Designer" });
    await verifyByMail(page, memberEmail);
    await expect(page).toHaveURL(/\/teams\/dashboard$/);

    // A used link says so.
    await page.context().clearCookies();
    await page.goto(memberLink);
    await expect(page.getByText("Invitation already used")).toBeVisible();

    await signInAs(page, world.owner.email);
    await page.goto("/team");
    await expect(page.getByRole("heading", { name: "Dora Designer" })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: "Dora Designer" })).toContainText("Used");
  },
);

test(
  "the agency invites a client owner, who registers from the link and verifies",
  { tag: "@no-js" },
  async ({ page, javaScriptEnabled }) => {
    const world = await createWorld(page);
    await signInAs(page, world.owner.email);
    await page.goto("/clients");
    await expectTitleAndDescription(page, /^Clients \|/);
    await expect(page.getByText("No clients found")).toBeVisible();
    await expectAccessible(page);
    const ownerEmail = uniqueEmail("client-owner");
    const ownerLink = await invite(page, javaScriptEnabled, {
      button: "Invite Client",
      email: ownerEmail,
      send: true,
      company: "Northwind Traders",
    });
    expect(linkIn(await waitForMail(ownerEmail, "Hopper & Co"), "/client-register")).toBe(ownerLink);
    await page.goto("/clients");
    await expect(page.getByRole("row").filter({ hasText: ownerEmail })).toContainText("Northwind Traders");

    await register(page, ownerLink, { name: "Olivia Chen" });
    await expect(page.getByText("Account Created")).toBeVisible();
    await verifyByMail(page, ownerEmail);
    await expect(page).toHaveURL(/\/client\/dashboard$/);

    await signInAs(page, world.owner.email);
    await page.goto("/clients");
    await expect(page.getByRole("heading", { name: "Olivia Chen" })).toBeVisible();
    await expect(page.getByText("Owner · Northwind Traders")).toBeVisible();
  },
);

test("a client owner invites an employee of their company", { tag: "@no-js" }, async ({ page, javaScriptEnabled }) => {
  const world = await createWorld(page, {
    clients: [{ name: "Olivia Chen", company: "Northwind Traders", role: "OWNER" }],
  });
  await signInAs(page, world.clients[0].email);
  await page.goto("/client/employees");
  await expectTitleAndDescription(page, /^Employees \|/);
  await expect(page.getByRole("heading", { name: "Employees", level: 1 })).toBeVisible();
  await expect(page.getByText("No Employees Found")).toBeVisible();
  await expect(page.getByRole("link", { name: "Share Invite Link" })).toBeVisible();
  await expectAccessible(page);
  // SPEC §8: the share flow's link is announced as a share link.
  expect(await invite(page, javaScriptEnabled, { button: "Share Invite Link", made: "Share link generated" })).toMatch(
    /\/client-register\?invitation_id=/,
  );
  if (javaScriptEnabled) await page.keyboard.press("Escape");
  else await page.goto("/client/employees");

  await page.getByRole("link", { name: "Invite Employee", exact: true }).click();
  const form = javaScriptEnabled ? page.getByRole("dialog") : page;
  await expect(form.getByLabel("Role").locator("option")).toHaveText(["Employee", "Lead"]);
  if (javaScriptEnabled) await page.keyboard.press("Escape");
  else await page.goBack();

  const link = await invite(page, javaScriptEnabled, { button: "Invite Employee" });
  const employeeEmail = uniqueEmail("employee");
  await register(page, link, { name: "Sam Rivera", email: employeeEmail });
  await verifyByMail(page, employeeEmail);
  await expect(page).toHaveURL(/\/client\/dashboard$/);

  await page.goto("/client/employees");
  await expect(page.getByRole("heading", { name: "Olivia Chen" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Invite Employee" })).toHaveCount(0);

  await signInAs(page, world.clients[0].email);
  await page.goto("/client/employees");
  await expect(page.getByRole("heading", { name: "Sam Rivera" })).toBeVisible();
});

test("an expired and a made-up link each show their message, with a way back", async ({ page, javaScriptEnabled }) => {
  const world = await createWorld(page);
  await signInAs(page, world.owner.email);
  await page.goto("/clients");
  const email = uniqueEmail("late");
  const link = await invite(page, javaScriptEnabled, { button: "Invite Client", email });
  await page.request.post("/e2e/expire-invitations", { data: { email } });

  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByText("Invalid or expired invitation link.")).toBeVisible();
  await expectAccessible(page);

  await page.goto("/client-register?invite=made-up-link");
  await expectTitleAndDescription(page, /Create your account/);
  await expect(page.getByText("No invitation found with this ID. It may have been deleted or expired.")).toBeVisible();
  await page.goto("/team-register");
  await expect(page.getByText("No invitation ID provided in the URL.")).toBeVisible();
  await page.getByRole("link", { name: "Go to login" }).click();
  await expect(page).toHaveURL(/\/team-login$/);
});

test(
  "a team member signs in with a temporary password, sets their own, then logs in at /team-login",
  { tag: "@no-js" },
  async ({ page }) => {
    const world = await createWorld(page, { teamMembers: [{ name: "Terry Team", role: "DESIGNER" }] });
    const member = world.teamMembers[0];
    await signInAs(page, world.owner.email);
    await page.goto(`/team/${member.id}`);
    await expectTitleAndDescription(page, /Terry Team/);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Give a temporary password" }).click();
    const password = (await page.getByTestId("temporary-password").textContent())!.trim();
    expect(password).toHaveLength(12);

    await page.context().clearCookies();
    await page.goto("/team-login");
    await expectTitleAndDescription(page, /Team and client login/);
    await expectAccessible(page);
    await logIn(page, member.email, password);
    await expect(page).toHaveURL(/\/team-login\/new-password$/);
    await expectTitleAndDescription(page, /Choose your password/);
    await expectAccessible(page);
    // Nothing else until the password is changed.
    await page.goto("/teams/dashboard");
    await expect(page).toHaveURL(/\/team-login\/new-password$/);

    await page.getByLabel("New password").fill("my very own password");
    await page.getByLabel("Confirm password").fill("my very own password");
    await page.getByRole("button", { name: "Set password" }).click();
    await expect(page).toHaveURL(/\/team-login$/);
    await expect(page.getByText("Password updated")).toBeVisible();
    await logIn(page, member.email, "my very own password");
    await expect(page).toHaveURL(/\/teams\/dashboard$/);
  },
);

test(
  "with JavaScript the new invitation link is copied to the clipboard and says so; without, it is shown",
  { tag: "@no-js" },
  async ({ page, javaScriptEnabled }) => {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    const world = await createWorld(page);
    await signInAs(page, world.owner.email);
    await page.goto("/clients");
    const link = await invite(page, javaScriptEnabled, { button: "Invite Client" });
    const form = javaScriptEnabled ? page.getByRole("dialog") : page;
    if (javaScriptEnabled) {
      await expect(form.getByText("Invitation Link Generated (copied to clipboard)")).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
      // The Copy button stays, for another try.
      await expect(form.getByRole("button", { name: "Link copied" })).toBeVisible();
    } else {
      await expect(form.getByText("(copied to clipboard)")).toHaveCount(0);
      await expect(form.getByLabel("Invitation link")).toHaveValue(/\/client-register\?invitation_id=/);
    }
  },
);

test(
  "inviting the same client owner twice gives the same link and one pending invitation (SPEC §4)",
  { tag: "@no-js" },
  async ({ page, javaScriptEnabled }) => {
    const world = await createWorld(page);
    await signInAs(page, world.owner.email);
    await page.goto("/clients");
    const email = uniqueEmail("twice");
    const owner = { button: "Invite Client", email, name: "Robin Twice", company: "Twice Ltd" };
    const first = await invite(page, javaScriptEnabled, owner);
    if (javaScriptEnabled) await page.getByRole("dialog").getByRole("button", { name: "Done" }).click();
    await page.goto("/clients");
    const second = await invite(page, javaScriptEnabled, owner);
    expect(second).toBe(first);

    await page.goto("/clients");
    const pending = page.getByRole("region", { name: "Pending Invitations" });
    await expect(pending.getByRole("row").filter({ hasText: email })).toHaveCount(1);
  },
);
