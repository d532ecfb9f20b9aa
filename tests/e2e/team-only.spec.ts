import type { Page } from "@playwright/test";
import {
  bubble,
  createWorld,
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  expectTitleAndDescription,
  messageTools,
  signInAs,
  test,
} from "./support/fixtures";

/*
 * Issue 38: a space's team-only side. The agency talks about the client's work beside the
 * client chat, and shares what the client should see; the client sees the shared message
 * and nothing else of it. With JavaScript and, tagged @no-js, without.
 */

async function send(page: Page, text: string) {
  await page.getByLabel("Message", { exact: true }).fill(text);
  await page.getByRole("button", { name: "Send" }).click();
  await expect(bubble(page, text)).toBeVisible();
}

test(
  "the agency talks on the Team only side and shares one message; the client sees only that one",
  { tag: ["@no-js"] },
  async ({ page, browser }) => {
    const world = await createWorld(page, {
      clients: [{ name: "Olivia Chen", company: "Northwind Traders", role: "OWNER" }],
      spaces: [{ name: "Northwind Launch", clients: [0], owner: 0 }],
    });
    const space = world.spaces[0];
    await signInAs(page, world.owner.email);
    await page.goto(`/spaces/${space.id}`);
    const sides = page.getByRole("navigation", { name: "Chat sides" });
    await expect(sides.getByRole("link", { name: "Client chat" })).toHaveAttribute("aria-current", "page");

    await sides.getByRole("link", { name: "Team only" }).click();
    await expectTitleAndDescription(page, /^Team only · Northwind Launch/);
    await expect(sides.getByRole("link", { name: "Team only" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByText("Only your team sees this")).toBeVisible();
    const teamPath = new URL(page.url()).pathname;
    expect(teamPath).not.toBe(`/spaces/${space.id}`);
    await send(page, "Their logo file is low-res, I'll ask");
    await send(page, "The launch moves to Friday");
    await expectAccessible(page);

    // Share with client: a confirmation that shows exactly what the client will see.
    await (
      await messageTools(bubble(page, "The launch moves to Friday"))
    )
      .getByRole("link", { name: "Share with client" })
      .click();
    const confirmation = page.getByRole("region", { name: "Share with client?" });
    await expect(confirmation.getByRole("blockquote")).toHaveText("The launch moves to Friday");
    await expectAccessible(page);
    await confirmation.getByRole("button", { name: "Share with client" }).click();
    await expect(page.getByText("Shared with the client: it is in the client chat now.")).toBeVisible();
    await expect(confirmation).toHaveCount(0);

    await sides.getByRole("link", { name: "Client chat" }).click();
    await expect(bubble(page, "The launch moves to Friday")).toBeVisible();
    await expect(bubble(page, "Their logo file is low-res, I'll ask")).toHaveCount(0);

    // The client: the shared message, nothing of the team side, and its address is no page of theirs.
    const client = await browser.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled });
    const clientPage = await client.newPage();
    await signInAs(clientPage, world.clients[0].email);
    await clientPage.goto(`/client/chat/${space.id}`);
    await expect(bubble(clientPage, "The launch moves to Friday")).toBeVisible();
    await expect(clientPage.getByText("low-res")).toHaveCount(0);
    await expect(clientPage.getByText("Team only")).toHaveCount(0);
    await expect(clientPage.getByText("Only your team sees this")).toHaveCount(0);
    const teamSideId = teamPath.split("/").at(-1);
    const refused = await clientPage.goto(`/client/chat/${teamSideId}`);
    expect(refused?.status()).toBe(404);
    await expect(clientPage.getByText("Space not found")).toBeVisible();
    await client.close();
  },
);

test("at a phone's width, a teammate's team-only message shows at once as unread on the Team only tab", async ({
  page,
  browser,
}) => {
  const world = await createWorld(page, {
    teamMembers: [{ name: "Dana Designer" }],
    clients: [{ name: "Olivia Chen", company: "Northwind Traders", role: "OWNER" }],
    spaces: [{ name: "Northwind Launch", teamMembers: [0], clients: [0], owner: 0 }],
  });
  const space = world.spaces[0];
  await signInAs(page, world.owner.email);
  await page.setViewportSize({ width: 390, height: 844 });
  // Live once its socket is in its rooms (the chat's first sync is answered): what came before, the page's count holds.
  const connected = new Promise<void>((resolve) =>
    page.on("websocket", (socket) =>
      socket.on("framereceived", (frame) => String(frame.payload).startsWith("43") && resolve()),
    ),
  );
  await page.goto(`/spaces/${space.id}`);
  await connected;
  const teamTab = page.getByRole("navigation", { name: "Chat sides" }).getByRole("link", { name: /Team only/ });
  await expect(teamTab).toHaveAccessibleName("Team only");

  const teammate = await browser.newContext();
  const teammatePage = await teammate.newPage();
  await signInAs(teammatePage, world.teamMembers[0].email);
  await teammatePage.goto(`/spaces/${space.id}`);
  await teammatePage.getByRole("navigation", { name: "Chat sides" }).getByRole("link", { name: "Team only" }).click();
  await expect(teammatePage.getByText("Only your team sees this")).toBeVisible();
  await send(teammatePage, "Heads up: they asked about the invoice");

  await expect(teamTab).toHaveAccessibleName("Team only 1 unread");
  await teammate.close();
  await teamTab.click();
  await expect(bubble(page, "Heads up: they asked about the invoice")).toBeVisible();
  await expect(page.getByText("Only your team sees this")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
});
