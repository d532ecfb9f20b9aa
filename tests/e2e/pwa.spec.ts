import sharp from "sharp";
import type { BrowserContext, Page } from "@playwright/test";
import {
  createWorld,
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  expectTitleAndDescription,
  signInAs,
  test,
} from "./support/fixtures";
import { decryptPush, startPushService, type BrowserSubscription } from "../support/push-service";

/*
 * Issue 21's installable app: the manifest and its icons, the service worker's offline
 * page (and that it keeps no signed-in page, before or after sign-out), and push on this
 * device from Settings → Notifications, delivered for real to the suite's push service
 * (playwright.config.ts lets the server reach 127.0.0.1 on the port after its own).
 */

const PUSH_PORT = Number(process.env.E2E_PORT ?? 3100) + 1;

/** The page's service worker is active and controls it. */
async function controlledByWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/** The Notifications tab's push card: the card that holds its heading. */
const pushCard = (page: Page) =>
  page
    .locator("div.rounded-xl")
    .filter({ has: page.getByRole("heading", { name: "Push notifications on this device" }) });

/** Every URL in the origin's Cache Storage, by cache. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });

test.describe("the installable app", () => {
  test("the manifest names the app and its start, and its icons load at their sizes", async ({ page, request }) => {
    await page.goto("/");
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#4f46e5");
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute("href", "/icons/apple-touch-icon.png");

    const response = await request.get("/manifest.webmanifest");
    expect(response.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
    const manifest = await response.json();
    expect(manifest).toMatchObject({
      name: "Agency Workspace",
      short_name: "Workspace",
      start_url: "/login",
      display: "standalone",
      theme_color: "#4f46e5",
      background_color: "#f8fafc",
    });
    const icons = manifest.icons as Array<{ src: string; sizes: string; purpose: string }>;
    expect(icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`)).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
    for (const icon of [...icons, { src: "/icons/apple-touch-icon.png", sizes: "180x180" }]) {
      const image = await request.get(icon.src);
      expect(image.headers()["content-type"]).toBe("image/png");
      const { width, height } = await sharp(await image.body()).metadata();
      expect(`${width}x${height}`).toBe(icon.sizes);
    }
  });

  test("the start address opens each kind of user's own dashboard, and the sign-in page for others", async ({
    page,
  }) => {
    const world = await createWorld(page, {
      teamMembers: [{ name: "Dana Designer" }],
      clients: [{ name: "Olivia Chen" }],
    });
    await page.goto("/login");
    await expect(page).toHaveURL(/\/login$/);
    for (const [email, home] of [
      [world.owner.email, "/dashboard"],
      [world.teamMembers[0].email, "/teams/dashboard"],
      [world.clients[0].email, "/client/dashboard"],
    ]) {
      await signInAs(page, email);
      await page.goto("/login");
      await expect(page).toHaveURL(new RegExp(`${home}$`));
    }
  });

  test("offline, a page shows the offline page, and a signed-in page seen before is not kept", async ({
    page,
    context,
  }) => {
    const world = await createWorld(page, {
      clients: [{ name: "Olivia Chen" }],
      spaces: [{ name: "Secret Launch", clients: [0] }],
    });
    await signInAs(page, world.clients[0].email);
    const chat = `/client/chat/${world.spaces[0].id}`;
    await page.goto(chat);
    await expect(page.getByRole("heading", { name: "Secret Launch" }).first()).toBeVisible();
    await controlledByWorker(page);
    expect(await cachedUrls(page)).toEqual(["/offline.html"]);

    await context.setOffline(true);
    await page.goto(chat);
    await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${chat}$`));
    await expect(page.getByText("Secret Launch")).toHaveCount(0);
    await expectTitleAndDescription(page, "You are offline | Agency Workspace");
    await page.goto("/client/dashboard");
    await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();

    // "Try again" loads the same address once the network is back.
    await context.setOffline(false);
    await page.getByRole("link", { name: "Try again" }).click();
    await expect(page).toHaveURL(/\/client\/dashboard$/);
    await expect(page.getByRole("heading", { name: "You are offline" })).toHaveCount(0);
    expect(await cachedUrls(page)).toEqual(["/offline.html"]);
  });

  test("the offline page is accessible and fits a phone", async ({ page, context }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/login");
    await controlledByWorker(page);
    await context.setOffline(true);
    await page.goto("/spaces");
    await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });

  test("sign-out leaves nothing of the person in the browser's caches and storage", async ({ page }) => {
    const world = await createWorld(page);
    await signInAs(page, world.owner.email);
    await page.goto("/dashboard");
    await controlledByWorker(page);
    // What a careless worker, or a page, might have kept of this person.
    await page.evaluate(async () => {
      await (await caches.open("kept-by-mistake")).put("/dashboard", new Response("Ada's dashboard"));
      localStorage.setItem("chat-outbox:somewhere", JSON.stringify([{ content: "unsent words" }]));
    });
    expect(await cachedUrls(page)).toContain("/dashboard");

    await page.locator("summary", { hasText: "Account menu" }).click();
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect.poll(() => cachedUrls(page)).not.toContain("/dashboard");
    expect((await cachedUrls(page)).filter((url) => url !== "/offline.html")).toEqual([]);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
  });
});

test.describe("push notifications on this device", () => {
  /**
   * Headless Chromium has no push service (its PushManager.subscribe fails with
   * "Registration failed"), so the browser's PushManager is replaced by one that hands out
   * a subscription to the suite's push service, with keys the test holds. Everything after
   * it is real: the card, the server, the encrypted request, and the worker's notification.
   */
  async function stubPushManager(context: BrowserContext, subscription: BrowserSubscription) {
    const { endpoint, p256dh, auth } = subscription;
    await context.addInitScript(
      ({ endpoint, p256dh, auth }) => {
        const saved = () => localStorage.getItem("stub-push-key");
        const asSubscription = (key: string) => ({
          endpoint,
          options: {
            userVisibleOnly: true,
            applicationServerKey: Uint8Array.from(atob(key.replace(/-/g, "+").replace(/_/g, "/")), (c) =>
              c.charCodeAt(0),
            ).buffer,
          },
          toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
          unsubscribe: async () => (localStorage.removeItem("stub-push-key"), true),
        });
        PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
          localStorage.setItem("stub-push-key", String(options?.applicationServerKey));
          return asSubscription(String(options?.applicationServerKey)) as unknown as PushSubscription;
        };
        PushManager.prototype.getSubscription = async function () {
          const key = saved();
          return (key ? asSubscription(key) : null) as unknown as PushSubscription;
        };
      },
      { endpoint, p256dh, auth },
    );
  }

  test("turned on in Settings, a message from a client reaches this device as a notification that opens the space", async ({
    page,
    context,
    browser,
  }) => {
    const service = await startPushService(PUSH_PORT);
    try {
      const world = await createWorld(page, {
        agencyName: "Acme Co",
        clients: [{ name: "Olivia Chen" }],
        spaces: [{ name: "Globex Launch", clients: [0] }],
      });
      const space = world.spaces[0];
      const subscription = service.subscription();
      await context.grantPermissions(["notifications"]);
      await stubPushManager(context, subscription);
      await signInAs(page, world.owner.email);

      await page.goto("/settings/notifications");
      const card = pushCard(page);
      await expect(card.getByText("Off on this device.")).toBeVisible();
      await expectAccessible(page);
      await card.getByRole("button", { name: "Turn on push notifications" }).click();
      await expect(page.getByText("Push notifications are on for this device.")).toBeVisible();
      await expect(card.getByText("On: this device gets push notifications.")).toBeVisible();
      await page.reload();
      await expect(card.getByText("On: this device gets push notifications.")).toBeVisible();

      // The owner leaves the app (their tab's socket goes); the client writes.
      const clientContext = await browser.newContext();
      const client = await clientContext.newPage();
      await signInAs(client, world.clients[0].email);
      await page.close();
      await expect
        .poll(
          async () =>
            (await (await client.request.get(`/resources/presence?user=${world.owner.id}`)).json()).presence?.online,
        )
        .toBe(false);
      await client.goto(`/client/chat/${space.id}`);
      await client.getByLabel("Message", { exact: true }).fill("The brief is ready\nSee the attachment.");
      await client.getByRole("button", { name: "Send" }).click();
      await expect.poll(() => service.to(subscription).length, { timeout: 15_000 }).toBe(1);
      await clientContext.close();

      const payload = decryptPush(service.to(subscription)[0], subscription);
      expect(payload).toEqual({
        title: "Olivia Chen in Globex Launch",
        body: "The brief is ready",
        url: `/spaces/${space.id}`,
        tag: `space:${space.id}`,
      });

      // The push service hands it to the browser's worker, which shows it.
      const owner = await context.newPage();
      await owner.goto("/settings/notifications");
      await controlledByWorker(owner);
      const cdp = await context.newCDPSession(owner);
      const registration = new Promise<string>((resolve) =>
        cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
          const ours = registrations.find((each) => each.scopeURL.endsWith("/") && !each.isDeleted);
          if (ours) resolve(ours.registrationId);
        }),
      );
      await cdp.send("ServiceWorker.enable");
      await cdp.send("ServiceWorker.deliverPushMessage", {
        origin: new URL(owner.url()).origin,
        registrationId: await registration,
        data: JSON.stringify(payload),
      });
      await expect
        .poll(() =>
          owner.evaluate(async () =>
            (await (await navigator.serviceWorker.ready).getNotifications()).map((shown) => ({
              title: shown.title,
              body: shown.body,
              tag: shown.tag,
              url: (shown.data as { url: string }).url,
            })),
          ),
        )
        .toEqual([
          {
            title: "Olivia Chen in Globex Launch",
            body: "The brief is ready",
            tag: `space:${space.id}`,
            url: `/spaces/${space.id}`,
          },
        ]);

      // Turned off, it is off here and on the server.
      const ownerCard = pushCard(owner);
      await ownerCard.getByRole("button", { name: "Turn off" }).click();
      await expect(owner.getByText("Push notifications are off for this device.")).toBeVisible();
      await expect(ownerCard.getByText("Off on this device.")).toBeVisible();
      await owner.reload();
      await expect(ownerCard.getByText("Off on this device.")).toBeVisible();
    } finally {
      await service.close();
    }
  });

  test("the card at a phone's width", async ({ page }) => {
    const world = await createWorld(page, { clients: [{ name: "Olivia Chen" }] });
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, world.clients[0].email);
    await page.goto("/client/settings/notifications");
    await expect(page.getByRole("button", { name: "Turn on push notifications" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });

  test("this headless browser cannot subscribe, and the card says so", async ({ page, context }) => {
    const world = await createWorld(page);
    await context.grantPermissions(["notifications"]);
    await signInAs(page, world.owner.email);
    await page.goto("/settings/notifications");
    await page.getByRole("button", { name: "Turn on push notifications" }).click();
    await expect(page.getByRole("alert")).toContainText("This browser could not turn push notifications on.");
    await expect(page.getByText("Off on this device.")).toBeVisible();
  });

  test("notifications blocked for the site: the card says where to allow them", async ({ page }) => {
    const world = await createWorld(page);
    await signInAs(page, world.owner.email);
    // Headless Chromium offers no way to block a site's notifications: the page reads them as blocked.
    await page.addInitScript(() => {
      Object.defineProperty(Notification, "permission", { get: () => "denied" });
    });
    await page.goto("/settings/notifications");
    await expect(page.getByText("Notifications are blocked for this site in this browser.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Turn on push notifications" })).toHaveCount(0);
  });

  test("without JavaScript the card says it needs it @no-js", async ({ page }) => {
    const world = await createWorld(page);
    await signInAs(page, world.owner.email);
    await page.goto("/settings/notifications");
    const card = pushCard(page);
    const withoutJavaScript = test.info().project.use.javaScriptEnabled === false;
    await expect(card).toContainText(
      withoutJavaScript ? "Turning push notifications on needs JavaScript in this browser." : "Off on this device.",
    );
  });
});
