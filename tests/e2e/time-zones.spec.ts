import type { Page } from "@playwright/test";
import { createWorld, expect, sendMessages, signInAs, test } from "./support/fixtures";

/*
 * A browser in New York (the issue: 03:44 AM with JavaScript, 08:44 AM without). With
 * JavaScript the head script tells the server the browser's zone; without, the server
 * cannot know it, says so on the settings page, and the person chooses theirs there.
 * Either way the chat reads in New York time, with a separator above each day.
 */
test.use({ timezoneId: "America/New_York" });

const NEW_YORK = "America/New_York";
const withJavaScript = () => test.info().project.use.javaScriptEnabled !== false;

/** What a reader in `timeZone` should see, computed here with Intl alone. */
function expected(timeZone: string, iso: string) {
  const format = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat("en-US", { timeZone, ...options }).format(new Date(iso)).replace(/\s/g, " ");
  return {
    time: format({ hour: "2-digit", minute: "2-digit" }),
    day: format({ weekday: "short", year: "numeric", month: "short", day: "numeric" }),
  };
}

/** Hydration errors and any other script error on the page, to be none. */
function pageErrors(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

/** A space with one message of two days ago and one of a minute ago. */
async function spaceWithTwoDays(page: Page) {
  const world = await createWorld(page, { spaces: [{ name: "Northwind Launch" }] });
  const space = world.spaces[0];
  await sendMessages(page, { spaceId: space.id, senderEmail: world.owner.email, minutesAgo: 2 * 24 * 60 });
  await sendMessages(page, { spaceId: space.id, senderEmail: world.owner.email, minutesAgo: 1 });
  await signInAs(page, world.owner.email);
  return { world, space };
}

/** The chat shows each message's time, and the day above it, in `timeZone`. */
async function expectChatIn(page: Page, spaceId: string, timeZone: string) {
  await page.goto(`/spaces/${spaceId}`);
  const log = page.getByRole("log", { name: "Messages" });
  const bubbles = log.locator("li[id^='message-']");
  await expect(bubbles).toHaveCount(2);
  const [older, latest] = await Promise.all(
    [0, 1].map(async (index) => (await bubbles.nth(index).locator("time").getAttribute("datetime")) ?? ""),
  );
  const separators = log.locator("li[data-day-separator]");
  await expect(separators).toHaveText([expected(timeZone, older).day, "Today"]);
  // Today's message shows its time; the older one its date as well.
  await expect(bubbles.nth(1).locator("time")).toHaveText(expected(timeZone, latest).time);
  const date = expected(timeZone, older).day.replace(/^\w+, /, "");
  await expect(bubbles.nth(0).locator("time")).toHaveText(
    new RegExp(`^${date}, ${expected(timeZone, older).time}$`.replace(/ /g, "\\s")),
  );
}

const timeZoneCard = (page: Page) => page.getByRole("heading", { name: "Time zone" }).locator("xpath=../..");

async function chooseTimeZone(page: Page, value: string, told: string) {
  await page.goto("/settings");
  await page.getByLabel("Time zone").selectOption(value);
  await page.getByRole("button", { name: "Save Time Zone" }).click();
  await expect(page.getByText(told)).toBeVisible();
}

test(
  "a browser in New York reads the chat in New York time, with JavaScript and without",
  { tag: "@no-js" },
  async ({ page }) => {
    const errors = pageErrors(page);
    const { space } = await spaceWithTwoDays(page);
    if (withJavaScript()) {
      // The first page sets the hint and reloads itself once; the settings then tell where the zone came from.
      await page.goto("/settings");
      await expect(timeZoneCard(page)).toContainText("Times are shown in America/New York, your browser's time zone.");
    } else {
      await page.goto("/settings");
      await expect(timeZoneCard(page)).toContainText("Times are shown in UTC: your browser has not told us");
      await chooseTimeZone(page, NEW_YORK, "Times are now shown in America/New_York.");
      await expect(timeZoneCard(page)).toContainText("Times are shown in America/New York, as you chose below.");
    }
    await expectChatIn(page, space.id, NEW_YORK);
    // The server's HTML and the browser's hydration printed the same.
    expect(errors).toEqual([]);
  },
);

test("a chosen time zone overrides the browser's, and Automatic gives it back", { tag: "@no-js" }, async ({ page }) => {
  const errors = pageErrors(page);
  const { space } = await spaceWithTwoDays(page);
  await chooseTimeZone(page, "Asia/Tokyo", "Times are now shown in Asia/Tokyo.");
  await expect(timeZoneCard(page)).toContainText("Times are shown in Asia/Tokyo, as you chose below.");
  await expect(page.getByLabel("Time zone")).toHaveValue("Asia/Tokyo");
  await expectChatIn(page, space.id, "Asia/Tokyo");

  const automatic = withJavaScript() ? NEW_YORK : "UTC";
  await chooseTimeZone(page, "", `Times are now shown in ${automatic}.`);
  await expect(page.getByLabel("Time zone")).toHaveValue("");
  await expectChatIn(page, space.id, automatic);
  expect(errors).toEqual([]);
});
