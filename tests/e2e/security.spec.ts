import { generateTOTP } from "@epic-web/totp";
import type { Browser, Page } from "@playwright/test";
import {
  PASSWORD,
  createWorld,
  expect,
  expectAccessible,
  expectTitleAndDescription,
  logIn,
  signInAs,
  test,
} from "./support/fixtures";

/* The Security tab: password, sessions and two-factor sign-in, with and without JavaScript. */

/** Another browser signed in as the same person (their phone, say). */
async function secondBrowser(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, email);
  await page.goto("/dashboard");
  await expect(page).not.toHaveURL(/\/login/);
  return { page, close: () => context.close() };
}

async function expectSignedOut(page: Page) {
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
}

/** The code the authenticator app would show now for the key the page displays. */
async function currentCode(page: Page) {
  const key = (await page.getByTestId("two-factor-key").innerText()).replace(/\s/g, "");
  return (await generateTOTP({ secret: key, period: 30, digits: 6, algorithm: "SHA-1" })).otp;
}

test(
  "changing the password needs the current one, and signs out the other sessions",
  { tag: "@no-js" },
  async ({ page, browser }) => {
    const world = await createWorld(page);
    await signInAs(page, world.owner.email);
    const phone = await secondBrowser(browser, world.owner.email);
    await page.goto("/settings/security");
    await expect(page.getByText("Active sessions")).toBeVisible();
    await expect(page.getByText("This device")).toBeVisible();

    await page.getByLabel("Current password").fill("not my password");
    await page.getByLabel("New password", { exact: true }).fill("a brand new secret");
    await page.getByLabel("Confirm new password").fill("a brand new secret");
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(page.getByText("Your current password is not correct.")).toBeVisible();

    await page.getByLabel("Current password").fill(PASSWORD);
    await page.getByLabel("New password", { exact: true }).fill("short");
    await page.getByLabel("Confirm new password").fill("short");
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(page.getByText("Password must be at least 8 characters long.").first()).toBeVisible();

    await page.getByLabel("Current password").fill(PASSWORD);
    await page.getByLabel("New password", { exact: true }).fill("a brand new secret");
    await page.getByLabel("Confirm new password").fill("a brand new secret");
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(page.getByText("You were signed out of your other sessions.")).toBeVisible();
    await expect(page.getByText("You are signed in on this device only.")).toBeVisible();

    await expectSignedOut(phone.page);
    await phone.close();
    await page.context().clearCookies();
    await page.goto("/login");
    await logIn(page, world.owner.email, "a brand new secret");
    await expect(page).toHaveURL(/\/dashboard$/);
  },
);

test(
  "the sessions list names each device, and Sign out of the others ends them",
  { tag: "@no-js" },
  async ({ page, browser }) => {
    const world = await createWorld(page, { clients: [{ name: "Olivia Chen" }] });
    const email = world.clients[0].email;
    await signInAs(page, email);
    const phone = await secondBrowser(browser, email);
    await page.goto("/client/settings/security");
    await expect(page.getByRole("listitem").filter({ hasText: "This device" })).toContainText(
      /Chrome on (Windows|Linux|macOS)/,
    );
    await expect(page.getByText(/Last seen/)).toBeVisible();
    await page.getByRole("button", { name: "Sign out of the others" }).click();
    await expect(page.getByText("You were signed out of 1 other session.")).toBeVisible();
    await expect(page.getByText("You are signed in on this device only.")).toBeVisible();
    await expectSignedOut(phone.page);
    await phone.close();
  },
);

test(
  "two-factor sign-in: set up with the QR code's key, then a wrong code is refused and a recovery code works once",
  { tag: "@no-js" },
  async ({ page }) => {
    const world = await createWorld(page, { teamMembers: [{ name: "Maya Patel" }] });
    const email = world.teamMembers[0].email;
    await signInAs(page, email);
    await page.goto("/teams/settings/security");
    await page.getByRole("button", { name: "Set Up Two-Factor" }).click();
    await expect(page.getByRole("img", { name: "QR code to scan with your authenticator app" })).toHaveAttribute(
      "src",
      /^data:image\/png;base64,/,
    );
    await page.getByLabel("Authentication code").fill("000000");
    await page.getByRole("button", { name: "Verify and Turn On" }).click();
    await expect(page.getByText("That code is not valid.")).toBeVisible();

    await page.getByLabel("Authentication code").fill(await currentCode(page));
    await page.getByRole("button", { name: "Verify and Turn On" }).click();
    const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
    await expect(codes).toHaveCount(10);
    const recoveryCode = (await codes.first().innerText()).trim();
    await expect(page.getByText("You have 10 unused recovery codes.")).toBeVisible();

    // The password alone no longer makes a session.
    await page.context().clearCookies();
    await page.goto("/login");
    await logIn(page, email);
    await expect(page).toHaveURL(/\/login\/two-factor$/);
    await expectTitleAndDescription(page, /Two-factor sign-in/);
    await expectAccessible(page);
    await page.goto("/teams/dashboard");
    await expect(page).toHaveURL(/\/login\?redirectTo=/);

    await page.goto("/login");
    await logIn(page, email);
    await page.getByLabel("Authentication code").fill("123456");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("That code is not valid.")).toBeVisible();
    await page.getByLabel("Authentication code").fill(recoveryCode.toUpperCase());
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/teams\/dashboard$/);

    await page.context().clearCookies();
    await page.goto("/login");
    await logIn(page, email);
    await page.getByLabel("Authentication code").fill(recoveryCode);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("That code is not valid.")).toBeVisible();
    await expect(page).toHaveURL(/\/login\/two-factor$/);
  },
);

test(
  "an agency that requires two-factor sends its team members to set it up before anything else",
  { tag: "@no-js" },
  async ({ page }) => {
    const world = await createWorld(page, { teamMembers: [{ name: "Leo Designer" }] });
    await signInAs(page, world.owner.email);
    await page.goto("/settings/security");
    await expect(page.getByRole("button", { name: "Require Two-Factor" })).toBeDisabled();
    await page.getByRole("button", { name: "Set Up Two-Factor" }).click();
    await page.getByLabel("Authentication code").fill(await currentCode(page));
    await page.getByRole("button", { name: "Verify and Turn On" }).click();
    await expect(page.getByRole("list", { name: "Recovery codes" })).toBeVisible();
    await page.getByRole("button", { name: "Require Two-Factor" }).click();
    await expect(page.getByText("Your team members and clients now need two-factor sign-in.")).toBeVisible();

    await page.context().clearCookies();
    await signInAs(page, world.teamMembers[0].email);
    await page.goto("/teams/dashboard");
    await expect(page).toHaveURL(/\/teams\/settings\/security$/);
    await expect(page.getByText("Your agency requires two-factor sign-in.").first()).toBeVisible();
    await page.goto("/teams/settings/notifications");
    await expect(page).toHaveURL(/\/teams\/settings\/security$/);

    await page.getByRole("button", { name: "Set Up Two-Factor" }).click();
    await page.getByLabel("Authentication code").fill(await currentCode(page));
    await page.getByRole("button", { name: "Verify and Turn On" }).click();
    await expect(page.getByRole("list", { name: "Recovery codes" })).toBeVisible();
    await expect(page.getByText("Your agency requires two-factor sign-in, so it cannot be turned off.")).toBeVisible();
    await page.goto("/teams/dashboard");
    await expect(page.getByRole("heading", { name: /Welcome back/ })).toBeVisible();
  },
);

test("a temporary password in an agency that requires two-factor: the password first, then two-factor, then in", async ({
  page,
}) => {
  // Four sign-in steps and two two-factor set-ups: more than the default time on a busy machine.
  test.slow();
  const world = await createWorld(page, { teamMembers: [{ name: "Tess Temporary" }] });
  const member = world.teamMembers[0];
  await signInAs(page, world.owner.email);
  await page.goto("/settings/security");
  await page.getByRole("button", { name: "Set Up Two-Factor" }).click();
  await page.getByLabel("Authentication code").fill(await currentCode(page));
  await page.getByRole("button", { name: "Verify and Turn On" }).click();
  await expect(page.getByRole("list", { name: "Recovery codes" })).toBeVisible();
  await page.getByRole("button", { name: "Require Two-Factor" }).click();
  await expect(page.getByText("Your team members and clients now need two-factor sign-in.")).toBeVisible();
  await page.goto(`/team/${member.id}`);
  await page.getByRole("button", { name: "Give a temporary password" }).click();
  const password = (await page.getByTestId("temporary-password").textContent())!.trim();

  await page.context().clearCookies();
  await page.goto("/team-login");
  await logIn(page, member.email, password);
  await expect(page).toHaveURL(/\/team-login\/new-password$/);
  await page.goto("/teams/settings/security");
  await expect(page).toHaveURL(/\/team-login\/new-password$/);
  await page.getByLabel("New password").fill("my very own password");
  await page.getByLabel("Confirm password").fill("my very own password");
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page).toHaveURL(/\/team-login$/);

  await logIn(page, member.email, "my very own password");
  await expect(page).toHaveURL(/\/teams\/settings\/security$/);
  await page.getByRole("button", { name: "Set Up Two-Factor" }).click();
  await page.getByLabel("Authentication code").fill(await currentCode(page));
  await page.getByRole("button", { name: "Verify and Turn On" }).click();
  await expect(page.getByRole("list", { name: "Recovery codes" })).toBeVisible();
  await page.goto("/teams/dashboard");
  await expect(page.getByRole("heading", { name: /Welcome back/ })).toBeVisible();
});
