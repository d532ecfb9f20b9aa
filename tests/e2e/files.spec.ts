import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import {
  createWorld,
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  expectTitleAndDescription,
  messages,
  signInAs,
  test,
} from "./support/fixtures";

/*
 * A space's Files tab, for the agency (/spaces/{id}/files) and its client
 * (/client/chat/{id}/files): the files shared in the chat, filters, and an upload that
 * lands in the chat. With JavaScript and without (@no-js); the live arrival of a file
 * shared from the tab in another person's open chat needs JavaScript.
 */

const fileList = (page: Page) => page.getByRole("list", { name: "Shared files" });
const fileRow = (page: Page, name: string) => fileList(page).getByRole("listitem").filter({ hasText: name });
const spaceTab = (page: Page, name: "Chat" | "Files") =>
  page.getByRole("navigation", { name: "Space" }).getByRole("link", { name });

async function mockup() {
  const buffer = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3366ff" } })
    .png()
    .toBuffer();
  return { name: "mockup.png", mimeType: "image/png", buffer };
}

const brief = {
  name: "brief.txt",
  mimeType: "text/plain",
  buffer: Buffer.from("The launch brief: ship on Friday.\n"),
};

async function shareFromFiles(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByLabel("Share a file").setInputFiles(file);
  await page.getByRole("button", { name: "Upload" }).click();
}

const northwind = {
  clients: [{ name: "Olivia Chen", company: "Northwind Traders", role: "OWNER" as const }],
  spaces: [{ name: "Northwind Launch", clients: [0] }],
};

test(
  "a file shared in the chat is on the Files tab with its name, size and sharer; one uploaded there is in the chat",
  { tag: "@no-js" },
  async ({ page, javaScriptEnabled }) => {
    test.slow(); // Files and chat, back and forth, and axe at two widths.
    const world = await createWorld(page, northwind);
    const space = world.spaces[0];
    await signInAs(page, world.owner.email);
    await page.goto(`/spaces/${space.id}`);
    await spaceTab(page, "Files").click();
    await expect(page).toHaveURL(new RegExp(`/spaces/${space.id}/files$`));
    await expectTitleAndDescription(page, /Files · Northwind Launch/);
    await expect(spaceTab(page, "Files")).toHaveAttribute("aria-current", "page");
    await expect(page.getByText("No files shared yet")).toBeVisible();

    // Shared in the chat, it is in Files.
    await spaceTab(page, "Chat").click();
    await page.getByLabel(/Attach a file/).setInputFiles(brief);
    await page.getByRole("button", { name: "Send" }).click();
    await expect(messages(page).getByRole("link", { name: /brief\.txt/ })).toBeVisible();
    // With JavaScript its toast stays across the next pages until it times out (or for
    // as long as the pointer rests on it): dismissed, so that the upload's below is the only one.
    const sent = page.getByRole("region", { name: "Notifications" }).getByText("File uploaded successfully");
    await expect(sent).toBeVisible();
    if (javaScriptEnabled) {
      await page.getByRole("button", { name: "Dismiss notification" }).click();
      await expect(sent).toHaveCount(0);
    }
    await spaceTab(page, "Files").click();
    await expect(fileRow(page, "brief.txt")).toContainText("Text file · 34 B");
    await expect(fileRow(page, "brief.txt")).toContainText("Shared by Grace Owner");
    await expect(page.getByText("Showing 1 of 1 file")).toBeVisible();

    // A file of a type the chat does not take is refused on the page, and nothing is shared.
    await shareFromFiles(page, {
      name: "tool.exe",
      mimeType: "application/octet-stream",
      buffer: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]),
    });
    await expect(page.getByText("Please upload an image, PDF, Word document or text file.")).toBeVisible();
    await expect(fileList(page).getByRole("listitem")).toHaveCount(1);

    // Uploaded from Files: first in the list, with its preview, and in the chat.
    await shareFromFiles(page, await mockup());
    await expect(page.getByText("File uploaded successfully")).toBeVisible();
    await expect(fileList(page).getByRole("listitem").first()).toContainText("mockup.png");
    await expect(fileRow(page, "mockup.png")).toContainText("PNG image");
    const preview = fileRow(page, "mockup.png").getByRole("img", { name: "Preview of mockup.png" });
    await expect(preview).toBeVisible();
    // Laid out before its bytes arrive: wait until it has decoded.
    await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(64);
    await expect(page.getByText("Showing 1–2 of 2 files")).toBeVisible();
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);

    await spaceTab(page, "Chat").click();
    await expect(messages(page).getByRole("img", { name: "mockup.png" })).toBeVisible();
  },
);

test(
  "the client's Files tab: filters, a search by name, downloads; nobody outside the space gets them",
  { tag: "@no-js" },
  async ({ page }) => {
    test.slow(); // Two uploads, the filters, and axe.
    const world = await createWorld(page, northwind);
    const space = world.spaces[0];
    await signInAs(page, world.clients[0].email);
    await page.goto(`/client/chat/${space.id}`);
    await spaceTab(page, "Files").click();
    await expect(page).toHaveURL(new RegExp(`/client/chat/${space.id}/files$`));
    await expectTitleAndDescription(page, /Files · Northwind Launch/);
    await shareFromFiles(page, brief);
    await expect(page.getByText("File uploaded successfully")).toBeVisible();
    await shareFromFiles(page, await mockup());
    await expect(page.getByText("Showing 1–2 of 2 files")).toBeVisible();
    await expect(fileRow(page, "brief.txt")).toContainText("Shared by Olivia Chen");

    // Filters and the search by name are links and a GET form.
    await page.getByRole("link", { name: "Images" }).click();
    await expect(page.getByText("Showing 1 of 1 image")).toBeVisible();
    await expect(fileRow(page, "brief.txt")).toHaveCount(0);
    await page.getByRole("link", { name: "Documents" }).click();
    await expect(page.getByText("Showing 1 of 1 document")).toBeVisible();
    await expect(fileRow(page, "mockup.png")).toHaveCount(0);
    await page.getByRole("link", { name: "All files" }).click();
    // The search form carries the filter shown: search once the page shows every file again.
    await expect(page.getByText("Showing 1–2 of 2 files")).toBeVisible();
    await page.getByLabel("Search files by name").fill("brief");
    await page.getByLabel("Search files by name").press("Enter");
    await expect(page.getByText("Showing 1 of 1 file matching “brief”")).toBeVisible();
    await page.getByLabel("Search files by name").fill("nothing like this");
    await page.getByLabel("Search files by name").press("Enter");
    await expect(page.getByText("No files match")).toBeVisible();
    await page.getByRole("link", { name: "Show all files" }).click();
    await expect(page.getByText("Showing 1–2 of 2 files")).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);

    const href = (await page.getByRole("link", { name: "Download brief.txt" }).getAttribute("href")) ?? "";
    const download = await page.request.get(href);
    expect(download.status()).toBe(200);
    expect(await download.text()).toBe("The launch brief: ship on Friday.\n");

    // The chat has it too; someone outside the space gets neither the list nor the file.
    await spaceTab(page, "Chat").click();
    await expect(messages(page).getByRole("link", { name: /brief\.txt/ })).toBeVisible();
    const outsider = await createWorld(page);
    await page.context().clearCookies();
    await signInAs(page, outsider.owner.email);
    expect((await page.request.get(`/spaces/${space.id}/files`)).status()).toBe(404);
    expect((await page.request.get(href)).status()).toBe(404);
  },
);

// Not @no-js: without JavaScript there is no live chat to watch.
test("a file shared from the Files tab arrives live in the open chat of the space", async ({ page, browser }) => {
  test.slow(); // Two browsers, one with a live socket.
  const world = await createWorld(page, northwind);
  const spaceId = world.spaces[0].id;
  await signInAs(page, world.owner.email);
  const socket = page.waitForEvent("websocket");
  await page.goto(`/spaces/${spaceId}`);
  await socket;

  const client = await browser.newContext();
  const clientPage = await client.newPage();
  const [a, b] = crypto.randomBytes(2);
  await clientPage.setExtraHTTPHeaders({ "X-Forwarded-For": `203.0.${a}.${b}` });
  await signInAs(clientPage, world.clients[0].email);
  await clientPage.goto(`/client/chat/${spaceId}/files`);
  await shareFromFiles(clientPage, brief);
  await expect(clientPage.getByText("File uploaded successfully")).toBeVisible();
  await expect(fileRow(clientPage, "brief.txt")).toContainText("Shared by Olivia Chen");

  const arrived = messages(page).getByRole("listitem").filter({ hasText: "brief.txt" });
  await expect(arrived).toBeVisible({ timeout: 5_000 });
  await expect(arrived).toContainText("Olivia Chen");
  await client.close();
});

// Not @no-js: without JavaScript the browser sends the file, and the server refuses it (as in the chat).
test("a file over 10MB is refused on the Files tab before it is sent", async ({ page }) => {
  test.slow(); // Ten megabytes into the file input.
  const world = await createWorld(page, northwind);
  await signInAs(page, world.owner.email);
  await page.goto(`/spaces/${world.spaces[0].id}/files`);
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await shareFromFiles(page, {
    name: "film.txt",
    mimeType: "text/plain",
    buffer: Buffer.alloc(10 * 1024 * 1024 + 1, "a"),
  });
  await expect(page.getByText("Please upload a file smaller than 10MB.")).toBeVisible();
  await expect(page.getByLabel("Share a file")).toHaveAttribute("aria-invalid", "true");
  expect(posts).toEqual([]);
  await expect(page.getByText("No files shared yet")).toBeVisible();
});
