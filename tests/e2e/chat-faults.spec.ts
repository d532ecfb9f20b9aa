import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ChildProcess } from "node:child_process";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { adminQuery, databaseUrl, dropDatabase, throwawayName } from "#tests/support/postgres-admin";
import { freePort, startProcess, stopServerProcess } from "#tests/support/processes";
import type { World } from "./support/server-hooks";
import { expect, test } from "./support/fixtures";

/*
 * The chat under a killed server, in two real browsers (issue 34): the owner types 8
 * messages, the server is killed with SIGKILL, 12 more are typed while it is down, it is
 * started again, and 6 more are typed as the waiting ones drain (the integration test
 * tests/integration/send-order.test.ts runs the reported 20, 30 and 10, and random outages). Every message arrives
 * once, in the order typed, in all four views: the sender's and the receiver's, live and
 * after a reload. The server is one of this test's own, on a database of its own (PGlite in
 * a folder of its own, or a new database on E2E_DATABASE_URL's server), so that killing it
 * leaves the rest of the suite alone: sharing the suite's, its job workers took the suite's
 * jobs and wrote their mails into this server's outbox.
 *
 * CI runs it on PGlite only, where the killed process takes the database with it. On a
 * Postgres server the same kill is send-order.test.ts's, with the browser's own chat engine
 * in Node and random outages besides (`npm run test:postgres`); run here too, it took a
 * minute of CI's ten for an assertion already made there.
 */

// 84 s on a quiet 2-core machine; three minutes and more while the machine also ran other suites.
test.describe.configure({ timeout: 300_000 });

const NOTE = /Note (\d{3})/;

/** The production build on a port of its own, as playwright.config.ts starts the suite's. */
async function ownServer() {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agency-e2e-faults-"));
  const serverUrl = process.env.E2E_DATABASE_URL;
  const database = serverUrl ? throwawayName("e2e_faults") : null;
  if (serverUrl && database) await adminQuery(serverUrl, `create database ${database}`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    SESSION_SECRET: "e2e-session-secret-not-for-production-0123456789",
    DATA_DIR: dataDir,
    APP_URL: origin,
    DATABASE_URL: serverUrl && database ? databaseUrl(serverUrl, database) : "",
    RESEND_API_KEY: "",
    S3_BUCKET: "",
    TRUST_PROXY_HOPS: "1",
    E2E_HOOKS: "1",
  };
  const start = () => startProcess(["--import", "tsx", "build/server.js"], { env, ready: "Agency workspace ready" });
  let instance: ChildProcess | undefined = await start();
  return {
    origin,
    async kill() {
      const exited = new Promise((resolve) => instance!.once("exit", resolve));
      instance!.kill("SIGKILL");
      await exited;
    },
    async start() {
      instance = await start();
    },
    async stop() {
      if (instance) await stopServerProcess(instance);
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (serverUrl && database) await dropDatabase(serverUrl, database);
    },
  };
}

async function signedIn(browser: Browser, origin: string, email: string, address: string) {
  const context = await browser.newContext({ baseURL: origin, extraHTTPHeaders: { "X-Forwarded-For": address } });
  expect((await context.request.post("/e2e/session", { data: { email } })).ok()).toBe(true);
  return { context, page: await context.newPage() };
}

const log = (page: Page) => page.getByRole("log", { name: "Messages" });

/** The notes the chat shows, top to bottom, as their numbers; with `all`, once every older page is loaded. */
async function notesShown(page: Page, { all = false } = {}) {
  // "Older messages", or "Loading older messages…" once the list began loading them by itself (scrolled to its top).
  const older = log(page).getByRole("link", { name: /older messages/i });
  const items = log(page).getByRole("listitem");
  for (let pages = 0; all && pages < 5 && (await older.count()); pages++) {
    const shown = await items.count();
    // The link may go while it is clicked (the list loaded the page itself): what counts is that the page came.
    await older.click({ timeout: 5_000 }).catch(() => undefined);
    await expect.poll(async () => (await items.count()) > shown || !(await older.count())).toBe(true);
  }
  const texts = await items.allInnerTexts();
  return texts.flatMap((text) => text.match(NOTE)?.[1] ?? []);
}

const numbers = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => String(from + index).padStart(3, "0"));

test("a killed server loses, doubles and reorders nothing: four views show the typing order", async ({ browser }) => {
  const server = await ownServer();
  const contexts: BrowserContext[] = [];
  try {
    const setup = await browser.newContext({ baseURL: server.origin });
    contexts.push(setup);
    const response = await setup.request.post("/e2e/world", {
      data: {
        clients: [{ name: "Olivia Chen", company: "Northwind Traders", role: "OWNER" }],
        spaces: [{ name: "Northwind Launch", clients: [0] }],
      },
    });
    expect(response.ok()).toBe(true);
    const world = (await response.json()) as World;
    const spaceId = world.spaces[0].id;
    const sender = await signedIn(browser, server.origin, world.owner.email, "203.0.113.21");
    const receiver = await signedIn(browser, server.origin, world.clients[0].email, "203.0.113.22");
    contexts.push(sender.context, receiver.context);
    for (const [page, url] of [
      [sender.page, `/spaces/${spaceId}`],
      [receiver.page, `/client/chat/${spaceId}`],
    ] as const) {
      const socket = page.waitForEvent("websocket");
      await page.goto(url);
      await socket;
    }

    const box = sender.page.getByLabel("Message", { exact: true });
    let typed = 0;
    const type = async (count: number) => {
      for (let index = 0; index < count; index++) {
        await box.fill(`Note ${String(++typed).padStart(3, "0")}`);
        await box.press("Enter");
      }
    };

    await type(8);
    await expect.poll(() => notesShown(receiver.page), { timeout: 20_000 }).toEqual(numbers(1, 8));
    // The database is not back when the server is: the first sends after the restart are refused as unavailable.
    const outage = `/e2e/message-outage/${spaceId}`;
    const refused = async () => ((await (await setup.request.get(outage)).json()) as { refused: number }).refused;
    const { refused: before } = (await (await setup.request.post(outage)).json()) as { refused: number };
    await server.kill();
    await type(12);
    await expect(log(sender.page).getByText("Sending…")).toHaveCount(12);
    const reconnected = sender.page.waitForEvent("websocket", { timeout: 60_000 });
    await server.start();
    await reconnected;
    // The browser retries at 250 ms to 2 s; a busy machine stretches each retry's round trip.
    await expect.poll(refused, { timeout: 60_000 }).toBeGreaterThanOrEqual(before + 3);
    await setup.request.delete(outage);
    // Typed while the twelve waiting go out, and after.
    await type(6);

    for (const page of [sender.page, receiver.page]) {
      await expect.poll(() => notesShown(page), { timeout: 60_000 }).toEqual(numbers(1, 26));
    }
    await expect(log(sender.page).getByText("Sending…")).toHaveCount(0);
    for (const page of [sender.page, receiver.page]) {
      await page.reload();
      expect(await notesShown(page, { all: true })).toEqual(numbers(1, 26));
    }
  } finally {
    for (const context of contexts) await context.close();
    await server.stop();
  }
});
