import { expect, test } from "@playwright/test";

test("the liveness check answers ok, and the readiness check says the database answers", async ({ request }) => {
  const live = await request.get("/healthz");
  expect(live.status()).toBe(200);
  expect(await live.json()).toEqual({ status: "ok" });
  const ready = await request.get("/readyz");
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({ status: "ready" });
});

test("a form post from another site is refused", async ({ request, baseURL }) => {
  const foreign = await request.post("/", { headers: { Origin: "https://attacker.example" }, form: { a: "1" } });
  expect(foreign.status()).toBe(403);

  const own = await request.post("/", { headers: { Origin: baseURL! }, form: { a: "1" } });
  expect(own.status()).not.toBe(403);
});

test("every script on a page carries the nonce of the page's Content-Security-Policy", async ({ request }) => {
  const nonceOf = async () => {
    const response = await request.get("/");
    const csp = response.headers()["content-security-policy"] ?? "";
    const scriptSrc = csp.split(";").find((directive) => directive.trim().startsWith("script-src")) ?? "";
    const nonce = scriptSrc.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce, `a nonce in the CSP header: ${csp}`).toBeTruthy();

    const html = await response.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    return nonce;
  };
  // A fresh nonce for every response.
  expect(await nonceOf()).not.toBe(await nonceOf());
});

test("a body that is not a form gets the form's own refusal, not a server error", async ({ request, baseURL }) => {
  const headers = { Origin: baseURL! };
  for (const path of ["/login", "/register", "/forgot-password"]) {
    const response = await request.post(path, { headers, data: { email: "someone@example.test" } });
    expect(response.status(), path).toBe(400);
  }
});
