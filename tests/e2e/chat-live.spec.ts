import crypto from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { createWorld, disclosure, expect, messages, messageTools, signInAs, test } from "./support/fixtures";

/*
 * The chat live, between two browsers: the agency on /spaces/{id}, its client on
 * /client/chat/{id}. Without JavaScript there is no live chat (and no outbox in the
 * browser), so these are not tagged @no-js; chat.spec.ts covers the same actions as
 * forms and redirects. Tagged @postgres: on the Postgres server the live updates go
 * through the socket.io Postgres adapter, code PGlite never runs.
 */

const message = (page: Page, text: string) => messages(page).getByRole("listitem").filter({ hasText: text });

/** A second person's browser, with an address of its own for the rate limits. */
async function secondBrowser(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const [a, b] = crypto.randomBytes(2);
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `203.0.${a}.${b}` });
  return { context, page };
}

/** Opens the chat and waits for its socket. */
async function openChat(page: Page, path: string) {
  const socket = page.waitForEvent("websocket");
  await page.goto(path);
  await socket;
}

/** The agency owner (on `page`) and its client (in a second browser) in one space's chat, both live. */
async function liveConversation(page: Page, browser: Browser, { earlierMessages = 0 } = {}) {
  const world = await createWorld(page, {
    clients: [{ name: "Olivia Chen", company: "Northwind Traders", role: "OWNER" }],
    spaces: [{ name: "Northwind Launch", clients: [0] }],
  });
  const spaceId = world.spaces[0].id;
  if (earlierMessages) {
    const response = await page.request.post("/e2e/messages", {
      data: { spaceId, senderEmail: world.owner.email, minutesAgo: 30, count: earlierMessages },
    });
    expect(response.ok()).toBe(true);
  }
  const client = await secondBrowser(browser);
  await signInAs(page, world.owner.email);
  await signInAs(client.page, world.clients[0].email);
  await openChat(page, `/spaces/${spaceId}`);
  await openChat(client.page, `/client/chat/${spaceId}`);
  return client;
}

async function send(page: Page, text: string) {
  await page.getByLabel("Message", { exact: true }).fill(text);
  await page.getByRole("button", { name: "Send" }).click();
}

test(
  "agency and client see each other's messages, reactions, edits and deletes without reloading",
  { tag: "@postgres" },
  async ({ page, browser }) => {
    const client = await liveConversation(page, browser);

    await send(page, "The first designs are ready");
    await expect(message(client.page, "The first designs are ready")).toBeVisible({ timeout: 5_000 });

    const theirs = message(client.page, "The first designs are ready");
    await disclosure(await messageTools(theirs), "Add reaction").click();
    await theirs.getByRole("button", { name: "Heart", exact: true }).click();
    await expect(message(page, "The first designs are ready").getByRole("button", { name: "Heart (1)" })).toBeVisible({
      timeout: 5_000,
    });

    const mine = message(page, "The first designs are ready");
    await expect(mine.getByRole("button", { name: "Heart (1)" })).toHaveAccessibleDescription("Olivia Chen");
    await disclosure(await messageTools(mine), "More actions").click();
    await mine.getByRole("link", { name: "Edit" }).click();
    await messages(page).getByLabel("New text").fill("The first designs are ready for review");
    await messages(page).getByRole("button", { name: "Save" }).click();
    await expect(message(client.page, "The first designs are ready for review")).toBeVisible({ timeout: 5_000 });
    await expect(message(client.page, "ready for review").getByText("(edited)")).toBeVisible();

    await disclosure(await messageTools(message(page, "ready for review")), "More actions").click();
    await message(page, "ready for review").getByRole("link", { name: "Delete" }).click();
    await page.getByRole("dialog", { name: "Delete message?" }).getByRole("button", { name: "Delete" }).click();
    await expect(message(client.page, "ready for review")).toHaveCount(0, { timeout: 5_000 });
    await expect(message(page, "ready for review")).toHaveCount(0);
    await client.context.close();
  },
);

test(
  "a message typed offline shows Sending…, and is delivered once when back online",
  { tag: "@postgres" },
  async ({ page, browser }) => {
    const client = await liveConversation(page, browser);

    await client.context.setOffline(true);
    await send(client.page, "Written on the train");
    await expect(message(client.page, "Written on the train").getByText("Sending…")).toBeVisible();
    await expect(message(page, "Written on the train")).toHaveCount(0);

    const reconnected = client.page.waitForEvent("websocket");
    await client.context.setOffline(false);
    await reconnected;
    await expect(message(page, "Written on the train")).toHaveCount(1, { timeout: 10_000 });
    await expect(message(client.page, "Written on the train")).toHaveCount(1);
    await expect(client.page.getByText("Sending…")).toHaveCount(0);

    // Stored once: a fresh load shows it once, with nothing left waiting.
    await client.page.reload();
    await expect(message(client.page, "Written on the train")).toHaveCount(1);
    await expect(client.page.getByText("Sending…")).toHaveCount(0);
    await client.context.close();
  },
);

test(
  "the others see who is typing, until they send or empty the box",
  { tag: "@postgres" },
  async ({ page, browser }) => {
    const client = await liveConversation(page, browser);
    const box = client.page.getByLabel("Message", { exact: true });
    const typing = page.getByRole("status").filter({ hasText: "is typing" });

    // Typed again until her page's socket and his are both in the space's room: `openChat` waits
    // for each socket to open, not for its rooms, and a signal sent before then reaches no one.
    await expect(async () => {
      await box.fill("");
      await box.pressSequentially("The logo");
      await expect(typing).toHaveText("Olivia Chen is typing…", { timeout: 2_000 });
    }).toPass();
    // Not to herself.
    await expect(client.page.getByText("is typing…")).toHaveCount(0);
    await box.press("Enter");
    await expect(message(page, "The logo")).toBeVisible();
    await expect(typing).toHaveCount(0);

    await box.pressSequentially("One more");
    await expect(typing).toHaveText("Olivia Chen is typing…");
    await box.fill("");
    await expect(typing).toHaveCount(0);
    await client.context.close();
  },
);

test(
  "a reader scrolled up to earlier messages stays there when one comes in, and can jump to it",
  { tag: "@postgres" },
  async ({ page, browser }) => {
    const client = await liveConversation(page, browser, { earlierMessages: 25 });
    await messages(page).evaluate((element) => element.scrollTo({ top: -element.scrollHeight }));
    const reading = message(page, "Message 3");
    await expect(reading).toBeInViewport();
    const before = await reading.boundingBox();

    await send(client.page, "Are you there?");
    const jump = page.getByRole("button", { name: "Jump to latest" });
    await expect(jump).toBeVisible({ timeout: 5_000 });
    expect((await reading.boundingBox())?.y).toBeCloseTo(before!.y, 0);
    await expect(message(page, "Are you there?")).not.toBeInViewport();

    await jump.click();
    await expect(message(page, "Are you there?")).toBeInViewport();
    await expect(jump).toHaveCount(0);
    await client.context.close();
  },
);
