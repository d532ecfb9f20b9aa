import crypto from "node:crypto";
import { test as base, expect, type Page } from "@playwright/test";
import { linkIn, waitForMail } from "./outbox";
import { uniqueEmail } from "./unique";

export { expect };

/*
 * Every test's browser presents its own client address (the e2e server trusts one
 * proxy hop), so the per-address rate limits of one test never block another.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const [a, b] = crypto.randomBytes(2);
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": `198.51.${a}.${b}` });
    await use(page);
  },
});

export const PASSWORD = "correct horse battery";

export type Registered = { email: string; firstName: string };

/** Fills and sends the agency sign-up form; lands on the check-your-email page. */
export async function registerAgency(page: Page, overrides: Partial<Registered> = {}): Promise<Registered> {
  const owner = { email: overrides.email ?? uniqueEmail("owner"), firstName: overrides.firstName ?? "Grace" };
  await submitAgencyForm(page, owner);
  await expect(page).toHaveURL(/\/email-verification\?email=/);
  return owner;
}

/** Fills and sends the agency sign-up form, wherever that leads. */
export async function submitAgencyForm(page: Page, { email, firstName }: Registered) {
  await page.goto("/register");
  await page.getByLabel("First name").fill(firstName);
  await page.getByLabel("Last name").fill("Hopper");
  await page.getByLabel("Agency name").fill("Hopper & Co");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Mobile number").fill("5551234567");
  await page.getByLabel("Agency website").fill("https://hopper.example");
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole("button", { name: "Create Account" }).click();
}

/** Follows the latest verification link of `email`, as the person would from their inbox. */
export async function verifyByMail(page: Page, email: string) {
  const mail = await waitForMail(email, "Verify your email");
  await page.goto(linkIn(mail, "/email-verification"));
}

/** A verified agency owner, signed out again, ready for the sign-in tests. */
export async function verifiedAgency(page: Page): Promise<Registered> {
  const owner = await registerAgency(page);
  await verifyByMail(page, owner.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.context().clearCookies();
  return owner;
}

export async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}
