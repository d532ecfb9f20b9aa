import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import webpush from "web-push";

/*
 * The e2e suite runs against the production build (`npm run build` first), served by
 * the compiled server, build/server.js, on a fresh DATA_DIR: PGlite there, or the database named by
 * E2E_DATABASE_URL. Tests read the mail outbox at $E2E_DATA_DIR/mail.
 * Playwright never downloads a browser here: it drives the system Chromium.
 * Tests tagged @postgres are the ones CI runs again on the Postgres server
 * (`npm run test:e2e:postgres`): the socket.io adapter, pg-boss, an upload, sign-up and
 * sign-in, one space's chat. The rest of the Postgres paths are vitest's (`npm run test:postgres`).
 */
const port = Number(process.env.E2E_PORT ?? 3100);
// Web push (tests/e2e/pwa.spec.ts): a key pair for the run, and the suite's push service on the next port.
const vapid = webpush.generateVAPIDKeys();
const baseURL = `http://127.0.0.1:${port}`;
const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/*
 * Debian's headless shell (package chromium-headless-shell), where installed, runs every
 * test but the web push ones: it is Chromium without the browser around it, and took the
 * suite from 496 to 383 s on the 2-core machine, whose cores the browsers keep busy. It
 * has no push service, so pwa.spec.ts runs in the whole browser.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const shellPath = !process.env.CHROMIUM_PATH && fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : executablePath;
const WHOLE_BROWSER_ONLY = /pwa\.spec\.ts/;

// Workers load this file again; they inherit E2E_DATA_DIR from the runner and reuse it.
if (!process.env.E2E_DATA_DIR) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agency-e2e-"));
  process.env.E2E_DATA_DIR = dataDir;
  process.on("exit", () => fs.rmSync(dataDir, { recursive: true, force: true }));
}

const chromium = (path: string) => ({
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: path,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  },
});

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // Measured on the 2-core machine: with three browsers the one server is kept busy, and
  // the suite took 5.3 minutes (with two, 9.4 beside another run).
  workers: 3,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  reporter: "list",
  // A test that walks several pages, with three browsers and the server on two cores, took
  // over 30 s on a day the machine ran at half its speed (the bench's floor 90 req/s
  // against 230 the day before) and twelve alone; on a slower day still (load average 21,
  // the suite 27.6 min) three of them took 60 to 66 s, every step 2 to 4 s, in both tries.
  // A hang still fails, a minute and a half later.
  timeout: 90_000,
  // Argon2 hashing and embedded Postgres under two workers can take a few seconds on a small machine.
  expect: { timeout: 10_000 },
  /*
   * A trace records every action's screenshots and page snapshots as the test runs, which
   * on the 2-core machine cost a third of the suite's time (spaces, settings and sign-offs:
   * 87 s with traces, 62 s without, one after the other): in CI only a retry records one,
   * so a failure still comes with its trace; here every failing test keeps its own.
   */
  use: { baseURL, trace: process.env.CI ? "on-first-retry" : "retain-on-failure" },
  projects: [
    { name: "js", testIgnore: WHOLE_BROWSER_ONLY, use: chromium(shellPath) },
    /*
     * Without JavaScript only what then runs other code: forms posted as documents instead of
     * through fetchers, their redirects, the no-JS chat, the flows a person completes with
     * JavaScript off. A test opts in with the @no-js tag; headers, health checks, markup and
     * axe passes are the same pages either way and run once, in "js".
     */
    {
      name: "no-js",
      grep: /@no-js/,
      testIgnore: WHOLE_BROWSER_ONLY,
      use: { ...chromium(shellPath), javaScriptEnabled: false },
    },
    // Web push needs the whole browser; these run with JavaScript and, tagged @no-js, without.
    { name: "push", testMatch: WHOLE_BROWSER_ONLY, use: chromium(executablePath) },
    {
      name: "push-no-js",
      testMatch: WHOLE_BROWSER_ONLY,
      grep: /@no-js/,
      use: { ...chromium(executablePath), javaScriptEnabled: false },
    },
  ],
  webServer: {
    // What the image runs (build/server.js); tsx only loads the suite's hooks (E2E_HOOKS) from source.
    command: "node --import tsx build/server.js",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    // Start-up migrates a fresh database and loads the hooks from source; a busy machine needs the margin.
    timeout: 120_000,
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      SESSION_SECRET: "e2e-session-secret-not-for-production-0123456789",
      DATA_DIR: process.env.E2E_DATA_DIR,
      APP_URL: baseURL,
      // Empty means "not set": PGlite, the outbox and local uploads, whatever the shell has.
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
      RESEND_API_KEY: "",
      S3_BUCKET: "",
      // Each test presents its own address in X-Forwarded-For (tests/e2e/support/fixtures.ts), so rate limits stay per test.
      TRUST_PROXY_HOPS: "1",
      E2E_HOOKS: "1",
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: "mailto:e2e@example.test",
      PUSH_ALLOWED_HOSTS: `127.0.0.1:${port + 1}`,
      // Link previews read a page of the suite's hooks, from this very server (tests/e2e/link-previews.spec.ts).
      LINK_PREVIEW_ALLOWED_HOSTS: `127.0.0.1:${port}`,
    },
  },
});
