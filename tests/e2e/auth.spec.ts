import {
  PASSWORD,
  expect,
  logIn,
  registerAgency,
  submitAgencyForm,
  test,
  verifiedAgency,
  verifyByMail,
} from "./support/fixtures";
import { linkIn, readOutbox, waitForMail } from "./support/outbox";

test.describe("agency sign-up and verification", () => {
  test(
    "register, follow the mailed link, reach the dashboard by first name, and sign out",
    { tag: ["@no-js", "@postgres"] },
    async ({ page }) => {
      const owner = await registerAgency(page, { firstName: "Marguerite" });
      await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
      await expect(page.getByText(owner.email)).toBeVisible();

      await verifyByMail(page, owner.email);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole("heading", { name: "Welcome back, Marguerite" })).toBeVisible();
      await expect(page.getByText("Email verified")).toBeVisible();

      await page.locator("summary", { hasText: "Account menu" }).click();
      await page.getByRole("button", { name: "Log out" }).click();
      await expect(page).toHaveURL(/\/login$/);

      await page.goto("/dashboard");
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);
    },
  );

  test("the verification link works once; opened again it asks to log in", async ({ page }) => {
    const owner = await registerAgency(page);
    const link = linkIn(await waitForMail(owner.email, "Verify your email"), "/email-verification");
    await page.context().clearCookies();
    await page.goto(link);
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.context().clearCookies();
    await page.goto(link);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText("Email already verified")).toBeVisible();
  });

  test(
    "a taken email is refused with SPEC's wording and the form keeps what was typed",
    { tag: "@no-js" },
    async ({ page }) => {
      const owner = await verifiedAgency(page);
      await submitAgencyForm(page, owner);
      await expect(page.getByText("An account with this email already exists. Please log in instead.")).toBeVisible();
      await expect(page.getByLabel("Agency name")).toHaveValue("Hopper & Co");
    },
  );

  test(
    "Create Account waits for the terms: disabled with JavaScript, refused by the server without",
    { tag: "@no-js" },
    async ({ page, javaScriptEnabled }) => {
      await page.goto("/register");
      const submit = page.getByRole("button", { name: "Create Account" });
      if (javaScriptEnabled) {
        await expect(submit).toBeDisabled();
        await page.getByLabel(/I agree to the/).check();
        await expect(submit).toBeEnabled();
        await page.getByLabel("Mobile number").pressSequentially("5551234567");
        await expect(page.getByLabel("Mobile number")).toHaveValue("(555) 123-4567");
      } else {
        await page.getByLabel("First name").fill("Grace");
        await submit.click();
        await expect(page.getByText("Please agree to the Terms of Service and Privacy Policy.")).toBeVisible();
        await expect(page.getByLabel("First name")).toHaveValue("Grace");
      }
    },
  );
});

test("the sign-up page reads You Have Been Invited when the link names the inviter and agency", async ({ page }) => {
  await page.goto("/register");
  await expect(page.getByRole("heading", { name: "Create Your Agency Account" })).toBeVisible();
  await page.goto("/register?ownerName=Ada%20Lovelace&agencyName=Engines%20Ltd");
  await expect(page.getByRole("heading", { name: "You Have Been Invited" })).toBeVisible();
  await expect(page.getByText("Ada Lovelace of Engines Ltd invited you")).toBeVisible();
});

test.describe("sign-in", () => {
  test("a wrong password is refused with SPEC's wording", { tag: "@no-js" }, async ({ page }) => {
    const owner = await verifiedAgency(page);
    await page.goto("/login");
    await logIn(page, owner.email, "not my password");
    await expect(page.getByText("Login failed")).toBeVisible();
    await expect(
      page.getByText("Invalid email or password. Please check your credentials and try again."),
    ).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(owner.email);
  });

  test(
    "an unverified account is told to confirm and can have the link sent again",
    { tag: "@no-js" },
    async ({ page }) => {
      const owner = await registerAgency(page);
      await page.context().clearCookies();
      const mailsBefore = readOutbox().filter((mail) => mail.to === owner.email).length;

      await page.goto("/login");
      await logIn(page, owner.email);
      await expect(page.getByText(/Your email has not been confirmed yet/)).toBeVisible();
      await page.getByRole("button", { name: "Resend verification email" }).click();

      await expect(page).toHaveURL(/\/email-verification\?email=/);
      await expect(page.getByText("Confirmation email sent")).toBeVisible();
      await expect.poll(() => readOutbox().filter((mail) => mail.to === owner.email).length).toBe(mailsBefore + 1);
    },
  );

  test(
    "signing in after a guard brings the user back where they were going",
    { tag: ["@no-js", "@postgres"] },
    async ({ page }) => {
      const owner = await verifiedAgency(page);
      await page.goto("/dashboard");
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);
      await logIn(page, owner.email);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByText("Welcome back!")).toBeVisible();
    },
  );
});

test.describe("password reset", () => {
  test("forgot, follow the mailed link, set a new password, log in with it", { tag: "@no-js" }, async ({ page }) => {
    // Sign-up, verification, the reset and three sign-ins: four password hashes on a busy machine.
    test.slow();
    const owner = await verifiedAgency(page);
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel("Email").fill(owner.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText(`If an account exists for ${owner.email}`)).toBeVisible();

    const link = linkIn(await waitForMail(owner.email, "Reset your password"), "/reset-password");
    await page.goto(link);
    await page.getByLabel("New password", { exact: true }).fill("a brand new secret");
    await page.getByLabel("Confirm new password").fill("a brand new secret");
    await page.getByRole("button", { name: "Update password" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText("Password updated")).toBeVisible();

    await logIn(page, owner.email, PASSWORD);
    await expect(page.getByText("Invalid email or password.", { exact: false })).toBeVisible();
    await logIn(page, owner.email, "a brand new secret");
    await expect(page).toHaveURL(/\/dashboard$/);

    // The link is spent.
    await page.context().clearCookies();
    await page.goto(link);
    await expect(page.getByText("Password reset failed")).toBeVisible();
    await expect(page.getByRole("button", { name: "Update password" })).toHaveCount(0);
  });
});

/*
 * What the guards answer (signed out, another user type's group, a signed-in user on a
 * guest page), a forged redirectTo, the sign-in rate limits and the same answer for
 * unknown emails are asserted on the route modules themselves: tests/integration/
 * guards.test.ts, accounts.test.ts and access-matrix.test.ts. Here, only what a person
 * sees of them in the browser.
 */
test.describe("route groups", () => {
  test("an unverified owner is held on the verification page", { tag: "@no-js" }, async ({ page }) => {
    await registerAgency(page);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/email-verification\?email=/);
    await page.getByRole("button", { name: "I've verified my email" }).click();
    await expect(page.getByText("Verification failed")).toBeVisible();
  });
});
