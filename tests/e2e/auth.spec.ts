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
import { uniqueEmail } from "./support/unique";

test.describe("agency sign-up and verification", () => {
  test("register, follow the mailed link, reach the dashboard by first name, and sign out", async ({ page }) => {
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
  });

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

  test("a taken email is refused with SPEC's wording and the form keeps what was typed", async ({ page }) => {
    const owner = await verifiedAgency(page);
    await submitAgencyForm(page, owner);
    await expect(page.getByText("An account with this email already exists. Please log in instead.")).toBeVisible();
    await expect(page.getByLabel("Agency name")).toHaveValue("Hopper & Co");
  });

  test("Create Account waits for the terms: disabled with JavaScript, refused by the server without", async ({
    page,
    javaScriptEnabled,
  }) => {
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
  });
});

test("the sign-up page reads You Have Been Invited when the link names the inviter and agency", async ({ page }) => {
  await page.goto("/register");
  await expect(page.getByRole("heading", { name: "Create Your Agency Account" })).toBeVisible();
  await page.goto("/register?ownerName=Ada%20Lovelace&agencyName=Engines%20Ltd");
  await expect(page.getByRole("heading", { name: "You Have Been Invited" })).toBeVisible();
  await expect(page.getByText("Ada Lovelace of Engines Ltd invited you")).toBeVisible();
});

test.describe("sign-in", () => {
  test("a wrong password is refused with SPEC's wording", async ({ page }) => {
    const owner = await verifiedAgency(page);
    await page.goto("/login");
    await logIn(page, owner.email, "not my password");
    await expect(page.getByText("Login failed")).toBeVisible();
    await expect(
      page.getByText("Invalid email or password. Please check your credentials and try again."),
    ).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(owner.email);
  });

  test("an unverified account is told to confirm and can have the link sent again", async ({ page }) => {
    const owner = await registerAgency(page);
    await page.context().clearCookies();
    const mailsBefore = readOutbox().filter((mail) => mail.to === owner.email).length;

    await page.goto("/login");
    await logIn(page, owner.email);
    await expect(page.getByText(/Your email has not been confirmed yet/)).toBeVisible();
    await page.getByRole("button", { name: "Resend verification email" }).click();

    await expect(page).toHaveURL(/\/email-verification\?email=/);
    await expect(page.getByText("Verification email sent")).toBeVisible();
    await expect.poll(() => readOutbox().filter((mail) => mail.to === owner.email).length).toBe(mailsBefore + 1);
  });

  test("signing in after a guard brings the user back where they were going", async ({ page }) => {
    const owner = await verifiedAgency(page);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);
    await logIn(page, owner.email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("Welcome back!")).toBeVisible();
  });

  test("a forged redirectTo is ignored", async ({ page }) => {
    const owner = await verifiedAgency(page);
    await page.goto("/login?redirectTo=//evil.example/phish");
    await logIn(page, owner.email);
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/dashboard$/);
  });

  test("a flood of sign-in attempts is stopped with a clear message", async ({ page }) => {
    const email = uniqueEmail("flood");
    await page.goto("/login");
    for (let attempt = 0; attempt < 11; attempt++) {
      await logIn(page, email, `guess-${attempt}`);
      await expect(page.getByText("Login failed")).toBeVisible();
    }
    await expect(page.getByText(/Too many attempts\. Please wait \d+ minutes? and try again\./)).toBeVisible();
  });

  test("signed-in users are kept off the guest pages", async ({ page }) => {
    const owner = await verifiedAgency(page);
    await page.goto("/login");
    await logIn(page, owner.email);
    await expect(page).toHaveURL(/\/dashboard$/);
    for (const path of ["/login", "/register", "/forgot-password", "/email-verification"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
    }
  });
});

test.describe("password reset", () => {
  test("forgot, follow the mailed link, set a new password, log in with it", async ({ page }) => {
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

  test("unknown emails get the same answer", async ({ page }) => {
    const email = uniqueEmail("nobody");
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText(`If an account exists for ${email}`)).toBeVisible();
  });
});

test.describe("route groups", () => {
  test("signed-out visitors of every group are sent to log in", async ({ page }) => {
    for (const path of ["/dashboard", "/client/dashboard", "/teams/dashboard", "/admin/users"]) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=${encodeURIComponent(path)}$`));
    }
  });

  test("an agency owner is kept out of the client, team and admin groups", async ({ page }) => {
    const owner = await verifiedAgency(page);
    await page.goto("/login");
    await logIn(page, owner.email);
    await expect(page).toHaveURL(/\/dashboard$/);
    for (const path of ["/client/dashboard", "/teams/dashboard", "/admin/users"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
    }
  });

  test("an unverified owner is held on the verification page", async ({ page }) => {
    await registerAgency(page);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/email-verification\?email=/);
    await page.getByRole("button", { name: "I've verified my email" }).click();
    await expect(page.getByText("Verification failed")).toBeVisible();
  });
});
