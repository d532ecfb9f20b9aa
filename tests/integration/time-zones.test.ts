import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import * as spacesLayout from "~/routes/spaces";
import * as spacePage from "~/routes/spaces.$spaceId";
import * as agencyProfile from "~/routes/_agency.settings._index";
import { loadActor } from "~/models/actors.server";
import { createAgency, createSpace, createSpaceMessage } from "#tests/support/factories";
import { renderedApp } from "#tests/support/rendered-app";
import { call, context, cookieFor, getRequest, postRequest, toastOf } from "#tests/support/requests";

/*
 * The server renders every time in the reader's zone: the one they chose in their
 * settings, else their browser's (the `tz` cookie its head script sets), else UTC.
 * The chat page is rendered whole, as production serves it: our root (its loader and
 * document), the spaces layout and the space's page.
 */

const handle = renderedApp([
  ["routes/spaces", "root", "spaces", spacesLayout],
  ["routes/spaces.$spaceId", "routes/spaces", ":spaceId", spacePage],
]);

/*
 * The page is rendered at noon UTC on Monday 23 November 2026: 07:00 in New York, 21:00
 * in Tokyo, the same day everywhere the tests look. Only Date is faked.
 */
const NOW = new Date("2026-11-23T12:00:00Z");
beforeEach(() => void vi.useFakeTimers({ toFake: ["Date"], now: NOW }));
afterEach(() => void vi.useRealTimers());

/** A space with a message sent at 08:44 UTC today and one at 08:44 UTC on Saturday. */
async function chatWithTwoDays() {
  const { owner, agencyId } = await createAgency();
  const space = await createSpace(agencyId);
  const minutesBefore = (iso: string) => (NOW.getTime() - new Date(iso).getTime()) / 60_000;
  await createSpaceMessage(space.id, owner.id, {
    content: "Kick-off notes",
    minutesAgo: minutesBefore("2026-11-21T08:44:00Z"),
  });
  await createSpaceMessage(space.id, owner.id, {
    content: "Morning update",
    minutesAgo: minutesBefore("2026-11-23T08:44:00Z"),
  });
  return { owner, space, cookie: await cookieFor(owner) };
}

async function chatHtml(spaceId: string, cookie: string) {
  const response = await handle(getRequest(`/spaces/${spaceId}`, cookie), context());
  expect(response.status).toBe(200);
  return (await response.text()).replace(/\u202f/g, " ");
}

/** The text of each <time> in the page, in order. */
const times = (html: string) => [...html.matchAll(/<time[^>]*>([^<]*)<\/time>/g)].map((match) => match[1]);

describe("the chat's times in the reader's zone", () => {
  test("without a hint or a setting the page shows UTC", async () => {
    const { space, cookie } = await chatWithTwoDays();
    expect(times(await chatHtml(space.id, cookie))).toEqual([
      "Sat, Nov 21, 2026",
      "Nov 21, 2026, 08:44 AM",
      "Today",
      "08:44 AM",
    ]);
  });

  test("the browser's tz cookie puts the first paint in its zone, with the days of that zone", async () => {
    const { space, cookie } = await chatWithTwoDays();
    const html = await chatHtml(space.id, `${cookie}; tz=America%2FNew_York`);
    // 08:44 UTC is 03:44 in New York; the older message has its date as well.
    expect(times(html)).toEqual(["Sat, Nov 21, 2026", "Nov 21, 2026, 03:44 AM", "Today", "03:44 AM"]);
    // The hint script is in the head, with the response's nonce, and reloads only for another zone than New York.
    expect(html).toMatch(/<head>.*<script nonce="test-nonce">\(function \(\) \{.*var rendered = "America\/New_York"/s);
  });

  test("the day a message falls on is the reader's: 02:00 UTC is the evening before in New York", async () => {
    const { owner, agencyId } = await createAgency();
    const space = await createSpace(agencyId);
    await createSpaceMessage(space.id, owner.id, { minutesAgo: 10 * 60 }); // 02:00 UTC today
    const cookie = await cookieFor(owner);
    expect(times(await chatHtml(space.id, cookie))).toEqual(["Today", "02:00 AM"]);
    expect(times(await chatHtml(space.id, `${cookie}; tz=America%2FNew_York`))).toEqual([
      "Yesterday",
      "Nov 22, 2026, 09:00 PM",
    ]);
  });

  test("a cookie that is no zone is ignored", async () => {
    const { space, cookie } = await chatWithTwoDays();
    expect(times(await chatHtml(space.id, `${cookie}; tz=Mars%2FOlympus`))).toContain("08:44 AM");
  });

  test("the zone chosen in the settings wins over the browser's", async () => {
    const { owner, space, cookie } = await chatWithTwoDays();
    const saved = await call(
      agencyProfile.action,
      postRequest("/settings", { intent: "time-zone", timeZone: "Asia/Tokyo" }, cookie),
    );
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/settings");
    expect((await loadActor(owner.id))?.timeZone).toBe("Asia/Tokyo");

    const html = await chatHtml(space.id, `${cookie}; tz=America%2FNew_York`);
    expect(times(html)).toEqual(["Sat, Nov 21, 2026", "Nov 21, 2026, 05:44 PM", "Today", "05:44 PM"]);
    // The page was rendered in a zone the user chose: the hint script never reloads it.
    expect(html).toContain("var rendered = null");
  });
});

describe("the Time zone setting", () => {
  const post = (fields: Record<string, string>, cookie: string) =>
    call(agencyProfile.action, postRequest("/settings", fields, cookie));
  const load = (cookie: string) => call(agencyProfile.loader, getRequest("/settings", cookie));

  test("the settings say which zone is in use and where it comes from", async () => {
    const { cookie } = await chatWithTwoDays();
    expect((await (await load(cookie)).json()).timeZone).toMatchObject({
      chosen: null,
      inUse: "UTC",
      source: "default",
      browserTimeZone: null,
    });
    const hinted = await (await load(`${cookie}; tz=Europe%2FBerlin`)).json();
    expect(hinted.timeZone).toMatchObject({
      inUse: "Europe/Berlin",
      source: "browser",
      browserTimeZone: "Europe/Berlin",
    });
    expect(hinted.timeZone.names[0]).toBe("UTC");
    expect(hinted.timeZone.names).toContain("America/New_York");
  });

  test("a zone outside Intl's list is refused beside the field and nothing changes", async () => {
    const { owner, cookie } = await chatWithTwoDays();
    const refused = await post({ intent: "time-zone", timeZone: "Mars/Olympus" }, cookie);
    expect(refused.status).toBe(400);
    const body = await refused.json();
    expect(body.intent).toBe("time-zone");
    expect(body.result.error.timeZone).toEqual(["Choose a time zone from the list."]);
    expect((await loadActor(owner.id))?.timeZone).toBeNull();
  });

  test("Automatic clears the chosen zone, and the browser's counts again", async () => {
    const { owner, cookie } = await chatWithTwoDays();
    const chosen = await post({ intent: "time-zone", timeZone: "Asia/Tokyo" }, cookie);
    expect(await toastOf(chosen)).toMatchObject({ description: "Times are now shown in Asia/Tokyo." });
    // The toast tells the zone Automatic comes to: the browser's if it has told us, else UTC.
    const cleared = await post({ intent: "time-zone", timeZone: "" }, `${cookie}; tz=Europe%2FBerlin`);
    expect(cleared.status).toBe(302);
    expect(await toastOf(cleared)).toMatchObject({ description: "Times are now shown in Europe/Berlin." });
    expect(await toastOf(await post({ intent: "time-zone", timeZone: "" }, cookie))).toMatchObject({
      description: "Times are now shown in UTC.",
    });
    expect((await loadActor(owner.id))?.timeZone).toBeNull();
    expect((await (await load(`${cookie}; tz=Europe%2FBerlin`)).json()).timeZone.inUse).toBe("Europe/Berlin");
  });
});
