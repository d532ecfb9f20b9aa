import { createWorld, expect, expectAccessible, signInAs, test } from "./support/fixtures";

/*
 * Issue 21's presence: a client with the app open shows as online to the agency, on their
 * picture in the space's members and the roster and on their card in the chat; when they
 * close it the dot goes, live, and the card says when they were last seen.
 */

test("a client with the app open shows as online to the agency, and not once they close it", async ({
  page,
  browser,
}) => {
  const world = await createWorld(page, {
    clients: [{ name: "Olivia Chen", company: "Northwind Traders", role: "OWNER" }],
    spaces: [{ name: "Northwind Launch", clients: [0] }],
  });
  const space = world.spaces[0];
  const client = await browser.newContext();
  const oliviaPage = await client.newPage();
  await signInAs(oliviaPage, world.clients[0].email);
  await oliviaPage.goto(`/client/chat/${space.id}`);
  const box = oliviaPage.getByLabel("Message", { exact: true });
  await box.fill("Morning! The brief is in.");
  await box.press("Enter");

  await signInAs(page, world.owner.email);
  // Her tab counts from the instance's next write (within a second); a page rendered before it learns of her live,
  // if its own socket was connected by then. Wait for the record, as the hover card would ask for it.
  await expect(async () => {
    const answer = await page.request.get(`/resources/presence?user=${world.clients[0].userId}`);
    expect(await answer.json()).toEqual({ presence: { online: true, lastSeenAt: null } });
  }).toPass();
  await page.goto(`/spaces/${space.id}/clients`);
  const member = page.getByRole("listitem").filter({ hasText: "Olivia Chen" });
  await expect(member.getByRole("img", { name: "Online" })).toBeVisible();
  await expectAccessible(page);

  await page.goto("/clients");
  const card = page.getByRole("listitem").filter({ hasText: "Olivia Chen" });
  await expect(card.getByRole("img", { name: "Online" })).toBeVisible();

  await page.goto(`/spaces/${space.id}`);
  // The message's head: her name, then the time.
  const sender = page.getByRole("log", { name: "Messages" }).getByText("Olivia Chen").first();
  await sender.hover();
  const hoverCard = page.getByRole("tooltip");
  await expect(hoverCard.getByText("Active now")).toBeVisible();
  await expect(hoverCard.getByRole("img", { name: "Online" })).toBeVisible();

  await page.goto("/clients");
  await expect(card.getByRole("img", { name: "Online" })).toBeVisible();
  await client.close();
  await expect(card.getByRole("img", { name: "Online" })).toHaveCount(0, { timeout: 10_000 });
  const answer = await page.request.get(`/resources/presence?user=${world.clients[0].userId}`);
  expect((await answer.json()).presence).toMatchObject({ online: false, lastSeenAt: expect.any(String) });
});

test("someone who came online while the page was offline shows once it is back", async ({ page, browser }) => {
  const world = await createWorld(page, {
    clients: [{ name: "Olivia Chen", company: "Northwind Traders", role: "OWNER" }],
    spaces: [{ name: "Northwind Launch", clients: [0] }],
  });
  const space = world.spaces[0];
  await signInAs(page, world.owner.email);
  // The page's own second look at the people it shows, a moment after it shows them and its socket connects.
  const secondLook = page.waitForResponse((response) => response.url().includes("/resources/presence?users="));
  await page.goto(`/spaces/${space.id}/clients`);
  const member = page.getByRole("listitem").filter({ hasText: "Olivia Chen" });
  await expect(member).toBeVisible();
  await expect(member.getByRole("img", { name: "Online" })).toHaveCount(0);
  // Once that look is answered, the page's network goes.
  await secondLook;
  await page.context().setOffline(true);

  const client = await browser.newContext();
  const oliviaPage = await client.newPage();
  await signInAs(oliviaPage, world.clients[0].email);
  await oliviaPage.goto(`/client/chat/${space.id}`);
  // Her tab counts once the server has written it (within a second).
  await expect
    .poll(async () => {
      const answer = await page.request.get(`/resources/presence?user=${world.clients[0].userId}`);
      return (await answer.json()).presence?.online;
    })
    .toBe(true);
  await expect(member.getByRole("img", { name: "Online" })).toHaveCount(0);

  // Her coming was announced while the page's socket was away: back online, the page reads its people again.
  await page.context().setOffline(false);
  await expect(member.getByRole("img", { name: "Online" })).toBeVisible();
  await client.close();
});
