import crypto from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { linkIn, waitForMail } from "./outbox";
import type { World, WorldSpec } from "./server-hooks";
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

/**
 * The button of a menu or picker drawn on demand (OnDemandDetails): a link to the page
 * with it open until it is first opened, its summary from then on.
 */
export const disclosure = (scope: Locator, label?: string) =>
  scope.locator(`:is(summary, a[id][href*='open='])${label ? `[aria-label="${label}"]` : ""}`);

/**
 * A chat message's tools (Add reaction, Reply, More actions…), drawn: with JavaScript as the
 * pointer rests on the message, without it from its Message actions link (a page with them).
 */
export async function messageTools(item: Locator) {
  const reply = item.getByRole("link", { name: "Reply" });
  if (base.info().project.use.javaScriptEnabled === false) {
    await item.hover();
    await item.getByRole("link", { name: "Message actions" }).click();
  } else {
    // A message just sent takes the place of its pending bubble: a pointer already resting there
    // never enters the new one, as a person's would once they move it. So move it off and back.
    await expect(async () => {
      await item.page().mouse.move(0, 0);
      await item.hover();
      await expect(reply).toBeVisible({ timeout: 1_000 });
    }).toPass();
  }
  await expect(reply).toBeVisible();
  return item;
}

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

/** A fresh agency with people and spaces, made on the server in one call (tests/e2e/support/server-hooks.ts). */
export async function createWorld(page: Page, spec: WorldSpec = {}): Promise<World> {
  const response = await page.request.post("/e2e/world", { data: spec });
  expect(response.ok()).toBe(true);
  return (await response.json()) as World;
}

/** From now on, updating this row of the server's database fails (a real error, for the failure paths). */
export async function failUpdatesOf(page: Page, table: "agencies" | "team_members" | "clients", id: string) {
  const response = await page.request.post("/e2e/failing-updates", { data: { table, id } });
  expect(response.ok()).toBe(true);
}

/** Signs this page's browser in as an existing user, without going through the login page. */
export async function signInAs(page: Page, email: string) {
  const response = await page.request.post("/e2e/session", { data: { email } });
  expect(response.ok()).toBe(true);
}

/**
 * No serious or critical accessibility violations on the page as it is now
 * (axe-core's WCAG 2 A and AA rules), checked in the js project only. axe runs inside
 * the page, so without JavaScript it could only load the same address again in a
 * browser that has it: the page the js project checks already, a second pass for
 * nothing. The pages that only the JavaScript-off flows open (the forms that stand in
 * for dialogs) are checked in the js project by pages.spec.ts.
 */
export async function expectAccessible(page: Page) {
  if (base.info().project.use.javaScriptEnabled === false) return;
  /*
   * axe reads colours as they are now: a dialog fading in fails contrast mid-way. Headless UI
   * marks one data-transition while it fades, but not in the frame before it starts (a run on
   * a quiet machine caught a dialog's hint there), so every finite CSS transition and
   * animation must have ended too; a spinner's, which never ends, does not count.
   */
  await page.waitForFunction(
    () =>
      !document.querySelector("[data-transition], [data-enter]") &&
      document
        .getAnimations()
        .every(
          (animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity,
        ),
  );
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations.filter((violation) => ["serious", "critical"].includes(violation.impact ?? ""));
  expect(
    serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

/**
 * Nothing on the page scrolls sideways at the window's width (390px for a phone), once
 * the layout has settled: after a resize the shell's sidebar padding eases out over 200 ms.
 */
export async function expectNoSidewaysScroll(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
}

/** The page has a title and a meta description (every page a person sees has both). */
export async function expectTitleAndDescription(page: Page, title: string | RegExp) {
  await expect(page).toHaveTitle(title);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /\w.{20,}/);
}

/** Messages in a space from the user with this email, sent `minutesAgo` (tests/e2e/support/server-hooks.ts). */
export async function sendMessages(
  page: Page,
  spec: { spaceId: string; senderEmail: string; minutesAgo?: number; count?: number },
) {
  const response = await page.request.post("/e2e/messages", { data: spec });
  expect(response.ok()).toBe(true);
}

/** Runs the unread-message notices now, through the job queue, and waits for their jobs to finish. */
export async function runUnreadNotices(page: Page) {
  const response = await page.request.post("/e2e/unread-notices");
  expect(await response.json()).toEqual({ ok: true });
}

/** A new administrator account; returns its email. */
export async function createAdmin(page: Page): Promise<string> {
  const response = await page.request.post("/e2e/admin");
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { email: string }).email;
}

/** A chat's messages: the log the chat page shows them in. */
export const messages = (page: Page) => page.getByRole("log", { name: "Messages" });

/** The message of the chat whose text is exactly `text`. */
export const bubble = (page: Page, text: string) =>
  messages(page)
    .getByRole("listitem")
    .filter({ has: page.getByText(text, { exact: true }) });
