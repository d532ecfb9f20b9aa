import {
  createWorld,
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  expectTitleAndDescription,
  logIn,
  signInAs,
  test,
} from "./support/fixtures";

/*
 * Issue 17: the agency owner's audit log under Settings, with its filters as a GET form
 * (JavaScript on and off), and a team member's sign-in from a second browser in it.
 */

test(
  "the owner reads who signed in from a new device, and filters the log by kind",
  { tag: "@no-js" },
  async ({ page, browser }) => {
    const world = await createWorld(page, {
      teamMembers: [{ name: "Dan Designer", role: "DESIGNER" }],
      spaces: [{ name: "Northwind Launch", teamMembers: [0] }],
    });
    const dan = world.teamMembers[0];

    // Dan signs in on a laptop, then on a second browser: the second one is a new device.
    const javaScriptEnabled = test.info().project.use.javaScriptEnabled;
    for (const device of ["laptop", "phone"]) {
      const context = await browser.newContext({ javaScriptEnabled });
      const devicePage = await context.newPage();
      await devicePage.goto("/login");
      await logIn(devicePage, dan.email);
      await expect(devicePage).toHaveURL(/\/teams\/dashboard$/);
      if (device === "phone") {
        // Not his to read: the team's area has no audit log.
        await devicePage.goto("/settings/audit");
        await expect(devicePage).not.toHaveURL(/\/settings\/audit/);
      }
      await context.close();
    }

    await signInAs(page, world.owner.email);
    await page.goto("/settings");
    await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Audit log" }).click();
    await expect(page).toHaveURL(/\/settings\/audit$/);
    await expectTitleAndDescription(page, /^Audit log \| Settings/);
    const entries = page.getByRole("list", { name: "Audit log entries" });
    await expect(entries.getByRole("listitem")).toHaveCount(1);
    await expect(entries).toContainText(/Dan Designer signed in from a new device \(Chrome on \w+\)/);
    await expect(entries).toContainText("Sign-ins");

    await page.getByLabel("Kind").selectOption({ label: "Exports" });
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/kind=exports/);
    await expect(page.getByText("Nothing matches these filters")).toBeVisible();
    await page.getByRole("link", { name: "Show everything" }).click();
    await expect(entries.getByRole("listitem")).toHaveCount(1);

    await page.getByLabel("Person").selectOption({ label: "Dan Designer" });
    await page.getByLabel("Kind").selectOption({ label: "Sign-ins" });
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/kind=sign-ins/);
    await expect(page.getByLabel("Kind")).toHaveValue("sign-ins");
    await expect(entries).toContainText("Dan Designer signed in from a new device");

    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
  },
);
