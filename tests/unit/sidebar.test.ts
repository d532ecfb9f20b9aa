import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, test } from "vitest";
import { action } from "~/routes/resources.sidebar";
import { safeRedirect } from "~/web/redirect.server";
import { getSidebarCollapsed } from "~/web/sidebar.server";

function toggle(fields: Record<string, string>) {
  const request = new Request("http://localhost/resources/sidebar", {
    method: "POST",
    body: new URLSearchParams(fields),
  });
  // The toggle does not read the load context.
  return action({ request, params: {}, context: {} as AppLoadContext }) as Promise<Response>;
}

/** The request a browser sends next, carrying the cookie the toggle set. */
function nextRequest(response: Response) {
  const setCookie = response.headers.get("Set-Cookie") ?? "";
  const cookie = setCookie.split(";")[0];
  return new Request("http://localhost/dashboard", { headers: { Cookie: cookie } });
}

describe("sidebar toggle", () => {
  test("collapsing sets a week-long cookie and goes back to the page the user was on", async () => {
    const response = await toggle({ collapsed: "true", redirectTo: "/spaces?q=acme" });

    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/spaces?q=acme");
    const setCookie = response.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/^sidebar_state=/);
    expect(setCookie).toContain("Path=/");
    expect(setCookie).toContain("Max-Age=604800");
    expect(setCookie).toContain("SameSite=Lax");
    expect(await getSidebarCollapsed(nextRequest(response))).toBe(true);
  });

  test("expanding again is remembered as expanded", async () => {
    const response = await toggle({ collapsed: "false", redirectTo: "/dashboard" });

    expect(response.headers.get("Location")).toBe("/dashboard");
    expect(await getSidebarCollapsed(nextRequest(response))).toBe(false);
  });

  test("a fetcher's redirect replaces the history entry instead of adding one", async () => {
    const response = await toggle({ collapsed: "true", redirectTo: "/team" });
    expect(response.headers.has("X-Remix-Replace")).toBe(true);
  });

  test("the sidebar is expanded when there is no cookie or a foreign one", async () => {
    expect(await getSidebarCollapsed(new Request("http://localhost/dashboard"))).toBe(false);
    const forged = new Request("http://localhost/dashboard", { headers: { Cookie: "sidebar_state=collapsed" } });
    expect(await getSidebarCollapsed(forged)).toBe(false);
  });

  test.each([
    ["https://evil.example/phish", "/"],
    ["//evil.example/phish", "/"],
    ["/\\evil.example", "/"],
    ["/\t/evil.example", "/"],
    ["javascript:alert(1)", "/"],
    ["dashboard", "/"],
    ["", "/"],
  ])("redirectTo %j is not followed (goes to %j)", async (redirectTo, expected) => {
    const response = await toggle({ collapsed: "true", redirectTo });
    expect(response.headers.get("Location")).toBe(expected);
  });

  test("a missing redirectTo goes home", async () => {
    const response = await toggle({ collapsed: "false" });
    expect(response.headers.get("Location")).toBe("/");
  });

  test("safeRedirect keeps local paths with their query and hash", () => {
    expect(safeRedirect("/client/chat/42?q=hi#latest")).toBe("/client/chat/42?q=hi#latest");
    expect(safeRedirect(null)).toBe("/");
  });
});
