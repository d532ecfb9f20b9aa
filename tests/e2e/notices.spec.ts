import type { Page } from "@playwright/test";
import {
  createWorld,
  expect,
  expectAccessible,
  runUnreadNotices,
  sendMessages,
  signInAs,
  test,
} from "./support/fixtures";
import { linkIn, readOutbox, waitForMail } from "./support/outbox";

/* Unread-message notices: the job queue mails them, and their link signs in once, for its user only. */

async function clientWithUnreadMessages(page: Page) {
  const world = await createWorld(page, {
    clients: [{ name: "Olivia Chen", company: "Northwind", role: "OWNER" }],
    spaces: [{ name: "Northwind Rebrand", clients: [0] }],
  });
  await sendMessages(page, { spaceId: world.spaces[0].id, senderEmail: world.owner.email, minutesAgo: 10, count: 3 });
  await runUnreadNotices(page);
  return world;
}

test(
  "a client with messages unread for minutes gets one mail, whose link signs them in once and opens the chat",
  { tag: ["@no-js", "@postgres"] },
  async ({ page }) => {
    const world = await clientWithUnreadMessages(page);
    const client = world.clients[0];
    const mail = await waitForMail(client.email, "New messages in Northwind Rebrand");
    expect(mail.text).toContain("You have 3 unread messages in Northwind Rebrand");
    expect(readOutbox().filter((sent) => sent.to === client.email)).toHaveLength(1);
    const link = linkIn(mail, "/conversation-link");

    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Open conversation" })).toBeVisible();
    await expect(page.getByText("New messages are waiting for you in Northwind Rebrand.")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Open conversation" }).click();
    await expect(page).toHaveURL(new RegExp(`/client/chat/${world.spaces[0].id}$`));
    // Signed in as the client: their own settings open.
    await page.goto("/client/settings");
    await expect(page.getByLabel("Email")).toHaveValue(client.email);

    // Once used, the link no longer signs anybody in.
    await page.context().clearCookies();
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
    await page.getByRole("link", { name: "Log in to open the conversation" }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fclient%2Fchat%2F/);

    // Another sweep: they were told already and have not read the space since, so no second mail.
    await runUnreadNotices(page);
    expect(readOutbox().filter((sent) => sent.to === client.email)).toHaveLength(1);
  },
);

test("the link works only for its own user: someone else signed in in the browser is not switched", async ({
  page,
}) => {
  const world = await clientWithUnreadMessages(page);
  const link = linkIn(await waitForMail(world.clients[0].email, "New messages in"), "/conversation-link");
  await signInAs(page, world.owner.email);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "This link is for another account" })).toBeVisible();
  await page.goto("/settings");
  await expect(page.getByLabel("Email")).toHaveValue(world.owner.email);

  // The link is still unused: its own user can open it.
  await page.context().clearCookies();
  await page.goto(link);
  await page.getByRole("button", { name: "Open conversation" }).click();
  await expect(page).toHaveURL(new RegExp(`/client/chat/${world.spaces[0].id}$`));
});

test("no mail when the member turned unread-message notices off", { tag: "@postgres" }, async ({ page }) => {
  const world = await createWorld(page, {
    teamMembers: [{ name: "Maya Patel" }],
    spaces: [{ name: "Quiet Space", teamMembers: [0] }],
  });
  const member = world.teamMembers[0];
  await signInAs(page, member.email);
  await page.goto("/teams/settings/notifications");
  await page.getByLabel("Unread messages").uncheck();
  await page.getByRole("button", { name: "Save Preferences" }).click();
  await expect(page.getByText("Notification preferences saved successfully.")).toBeVisible();

  await sendMessages(page, { spaceId: world.spaces[0].id, senderEmail: world.owner.email, minutesAgo: 10 });
  await runUnreadNotices(page);
  expect(readOutbox().filter((sent) => sent.to === member.email)).toEqual([]);
  // The agency owner sent them, so is not told either; the sweep did run (see the first test).
  expect(readOutbox().filter((sent) => sent.to === world.owner.email)).toEqual([]);
});
