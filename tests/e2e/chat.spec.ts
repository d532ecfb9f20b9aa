import type { Locator, Page } from "@playwright/test";
import {
  bubble,
  createWorld,
  disclosure,
  expect,
  expectAccessible,
  expectTitleAndDescription,
  messages,
  messageTools,
  sendMessages,
  signInAs,
  test,
} from "./support/fixtures";

/*
 * The chat of a space, with JavaScript (optimistic sends, uploads with progress,
 * reactions in place) and, for the tests tagged @no-js, without (plain forms that come
 * back to the latest messages). The live updates between two browsers are
 * tests/e2e/chat-live.spec.ts.
 */

/** The messages of the log, without the day separators between them. */
const messageItems = (page: Page) => messages(page).locator("li[id^='message-']");

/** Opens a message's Add reaction or More actions (a disclosure, with or without JavaScript). */
async function openMenu(item: Locator, label: "Add reaction" | "More actions") {
  await messageTools(item);
  await disclosure(item, label).click();
}

const javaScript = () => test.info().project.use.javaScriptEnabled !== false;

async function send(page: Page, text: string) {
  await page.getByLabel("Message", { exact: true }).fill(text);
  await page.getByRole("button", { name: "Send" }).click();
}

test(
  "an agency and its client converse: text, a file, a reaction, an edit, a delete",
  { tag: ["@no-js", "@postgres"] },
  async ({ page, browser }) => {
    test.slow(); // A whole conversation, in two browsers.
    const world = await createWorld(page, {
      clients: [{ name: "Olivia Chen", company: "Northwind Traders", role: "OWNER" }],
      spaces: [{ name: "Northwind Launch", clients: [0] }],
    });
    const space = world.spaces[0];
    await signInAs(page, world.owner.email);
    await page.goto(`/spaces/${space.id}`);
    await expectTitleAndDescription(page, /Northwind Launch/);
    await expect(page.getByText("No messages yet")).toBeVisible();
    await expectAccessible(page);

    // Empty text is not sent.
    await send(page, "   ");
    await expect(page.getByText("Message cannot be empty.")).toBeVisible();

    await send(page, "Hello Olivia, welcome to the space");
    await expect(bubble(page, "Hello Olivia, welcome to the space")).toBeVisible();
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue("");

    // A file: shown as a link with its name and size, downloadable by members only.
    await page.getByLabel(/Attach a file/).setInputFiles({
      name: "brief.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("The launch brief: ship on Friday.\n"),
    });
    await page.getByRole("button", { name: "Send" }).click();
    const fileLink = messages(page).getByRole("link", { name: /brief\.txt/ });
    await expect(fileLink).toBeVisible();
    await expect(fileLink).toContainText("34 B");
    await expect(page.getByText("File uploaded successfully")).toBeVisible();
    const href = (await fileLink.getAttribute("href")) ?? "";
    const download = await page.request.get(href);
    expect(download.status()).toBe(200);
    expect(await download.text()).toBe("The launch brief: ship on Friday.\n");

    // A message shows only the reactions it has; the four are offered by Add reaction.
    const greeting = bubble(page, "Hello Olivia, welcome to the space");
    await expect(greeting.getByRole("button", { name: /^Thumbs up/ })).toHaveCount(0);
    await openMenu(greeting, "Add reaction");
    await greeting.getByRole("button", { name: "Thumbs up", exact: true }).click();
    const thumbsUp = greeting.getByRole("button", { name: "Thumbs up (1)" });
    await expect(thumbsUp).toHaveAttribute("aria-pressed", "true");
    await expect(thumbsUp).toHaveAccessibleDescription("You");
    await expect(greeting.getByRole("button", { name: /^Heart/ })).toHaveCount(0);
    // Taken back, it is gone; given again, it stays for the client to see.
    await thumbsUp.click();
    await expect(greeting.getByRole("button", { name: /^Thumbs up/ })).toHaveCount(0);
    await openMenu(greeting, "Add reaction");
    await greeting.getByRole("button", { name: "Thumbs up", exact: true }).click();
    await expect(thumbsUp).toBeVisible();

    // Edit, then delete one's own message, from its More actions menu; a delete asks first.
    await openMenu(greeting, "More actions");
    await greeting.getByRole("link", { name: "Edit" }).click();
    await messages(page).getByLabel("New text").fill("Hello Olivia, welcome aboard");
    await messages(page).getByRole("button", { name: "Save" }).click();
    const edited = bubble(page, "Hello Olivia, welcome aboard");
    await expect(edited).toBeVisible();
    await expect(edited.getByText("(edited)")).toBeVisible();
    await expect(page.getByText("Message updated successfully")).toBeVisible();

    await send(page, "A typo to remove");
    await openMenu(bubble(page, "A typo to remove"), "More actions");
    await bubble(page, "A typo to remove").getByRole("link", { name: "Delete" }).click();
    // With JavaScript a dialog asks; without it the page does, in the message.
    const question = page.getByRole(javaScript() ? "dialog" : "group", { name: "Delete message?" });
    await expect(question).toContainText("It will be removed from the chat for everyone in this space.");
    await question.getByRole("button", { name: "Delete" }).click();
    await expect(bubble(page, "A typo to remove")).toHaveCount(0);
    await expect(page.getByText("Message deleted successfully")).toBeVisible();
    await expect(edited).toBeVisible();

    // Search within the space.
    await page.getByLabel("Search messages").fill("aboard");
    await page.getByLabel("Search messages").press("Enter");
    await expect(page.getByText(/1 message matching .aboard./)).toBeVisible();
    await page.getByLabel("Search messages").fill("nothing like this");
    await page.getByLabel("Search messages").press("Enter");
    await expect(page.getByText("No messages found matching your search")).toBeVisible();

    // The client sees it all in their own chat and answers; the agency sees them among the readers.
    const client = await browser.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled });
    const clientPage = await client.newPage();
    await signInAs(clientPage, world.clients[0].email);
    await clientPage.goto(`/client/chat/${space.id}`);
    await expectTitleAndDescription(clientPage, /Northwind Launch/);
    await expect(bubble(clientPage, "Hello Olivia, welcome aboard")).toBeVisible();
    // The sender's name (the reaction's tooltip names them too).
    await expect(bubble(clientPage, "Hello Olivia, welcome aboard").getByText("Grace Owner").first()).toBeVisible();
    await expect(
      bubble(clientPage, "Hello Olivia, welcome aboard").getByRole("button", { name: "Thumbs up (1)" }),
    ).toHaveAccessibleDescription("Grace Owner");
    await expect(messages(clientPage).getByRole("link", { name: /brief\.txt/ })).toBeVisible();
    await expect(clientPage.getByText("A typo to remove")).toHaveCount(0);
    await send(clientPage, "Thank you!");
    await expect(bubble(clientPage, "Thank you!")).toBeVisible();
    await expectAccessible(clientPage);

    // Someone outside the space gets nothing, not even the file.
    const outsider = await createWorld(clientPage);
    await signInAs(clientPage, outsider.owner.email);
    expect((await clientPage.request.get(href)).status()).toBe(404);
    expect((await clientPage.request.get(`/spaces/${space.id}`)).status()).toBe(404);
    await client.close();

    await page.goto(`/spaces/${space.id}`);
    await expect(bubble(page, "Thank you!")).toBeVisible();
    await expect(edited.getByRole("img", { name: "Read by Olivia Chen" })).toBeVisible();
  },
);

test("a file of a refused type is not sent, and says why", { tag: "@no-js" }, async ({ page }) => {
  const world = await createWorld(page, {
    clients: [{ name: "Olivia Chen", company: "Northwind Traders", role: "OWNER" }],
    spaces: [{ name: "Northwind Launch", clients: [0] }],
  });
  await signInAs(page, world.owner.email);
  await page.goto(`/spaces/${world.spaces[0].id}`);
  await page.getByLabel(/Attach a file/).setInputFiles({
    name: "tool.exe",
    mimeType: "application/octet-stream",
    buffer: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]),
  });
  await page.getByLabel("Message", { exact: true }).fill("Here is the tool");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Please upload an image, PDF, Word document or text file.").first()).toBeVisible();
  await expect(messages(page).getByRole("link", { name: /tool\.exe/ })).toHaveCount(0);
  if (test.info().project.use.javaScriptEnabled !== false) {
    // With JavaScript the refusal's toast comes too, under its own title.
    await expect(page.getByRole("alert").filter({ hasText: "Invalid file type" })).toBeVisible();
  }
});

// Not @no-js: without JavaScript the page answers the post itself (the test above).
test("a file too large, or one whose upload fails, says so in a toast and beside the message", async ({ page }) => {
  const world = await createWorld(page, {
    clients: [{ name: "Olivia Chen", company: "Northwind Traders", role: "OWNER" }],
    spaces: [{ name: "Northwind Launch", clients: [0] }],
  });
  await signInAs(page, world.owner.email);
  await page.goto(`/spaces/${world.spaces[0].id}`);
  const toast = (title: string) =>
    page.getByRole("region", { name: "Notifications" }).getByRole("alert").filter({ hasText: title });

  await page.getByLabel(/Attach a file/).setInputFiles({
    name: "film.txt",
    mimeType: "text/plain",
    buffer: Buffer.alloc(10 * 1024 * 1024 + 1, "a"),
  });
  await page.getByRole("button", { name: "Send" }).click();
  await expect(toast("File too large")).toContainText("Please upload a file smaller than 10MB.");
  const failed = messages(page).getByRole("listitem").filter({ hasText: "film.txt" });
  await expect(failed.getByRole("alert")).toContainText("Please upload a file smaller than 10MB.");
  await failed.getByRole("button", { name: "Discard" }).click();
  await expect(failed).toHaveCount(0);

  await page.route("**/resources/chat/**", (route) => route.abort());
  await page.getByLabel(/Attach a file/).setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("Notes\n"),
  });
  await page.getByRole("button", { name: "Send" }).click();
  await expect(toast("Upload failed")).toContainText("Could not upload file. Please try again.");
  await expect(messages(page).getByRole("listitem").filter({ hasText: "notes.txt" }).getByRole("alert")).toContainText(
    "Failed to send file. Please try again.",
  );
});

test(
  "a chat opens at its latest message, and older ones come a page at a time",
  { tag: "@no-js" },
  async ({ page }) => {
    const world = await createWorld(page, {
      clients: [{ name: "Olivia Chen", company: "Northwind Traders", role: "OWNER" }],
      spaces: [{ name: "Northwind Launch", clients: [0] }],
    });
    const response = await page.request.post("/e2e/messages", {
      data: { spaceId: world.spaces[0].id, senderEmail: world.clients[0].email, minutesAgo: 30, count: 40 },
    });
    expect(response.ok()).toBe(true);
    await signInAs(page, world.owner.email);
    await page.goto(`/spaces/${world.spaces[0].id}`);
    await expect(messageItems(page)).toHaveCount(30);
    // The chat opens at its latest message, with JavaScript and without.
    await expect(bubble(page, "Message 40")).toBeInViewport();
    if (test.info().project.use.javaScriptEnabled === false) {
      await page.getByRole("link", { name: "Older messages" }).click();
      await expect(messageItems(page)).toHaveCount(10);
      await expect(page.getByRole("link", { name: "Latest messages" })).toBeVisible();
    } else {
      // Scrolling to the top is enough for older ones.
      await expect(async () => {
        await messages(page).evaluate((element) => element.scrollTo({ top: -element.scrollHeight }));
        await expect(messageItems(page)).toHaveCount(40, { timeout: 1000 });
      }).toPass();
      await expect(page.getByRole("link", { name: "Older messages" })).toHaveCount(0);
      // What one sends shows at once, scrolled into view, even from up there.
      await send(page, "Back at the bottom");
      await expect(bubble(page, "Back at the bottom")).toBeInViewport();
    }
  },
);

test(
  "unread messages show on the chat list and behind the bell until the chat is opened, at phone width too",
  { tag: "@no-js" },
  async ({ page }) => {
    const world = await createWorld(page, {
      clients: [{ name: "Olivia Chen", company: "Northwind Traders", role: "OWNER" }],
      spaces: [{ name: "Northwind Launch", clients: [0] }],
    });
    const space = world.spaces[0];
    const response = await page.request.post("/e2e/messages", {
      data: { spaceId: space.id, senderEmail: world.owner.email, minutesAgo: 1, count: 2 },
    });
    expect(response.ok()).toBe(true);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, world.clients[0].email);
    await page.goto("/client/chat");
    await expect(page.getByRole("heading", { name: /Northwind Launch/ }).getByText("2 unread messages")).toBeAttached();
    if (test.info().project.use.javaScriptEnabled === false) {
      await page.getByRole("link", { name: "Enter Chat: Northwind Launch" }).click();
    } else {
      await page.locator("summary", { hasText: "Notifications (1 new)" }).click();
      await page.getByRole("link", { name: "2 unread messages in Northwind Launch" }).click();
    }
    await expect(page).toHaveURL(new RegExp(`/client/chat/${space.id}$`));
    await expect(bubble(page, "Message 2")).toBeVisible();
    await expectAccessible(page);

    await page.goto("/client/chat");
    await expect(page.getByText("2 unread messages")).toHaveCount(0);
    await expect(page.locator("summary", { hasText: /^Notifications$/ })).toBeAttached();
  },
);

// Not @no-js: without JavaScript there is no hover card.
test("resting on a sender's name opens their card after a moment", async ({ page }) => {
  const world = await createWorld(page, {
    clients: [{ name: "Olivia Chen", company: "Northwind Traders", role: "OWNER" }],
    spaces: [{ name: "Northwind Launch", clients: [0] }],
  });
  await page.request.post("/e2e/messages", {
    data: { spaceId: world.spaces[0].id, senderEmail: world.clients[0].email, minutesAgo: 1 },
  });
  await signInAs(page, world.owner.email);
  await page.goto(`/spaces/${world.spaces[0].id}`);
  await bubble(page, "Message 1").getByText("Olivia Chen").hover();
  await expect(page.getByRole("tooltip")).toContainText("Olivia Chen");
  await page.mouse.move(0, 0);
  await expect(page.getByRole("tooltip")).toHaveCount(0);
});

test("a chat left open over midnight turns its Today into Yesterday, and its times into dates", async ({ page }) => {
  const world = await createWorld(page, {
    clients: [{ name: "Olivia Chen", company: "Northwind Traders", role: "OWNER" }],
    spaces: [{ name: "Northwind Launch", clients: [0] }],
  });
  // Sent now: a message of a minute ago is yesterday's in the first minute after midnight.
  await sendMessages(page, { spaceId: world.spaces[0].id, senderEmail: world.clients[0].email, minutesAgo: 0 });
  await page.clock.install();
  await signInAs(page, world.owner.email);
  await page.goto(`/spaces/${world.spaces[0].id}`);
  const time = bubble(page, "Message 1").locator("time");
  await expect(messages(page).getByText("Today", { exact: true })).toBeVisible();
  await expect(time).toHaveText(/^\d\d:\d\d [AP]M$/);

  await page.clock.fastForward("24:00:00");
  await expect(messages(page).getByText("Yesterday", { exact: true })).toBeVisible();
  await expect(time).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d\d:\d\d [AP]M$/);
});

test("on a phone the chat fits the screen, its message box above the browser's toolbar", async ({ page }) => {
  const world = await createWorld(page, {
    clients: [{ name: "Olivia Chen", company: "Northwind Traders", role: "OWNER" }],
    spaces: [{ name: "Northwind Launch", clients: [0] }],
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, world.clients[0].email);
  await page.goto(`/client/chat/${world.spaces[0].id}`);
  // The chat is as tall as the dynamic viewport (the part the toolbar leaves) less 240px.
  const heights = await page.getByRole("region", { name: "Chat" }).evaluate((card) => {
    const probe = document.createElement("div");
    probe.style.height = "100dvh";
    document.body.append(probe);
    const dynamic = probe.getBoundingClientRect().height;
    probe.remove();
    return { card: card.getBoundingClientRect().height, dynamic };
  });
  expect(heights.card).toBe(heights.dynamic - 240);
  await expect(page.getByLabel("Message", { exact: true })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole("button", { name: "Send" })).toBeInViewport({ ratio: 1 });
});

test.describe("on a touch screen", () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test("a message's tools are a tap away: Message actions shows without a hover, and a tap draws them", async ({
    page,
  }) => {
    const world = await createWorld(page, {
      clients: [{ name: "Olivia Chen", company: "Northwind Traders", role: "OWNER" }],
      spaces: [{ name: "Northwind Launch", clients: [0] }],
    });
    await signInAs(page, world.clients[0].email);
    await page.goto(`/client/chat/${world.spaces[0].id}`);
    await send(page, "Morning! The copy is attached");
    const morning = bubble(page, "Morning! The copy is attached");
    const actions = morning.getByRole("link", { name: "Message actions" });
    await expect(actions).toHaveCSS("opacity", "1");
    await expect(morning.getByRole("link", { name: "Reply" })).toHaveCount(0);

    await actions.tap();
    const addReaction = disclosure(morning, "Add reaction");
    await expect(addReaction).toBeFocused();
    await expect(morning.getByRole("link", { name: "Reply" }).locator("..")).toHaveCSS("opacity", "1");
    await addReaction.tap();
    await morning.getByRole("button", { name: "Heart", exact: true }).tap();
    await expect(morning.getByRole("button", { name: "Heart (1)" })).toHaveAttribute("aria-pressed", "true");
    await expectAccessible(page);
  });
});

test(
  "the message box counts its last thousand characters down; Refresh is offered only without JavaScript",
  { tag: "@no-js" },
  async ({ page }) => {
    const world = await createWorld(page, {
      clients: [{ name: "Olivia Chen", company: "Northwind Traders", role: "OWNER" }],
      spaces: [{ name: "Northwind Launch", clients: [0] }],
    });
    await signInAs(page, world.owner.email);
    await page.goto(`/spaces/${world.spaces[0].id}`);
    const box = page.getByLabel("Message", { exact: true });
    await expect(box).toHaveAttribute("maxlength", "10000");
    if (test.info().project.use.javaScriptEnabled === false) {
      await page.getByRole("link", { name: "Refresh" }).click();
      await expect(page).toHaveURL(new RegExp(`/spaces/${world.spaces[0].id}$`));
      return;
    }
    // Live with JavaScript: nothing to refresh.
    await expect(page.getByRole("link", { name: "Refresh" })).toHaveCount(0);
    await box.fill("a".repeat(8_999));
    await expect(page.getByText(/characters? left/)).toHaveCount(0);
    await box.press("a");
    const counter = page.getByText("1,000 characters left");
    await expect(counter).toBeVisible();
    await expect(counter).toHaveAttribute("aria-live", "polite");
    await box.fill("a".repeat(10_000));
    await expect(page.getByText("0 characters left")).toBeVisible();
    await box.press("a");
    await expect(box).toHaveValue("a".repeat(10_000));
    await expectAccessible(page);
  },
);

test("a sender's messages in a row show their name and avatar once", async ({ page }) => {
  const world = await createWorld(page, {
    clients: [{ name: "Olivia Chen", company: "Northwind Traders", role: "OWNER" }],
    spaces: [{ name: "Northwind Launch", clients: [0] }],
  });
  const spaceId = world.spaces[0].id;
  await sendMessages(page, { spaceId, senderEmail: world.clients[0].email, minutesAgo: 30, count: 2 });
  await sendMessages(page, { spaceId, senderEmail: world.clients[0].email, minutesAgo: 10 });
  await signInAs(page, world.owner.email);
  await page.goto(`/spaces/${spaceId}`);
  // The messages, not the day separator above them.
  const items = messageItems(page);
  await expect(items).toHaveCount(3);
  // The avatar (Olivia's initials) opens each group; the name is still read out with every message.
  const avatar = (index: number) => items.nth(index).getByText("OC", { exact: true });
  await expect(avatar(0)).toBeVisible();
  await expect(avatar(1)).toHaveCount(0);
  await expect(items.nth(1).getByText("Olivia Chen")).toBeAttached();
  // Twenty minutes later is a new group.
  await expect(avatar(2)).toBeVisible();

  // What one sends now groups the same way, as it arrives.
  await send(page, "Thanks Olivia");
  await send(page, "Looking at it now");
  await expect(bubble(page, "Looking at it now")).toBeVisible();
  await expect(bubble(page, "Thanks Olivia").getByText("GO", { exact: true })).toBeVisible();
  await expect(bubble(page, "Looking at it now").getByText("GO", { exact: true })).toHaveCount(0);
  await expectAccessible(page);
});

test("reactions and a message's actions are offered on hover or focus, and work from the keyboard", async ({
  page,
}) => {
  const world = await createWorld(page, {
    clients: [{ name: "Olivia Chen", company: "Northwind Traders", role: "OWNER" }],
    spaces: [{ name: "Northwind Launch", clients: [0] }],
  });
  await signInAs(page, world.owner.email);
  await page.goto(`/spaces/${world.spaces[0].id}`);
  await send(page, "The plan for Monday");
  await send(page, "The plan for Tuesday");
  const plan = bubble(page, "The plan for Monday");
  const addReaction = disclosure(plan, "Add reaction");
  const moreActions = disclosure(plan, "More actions");
  const tools = plan.getByRole("link", { name: "Reply" }).locator("..");

  // Out of sight until the message is hovered or focused: one Message actions link, and
  // the tools drawn as the pointer or the focus arrives.
  const tuesday = bubble(page, "The plan for Tuesday");
  await page.mouse.move(0, 0);
  await expect(tuesday.getByRole("link", { name: "Message actions" })).toHaveCSS("opacity", "0");
  await expect(tuesday.getByRole("link", { name: "Reply" })).toHaveCount(0);
  await tuesday.hover();
  await expect(tuesday.getByRole("link", { name: "Reply" }).locator("..")).toHaveCSS("opacity", "1");
  await page.mouse.move(0, 0);
  await expect(tuesday.getByRole("link", { name: "Reply" }).locator("..")).toHaveCSS("opacity", "0");
  // From the keyboard: the focus on Message actions draws them and goes to the first.
  await plan.getByRole("link", { name: "Message actions" }).focus();
  await expect(addReaction).toBeFocused();
  await expect(tools).toHaveCSS("opacity", "1");
  await expect(plan.getByRole("link", { name: "Message actions" })).toHaveCount(0);

  // Open, choose with the keyboard: the picker closes and the focus is back on its button.
  await page.keyboard.press("Enter");
  await expect(plan.getByRole("button", { name: "Smile", exact: true })).toBeVisible();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(plan.getByRole("button", { name: "Heart", exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(plan.getByRole("button", { name: "Heart (1)" })).toHaveAttribute("aria-pressed", "true");
  await expect(plan.getByRole("button", { name: "Smile", exact: true })).toBeHidden();
  await expect(addReaction).toBeFocused();
  // Escape closes it too.
  await page.keyboard.press("Enter");
  await expect(plan.getByRole("button", { name: "Smile", exact: true })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(plan.getByRole("button", { name: "Smile", exact: true })).toBeHidden();
  await expect(addReaction).toBeFocused();

  // Delete asks in a dialog: Escape keeps the message and returns to its menu.
  await moreActions.focus();
  await page.keyboard.press("Enter");
  await expect(plan.getByRole("link", { name: "Edit" })).toBeVisible();
  await plan.getByRole("link", { name: "Delete" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Delete message?" });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(moreActions).toBeFocused();
  await expect(plan).toBeVisible();

  // Edit in place: Escape leaves the text as it was.
  await page.keyboard.press("Enter");
  await plan.getByRole("link", { name: "Edit" }).click();
  await expect(messages(page).getByLabel("New text")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(messages(page).getByLabel("New text")).toHaveCount(0);
  await expect(plan).toBeVisible();
  await expect(moreActions).toBeFocused();
  await expectAccessible(page);
});

test(
  "a reply quotes its original, whose quote leads back to it, from an older page too",
  { tag: "@no-js" },
  async ({ page }) => {
    test.slow(); // Sixty messages, older pages loaded twice.
    const world = await createWorld(page, {
      clients: [{ name: "Olivia Chen", company: "Northwind Traders", role: "OWNER" }],
      spaces: [{ name: "Northwind Launch", clients: [0] }],
    });
    const spaceId = world.spaces[0].id;
    await sendMessages(page, { spaceId, senderEmail: world.clients[0].email, minutesAgo: 30, count: 60 });
    await signInAs(page, world.owner.email);
    await page.goto(`/spaces/${spaceId}`);
    const quoted = (text: string) => page.getByRole("link", { name: `Olivia Chen wrote: ${text}` });

    await messageTools(bubble(page, "Message 55"));
    await bubble(page, "Message 55").getByRole("link", { name: "Reply" }).click();
    await expect(page.getByText("Replying to Olivia Chen")).toBeVisible();
    await expectAccessible(page);
    // Refused (empty), the reply keeps its quote, with and without JavaScript.
    await send(page, "   ");
    await expect(page.getByText("Message cannot be empty.")).toBeVisible();
    await expect(page.getByText("Replying to Olivia Chen")).toBeVisible();
    await send(page, "On it");
    await expect(bubble(page, "On it").getByRole("link", { name: "Olivia Chen wrote: Message 55" })).toBeVisible();
    await expect(page.getByText("Replying to Olivia Chen")).toHaveCount(0);
    if (!javaScript()) return;

    // An original on an older page: the quote loads older pages until it is there, and shows it.
    await expect(async () => {
      await messages(page).evaluate((element) => element.scrollTo({ top: -element.scrollHeight }));
      await expect(messageItems(page)).toHaveCount(61, { timeout: 1000 });
    }).toPass();
    await messageTools(bubble(page, "Message 1"));
    await bubble(page, "Message 1").getByRole("link", { name: "Reply" }).click();
    await send(page, "And this one");
    await expect(quoted("Message 1")).toBeVisible();
    await page.reload();
    await expect(messageItems(page)).toHaveCount(30);
    await quoted("Message 1").click();
    // The message itself, not the reply that quotes it.
    const original = messageItems(page).filter({
      has: page.getByRole("paragraph").getByText("Message 1", { exact: true }),
    });
    await expect(original).toBeFocused();
    await expect(original).toBeInViewport();
  },
);
