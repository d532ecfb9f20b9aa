import { expect, test } from "@playwright/test";

test.describe("the landing page", () => {
  test("the header leads to log in and to registration", async ({ page }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Log in", exact: true })).toHaveAttribute("href", "/login");
    await expect(header.getByRole("link", { name: "Get Started", exact: true })).toHaveAttribute("href", "/register");
  });

  test("the hero invites visitors to register or to view the demo", async ({ page }) => {
    await page.goto("/");
    await expect(
      page.getByRole("heading", { level: 1, name: "Secure Client Communication Made Simple" }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Get Started for Free", exact: true })).toHaveAttribute(
      "href",
      "/register",
    );
    await expect(page.getByRole("link", { name: "View Demo", exact: true })).toHaveAttribute("href", "/dashboard");
  });

  test("four feature cards say what the product does", async ({ page }) => {
    await page.goto("/");
    for (const title of ["Client Spaces", "Secure & Private", "Team Collaboration", "Focused Messaging"]) {
      await expect(page.getByRole("heading", { name: title, exact: true })).toBeVisible();
    }
  });

  test("the footer links to terms, privacy and contact", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    for (const name of ["Terms", "Privacy", "Contact"]) {
      await expect(footer.getByRole("link", { name, exact: true })).toBeVisible();
    }
  });

  test("Get Started takes a visitor to registration", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("banner").getByRole("link", { name: "Get Started", exact: true }).click();
    await expect(page).toHaveURL("/register");
  });
});

test.describe("an unknown page", () => {
  test("answers 404 with a way back home", async ({ page, baseURL }) => {
    const response = await page.goto("/no-such-page-here");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Oops! Page not found")).toBeVisible();
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
  });
});
