import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import {
  createWorld,
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  expectTitleAndDescription,
  sendMessages,
  signInAs,
  test,
} from "./support/fixtures";

/*
 * Issue 40: the top bar finds messages and files as one types, and /search shows every
 * result, filtered and a page at a time, each opening its chat at that message.
 */

/** A message sent with the chat's form, as the signed-in user, with a text file if given. */
async function post(
  page: Page,
  origin: string,
  spaceId: string,
  content: string,
  file?: { name: string; text: string },
) {
  const response = await page.request.post(`/spaces/${spaceId}`, {
    headers: { Origin: origin },
    multipart: {
      intent: "send",
      clientId: crypto.randomUUID(),
      content,
      ...(file && { file: { name: file.name, mimeType: "text/plain", buffer: Buffer.from(file.text) } }),
    },
  });
  expect(response.ok()).toBe(true);
}

test("the top bar lists the messages and files that match as one types, and opens the chat at one", async ({
  page,
  baseURL,
}) => {
  const world = await createWorld(page, {
    clients: [{ name: "Olivia Chen", company: "Northwind Traders", role: "OWNER" }],
    spaces: [{ name: "Northwind Launch", clients: [0] }],
  });
  const spaceId = world.spaces[0].id;
  await signInAs(page, world.owner.email);
  await post(page, baseURL!, spaceId, "Where is the new mascot drawing?");
  await post(page, baseURL!, spaceId, "Attached, as promised", { name: "northwind-mascot.txt", text: "A quokka\n" });

  await page.goto("/dashboard");
  await page.getByRole("search").getByRole("combobox", { name: "Search" }).fill("mascot");
  const messages = page.getByRole("group", { name: "Messages" });
  const files = page.getByRole("group", { name: "Files" });
  await expect(messages.getByRole("option", { name: /Where is the new mascot drawing/ })).toBeVisible();
  await expect(files.getByRole("option", { name: /northwind-mascot\.txt/ })).toBeVisible();
  await expect(files.getByRole("option", { name: /Grace .* in Northwind Launch/ })).toBeVisible();

  await messages.getByRole("option", { name: /Where is the new mascot drawing/ }).click();
  await expect(page).toHaveURL(new RegExp(`/spaces/${spaceId}\\?message=([\\w-]+)#message-\\1$`));
  await expect(page.getByText("Where is the new mascot drawing?")).toBeVisible();
});

test(
  "the results page filters by sender, pages through the messages and highlights the words",
  { tag: "@no-js" },
  async ({ page }) => {
    const world = await createWorld(page, {
      teamMembers: [{ name: "Maya Patel" }],
      clients: [{ name: "Nora Blake", company: "Northwind Traders", role: "OWNER" }],
      spaces: [{ name: "Northwind Launch", teamMembers: [0], clients: [0] }],
    });
    const spaceId = world.spaces[0].id;
    // "Message 1" to "Message 35" from Nora, then three from Maya, which the filter leaves out.
    const sent = await page.request.post("/e2e/messages", {
      data: { spaceId, senderEmail: world.clients[0].email, minutesAgo: 60, count: 35 },
    });
    const { ids } = (await sent.json()) as { ids: string[] };
    await sendMessages(page, { spaceId, senderEmail: world.teamMembers[0].email, minutesAgo: 30, count: 3 });
    const opens = (id: string) => `/spaces/${spaceId}?message=${id}#message-${id}`;
    await signInAs(page, world.owner.email);

    await page.goto("/search");
    await expect(page.getByText("Type words, or filters like from:Nora, has:file, before:2026-12-01")).toBeVisible();
    const form = page.getByRole("search", { name: "Search and filters" });
    await form.getByLabel("Search for").fill("message");
    await form.getByLabel("From", { exact: true }).fill("Nora");
    await form.getByLabel("Sort").selectOption("newest");
    await form.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\?q=message&.*\bfrom=Nora&sort=newest\b/);
    await expectTitleAndDescription(page, /Search: message/);

    const results = page.getByRole("region", { name: "Messages" });
    const hits = results.getByRole("listitem");
    await expect(hits).toHaveCount(30);
    await expect(results).not.toContainText("Maya Patel");
    const newest = hits.first();
    await expect(newest).toContainText("Nora Blake");
    await expect(newest).toContainText("in Northwind Launch");
    await expect(newest.locator("time")).toHaveCount(1);
    await expect(newest.locator("mark")).toHaveText("Message");
    // Newest first, each opening the chat at its message.
    await expect(newest.getByRole("link")).toHaveAttribute("href", opens(ids[34]));
    // The form shows the search it made.
    await expect(form.getByLabel("From", { exact: true })).toHaveValue("Nora");
    await expectAccessible(page);

    await results.getByRole("link", { name: "Next page of messages" }).click();
    await expect(page).toHaveURL(/[?&]from=Nora&.*page=2#results-messages$/);
    await expect(hits).toHaveCount(5);
    await expect(hits.first().getByRole("link")).toHaveAttribute("href", opens(ids[4]));
    await expect(hits.last().getByRole("link")).toHaveAttribute("href", opens(ids[0]));
    await expect(results.getByRole("link", { name: "Next page of messages" })).toHaveCount(0);
    await expect(results.getByRole("link", { name: "Previous page of messages" })).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);

    // The filters typed in the box do the same.
    await page.goto("/search?q=message+from%3ANora");
    await expect(hits).toHaveCount(30);
    await expect(results).not.toContainText("Maya Patel");
  },
);

test("the results page asks the top bar for no suggestions of the search it shows, only for what one types", async ({
  page,
}) => {
  const world = await createWorld(page, {
    clients: [{ name: "Olivia Chen", company: "Northwind Traders", role: "OWNER" }],
    spaces: [{ name: "Northwind Launch", clients: [0] }],
  });
  await signInAs(page, world.owner.email);
  const asked: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/resources/search")) asked.push(url.searchParams.get("q") ?? "");
  });

  await page.goto("/search?q=northwind");
  await expect(page.getByRole("region", { name: "Spaces" }).getByText("Northwind Launch")).toBeVisible();
  const box = page.getByRole("search").getByRole("combobox", { name: "Search" });
  await expect(box).toHaveValue("northwind");
  await page.waitForLoadState("networkidle");
  expect(asked).toEqual([]);

  await box.fill("olivia");
  await expect(page.getByRole("group", { name: "People" }).getByRole("option", { name: /Olivia Chen/ })).toBeVisible();
  expect(asked).toEqual(["olivia"]);
});
