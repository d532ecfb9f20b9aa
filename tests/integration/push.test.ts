import crypto from "node:crypto";
import webpush from "web-push";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { DEFAULT_PREFERENCES, saveNotificationPreferences } from "~/models/notification-preferences.server";
import { sendMessage } from "~/models/message-sending.server";
import { deleteMessage } from "~/models/message-changes.server";
import { pushMention, pushNewMessage } from "~/models/push-notices.server";
import { PUSH_TEXT, subscribeToPush } from "~/models/push-subscriptions.server";
import { endOtherSessions, pruneExpiredSessions } from "~/models/sessions.server";
import { attachJobs, detachJobs } from "~/process/jobs.server";
import { PresenceTracker } from "~/realtime/presence.server";
import * as logout from "~/routes/logout";
import * as pushRoute from "~/routes/resources.push-subscription";
import * as agencyNotifications from "~/routes/_agency.settings.notifications";
import * as clientNotifications from "~/routes/client.settings.notifications";
import { db } from "~/services/db.server";
import { env, parseEnv } from "~/services/env.server";
import { getSessionId } from "~/web/auth.server";
import { actorOf, createAgency, createClient, createSpace, createTeamMember } from "#tests/support/factories";
import { call, cookieFor, getRequest, postRequest, toastOf } from "#tests/support/requests";
import {
  decryptPush,
  startPushService,
  vapidClaims,
  type BrowserSubscription,
  type PushService,
} from "#tests/support/push-service";

/*
 * Issue 21's push notifications: a browser's subscription kept per session, and the chat's
 * pushes, sent for real to a push service on 127.0.0.1 (let through by PUSH_ALLOWED_HOSTS,
 * as in development), which decrypts each one with the keys the browser would hold.
 */

// Before anything reads the environment (env() parses it once, on first use).
const vapid = webpush.generateVAPIDKeys();
const service = await startPushService();
/** Push services at origins of their own (other ports): the limits and the log go by origin. */
const origins = await Promise.all(Array.from({ length: 4 }, () => startPushService()));
const slow = await startPushService(0, { answerAfterMs: 200 });
const failing = await startPushService();
const broken = await Promise.all(Array.from({ length: 2 }, () => startPushService()));
const services = [service, ...origins, slow, failing, ...broken];
process.env.VAPID_PUBLIC_KEY = vapid.publicKey;
process.env.VAPID_PRIVATE_KEY = vapid.privateKey;
process.env.VAPID_SUBJECT = "mailto:push-test@example.test";
process.env.PUSH_ALLOWED_HOSTS = services.map(({ host }) => host).join(",");

afterAll(() => Promise.all(services.map((each) => each.close())));

type User = { id: string };

/** Signs the user in (a session of their own) and turns push on in that browser, through the route. */
async function subscribed(user: User, at: PushService = service) {
  const cookie = await cookieFor(user);
  const browser = at.subscription();
  const response = await call(pushRoute.action, subscribeForm(browser, cookie));
  expect(response.status).toBe(200);
  return { cookie, browser, sessionId: (await getSessionId(getRequest("/", cookie)))! };
}

function subscribeForm(browser: Pick<BrowserSubscription, "endpoint" | "p256dh" | "auth">, cookie: string) {
  const { endpoint, p256dh, auth } = browser;
  return postRequest("/resources/push-subscription", { intent: "subscribe", endpoint, p256dh, auth }, cookie);
}

const rowsOf = (userId: string) =>
  db.selectFrom("push_subscriptions").selectAll().where("user_id", "=", userId).execute();

/** An agency's space with its owner, a designer and a client in it, a designer who is not, and another agency. */
async function world() {
  const { owner, agencyId } = await createAgency({ firstName: "Grace", agencyName: "Acme Co" });
  const { user: dana, member } = await createTeamMember(agencyId, "DESIGNER", { name: "Dana Designer" });
  const { user: outsider } = await createTeamMember(agencyId, "DESIGNER", { name: "Oscar Outside" });
  const { user: olivia, client } = await createClient(agencyId, { role: "OWNER", name: "Olivia Chen" });
  const space = await createSpace(agencyId, { teamMemberIds: [member.id], clientIds: [client.id] });
  const other = await createAgency({ firstName: "Fay", agencyName: "Other Agency" });
  const otherSpace = await createSpace(other.agencyId, { name: "Elsewhere" });
  return { owner, dana, outsider, olivia, space, otherOwner: other.owner, otherSpace };
}

let sent = 0;
const send = async (user: User, spaceId: string, content: string) =>
  (await sendMessage(await actorOf(user), spaceId, { clientId: `push-${++sent}`, content })).message;

/** What the subscription's browser received and could read, in order. */
const readPushes = (browser: BrowserSubscription) => service.to(browser).map((push) => decryptPush(push, browser));

describe("turning push on for this device", () => {
  test("the environment is this file's: keys and the local push service", () => {
    expect(env().PUSH_ALLOWED_HOSTS).toBe(services.map(({ host }) => host).join(","));
    expect(env().VAPID_PUBLIC_KEY).toBe(vapid.publicKey);
  });

  test("a subscription is kept for the session it was made in, and the tab shows it on there only", async () => {
    const { olivia } = await world();
    const { cookie, browser, sessionId } = await subscribed(olivia);
    const [row] = await rowsOf(olivia.id);
    expect(row).toMatchObject({ session_id: sessionId, endpoint: browser.endpoint, p256dh: browser.p256dh });

    const here = await call(clientNotifications.loader, getRequest("/client/settings/notifications", cookie));
    expect((await here.json()).push).toEqual({ publicKey: vapid.publicKey, endpoint: browser.endpoint });
    const elsewhere = await call(
      clientNotifications.loader,
      getRequest("/client/settings/notifications", await cookieFor(olivia)),
    );
    expect((await elsewhere.json()).push).toEqual({ publicKey: vapid.publicKey, endpoint: null });
  });

  test("the route says so in a toast; turning off forgets it", async () => {
    const { owner } = await world();
    const cookie = await cookieFor(owner);
    const browser = service.subscription();
    const on = await call(pushRoute.action, subscribeForm(browser, cookie));
    expect((await toastOf(on))?.title).toBe("Push notifications are on for this device.");
    const off = await call(
      pushRoute.action,
      postRequest("/resources/push-subscription", { intent: "unsubscribe", endpoint: browser.endpoint }, cookie),
    );
    expect(off.status).toBe(200);
    expect((await toastOf(off))?.title).toBe("Push notifications are off for this device.");
    expect(await rowsOf(owner.id)).toEqual([]);
  });

  test("one per session; an endpoint belongs to the session that subscribed with it last", async () => {
    const { owner, olivia } = await world();
    const { cookie, sessionId } = await subscribed(owner);
    const second = service.subscription();
    await call(pushRoute.action, subscribeForm(second, cookie));
    expect((await rowsOf(owner.id)).map((row) => [row.session_id, row.endpoint])).toEqual([
      [sessionId, second.endpoint],
    ]);

    // The same browser, someone else signed in on it now: the pushes are theirs, not the owner's.
    await call(pushRoute.action, subscribeForm(second, await cookieFor(olivia)));
    expect(await rowsOf(owner.id)).toEqual([]);
    expect((await rowsOf(olivia.id)).map((row) => row.endpoint)).toEqual([second.endpoint]);
  });

  test("nobody removes another's subscription, not even from another session of theirs", async () => {
    const { owner, dana } = await world();
    const { browser } = await subscribed(owner);
    for (const cookie of [await cookieFor(dana), await cookieFor(owner)]) {
      const response = await call(
        pushRoute.action,
        postRequest("/resources/push-subscription", { intent: "unsubscribe", endpoint: browser.endpoint }, cookie),
      );
      expect(response.status).toBe(200);
    }
    expect((await rowsOf(owner.id)).map((row) => row.endpoint)).toEqual([browser.endpoint]);
  });

  const valid = service.subscription();
  const offCurve = Buffer.concat([Buffer.from([4]), crypto.randomBytes(64)]).toString("base64url");
  test.each([
    ["no address", { endpoint: "" }, PUSH_TEXT.badEndpoint],
    ["not a URL", { endpoint: "push service" }, PUSH_TEXT.badEndpoint],
    ["plain http", { endpoint: "http://push.example.com/send/1" }, PUSH_TEXT.badEndpoint],
    ["another port", { endpoint: "https://push.example.com:8443/send/1" }, PUSH_TEXT.badEndpoint],
    ["credentials", { endpoint: "https://user:pass@push.example.com/send/1" }, PUSH_TEXT.badEndpoint],
    ["loopback", { endpoint: "https://127.0.0.1/send/1" }, PUSH_TEXT.badEndpoint],
    ["localhost", { endpoint: "https://localhost/send/1" }, PUSH_TEXT.badEndpoint],
    ["a private address", { endpoint: "https://10.0.0.8/send/1" }, PUSH_TEXT.badEndpoint],
    ["the metadata service", { endpoint: "https://169.254.169.254/latest" }, PUSH_TEXT.badEndpoint],
    ["IPv6 loopback", { endpoint: "https://[::1]/send/1" }, PUSH_TEXT.badEndpoint],
    ["an IPv4-mapped address", { endpoint: "https://[::ffff:10.0.0.1]/send/1" }, PUSH_TEXT.badEndpoint],
    ["a huge address", { endpoint: `https://push.example.com/${"a".repeat(3000)}` }, PUSH_TEXT.badEndpoint],
    ["a short key", { p256dh: "abc" }, PUSH_TEXT.badKeys],
    ["a key off the curve", { p256dh: offCurve }, PUSH_TEXT.badKeys],
    ["a short secret", { auth: "c2VjcmV0" }, PUSH_TEXT.badKeys],
    ["no secret", { auth: "" }, PUSH_TEXT.badKeys],
  ])("%s is refused with a message, and nothing is kept", async (_case, change, message) => {
    const { owner } = await world();
    const response = await call(
      pushRoute.action,
      subscribeForm({ ...valid, endpoint: "https://push.example.com/send/ok", ...change }, await cookieFor(owner)),
    );
    expect(response.status).toBe(400);
    expect(Object.values((await response.json()).result.error).flat()).toContain(message);
    expect(await rowsOf(owner.id)).toEqual([]);
  });

  test("a form without an intent or fields is a 400, not a 500", async () => {
    const { owner } = await world();
    const cookie = await cookieFor(owner);
    const forms: Array<Record<string, string>> = [
      {},
      { intent: "subscribe" },
      { intent: "explode" },
      { intent: "unsubscribe" },
    ];
    for (const fields of forms) {
      const response = await call(pushRoute.action, postRequest("/resources/push-subscription", fields, cookie));
      expect(response.status).toBe(400);
    }
  });

  test("a signed-out visitor is sent to sign in", async () => {
    const response = await call(pushRoute.action, subscribeForm(service.subscription(), ""));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login/);
  });

  test("without VAPID keys the tab says push is not set up, and subscribing is refused", async () => {
    const { owner } = await world();
    const cookie = await cookieFor(owner);
    const keys = { VAPID_PUBLIC_KEY: env().VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: env().VAPID_PRIVATE_KEY };
    Object.assign(env(), { VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined });
    try {
      const page = await call(agencyNotifications.loader, getRequest("/settings/notifications", cookie));
      expect((await page.json()).push).toEqual({ publicKey: null, endpoint: null });
      const response = await call(pushRoute.action, subscribeForm(service.subscription(), cookie));
      expect(response.status).toBe(400);
      expect(Object.values((await response.json()).result.error).flat()).toContain(PUSH_TEXT.notSetUp);
    } finally {
      Object.assign(env(), keys);
    }
  });

  test("the keys come as a pair, with a subject", () => {
    const base = { NODE_ENV: "test" };
    expect(() => parseEnv({ ...base, VAPID_PUBLIC_KEY: vapid.publicKey })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => parseEnv({ ...base, VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey })).toThrow(
      /VAPID_SUBJECT: is required/,
    );
    expect(() => parseEnv({ ...base, VAPID_PUBLIC_KEY: "short", VAPID_PRIVATE_KEY: vapid.privateKey })).toThrow(
      /VAPID_PUBLIC_KEY: must be the 87-character key/,
    );
    expect(() => parseEnv({ ...base, VAPID_SUBJECT: "someone" })).toThrow(/VAPID_SUBJECT: must be a mailto: or https:/);
    const parsed = parseEnv({
      ...base,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: "https://agency.example",
    });
    expect(parsed.VAPID_SUBJECT).toBe("https://agency.example");
  });
});

describe("a session's end takes its subscription", () => {
  test("sign-out removes it, and tells the browser to clear the site's caches and storage", async () => {
    const { owner } = await world();
    const { cookie } = await subscribed(owner);
    const response = await call(logout.action, postRequest("/logout", {}, cookie));
    expect(response.status).toBe(302);
    expect(response.headers.get("Clear-Site-Data")).toBe('"cache", "storage"');
    expect(await rowsOf(owner.id)).toEqual([]);
  });

  test("signing out the other sessions, and an expired session's pruning, remove theirs", async () => {
    const { owner } = await world();
    const kept = await subscribed(owner);
    const other = await subscribed(owner);
    await endOtherSessions(owner.id, kept.sessionId);
    expect((await rowsOf(owner.id)).map((row) => row.session_id)).toEqual([kept.sessionId]);
    await db
      .updateTable("sessions")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("id", "=", kept.sessionId)
      .execute();
    await pruneExpiredSessions();
    expect(await rowsOf(owner.id)).toEqual([]);
    expect(other.sessionId).not.toBe(kept.sessionId);
  });
});

describe("pushes of the chat", () => {
  test("a new message goes to each member not in the app, encrypted for their browser, opening the space there", async () => {
    const { owner, dana, outsider, olivia, space, otherOwner } = await world();
    const [ownerPush, danaPush, outsiderPush, oliviaPush, otherPush] = await Promise.all(
      [owner, dana, outsider, olivia, otherOwner].map((user) => subscribed(user)),
    );
    const message = await send(olivia, space.id, "Hello team,\nthe brief is attached.");

    const pushed = await pushNewMessage({ messageId: message.id });
    expect(pushed.sort()).toEqual([owner.id, dana.id].sort());
    expect(readPushes(ownerPush.browser)).toEqual([
      {
        title: "Olivia Chen in Globex Launch",
        body: "Hello team,",
        url: `/spaces/${space.id}`,
        tag: `space:${space.id}`,
      },
    ]);
    expect(readPushes(danaPush.browser)).toEqual([expect.objectContaining({ url: `/spaces/${space.id}` })]);
    // Not its sender, not a designer outside the space, nobody of another agency.
    for (const { browser } of [oliviaPush, outsiderPush, otherPush]) expect(service.to(browser)).toEqual([]);

    // A client opens the space at their own address.
    const reply = await send(dana, space.id, "Thanks Olivia");
    await pushNewMessage({ messageId: reply.id });
    expect(readPushes(oliviaPush.browser)).toEqual([
      {
        title: "Dana Designer in Globex Launch",
        body: "Thanks Olivia",
        url: `/client/chat/${space.id}`,
        tag: `space:${space.id}`,
      },
    ]);
  });

  test("the request is what a push service expects: VAPID-signed for its origin, with a lifetime", async () => {
    const { owner, olivia, space } = await world();
    const { browser } = await subscribed(owner);
    await pushNewMessage({ messageId: (await send(olivia, space.id, "Signed?")).id });
    const [push] = service.to(browser);
    expect(push.method).toBe("POST");
    expect(push.headers.ttl).toBe(String(24 * 60 * 60));
    const claims = vapidClaims(push);
    expect(claims).toMatchObject({
      key: vapid.publicKey,
      aud: `http://${service.host}`,
      sub: "mailto:push-test@example.test",
    });
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
  });

  test("nobody with a socket connected, and nobody whose Unread messages preference is off", async () => {
    const { owner, dana, olivia, space } = await world();
    const ownerPush = await subscribed(owner);
    const danaPush = await subscribed(dana);
    await saveNotificationPreferences(await actorOf(owner), { ...DEFAULT_PREFERENCES, unreadMessages: false });
    const tab = new PresenceTracker();
    tab.connected(dana.id);
    await tab.flush();

    expect(await pushNewMessage({ messageId: (await send(olivia, space.id, "While you are here")).id })).toEqual([]);
    await tab.stop();
    expect(await pushNewMessage({ messageId: (await send(olivia, space.id, "Now you are away")).id })).toEqual([
      dana.id,
    ]);
    expect(readPushes(danaPush.browser).map((push) => (push as { body: string }).body)).toEqual(["Now you are away"]);
    expect(service.to(ownerPush.browser)).toEqual([]);
  });

  test("a mention pushes 'mentioned you' to the person named, once, following their Mentions preference", async () => {
    const { owner, dana, olivia, space } = await world();
    const ownerPush = await subscribed(owner);
    const danaPush = await subscribed(dana);
    const message = await send(olivia, space.id, "@Dana Designer can you look at the logo?");

    // The message's push leaves Dana to the mention's.
    expect(await pushNewMessage({ messageId: message.id })).toEqual([owner.id]);
    expect(await pushMention({ messageId: message.id, userId: dana.id })).toBe(true);
    expect(readPushes(danaPush.browser)).toEqual([
      {
        title: "Olivia Chen mentioned you in Globex Launch",
        body: "@Dana Designer can you look at the logo?",
        url: `/spaces/${space.id}`,
        tag: `space:${space.id}`,
      },
    ]);
    // Someone it does not name gets no mention.
    expect(await pushMention({ messageId: message.id, userId: owner.id })).toBe(false);
    expect(readPushes(ownerPush.browser)).toHaveLength(1);

    // With Mentions off, a mention is a new message like any other.
    await saveNotificationPreferences(await actorOf(dana), { ...DEFAULT_PREFERENCES, mentions: false });
    const again = await send(olivia, space.id, "@Dana Designer and the colours?");
    expect(await pushMention({ messageId: again.id, userId: dana.id })).toBe(false);
    expect((await pushNewMessage({ messageId: again.id })).sort()).toEqual([owner.id, dana.id].sort());
    expect(readPushes(danaPush.browser).at(-1)).toMatchObject({ title: "Olivia Chen in Globex Launch" });
  });

  test("a deleted message, and a session that has expired, get no push", async () => {
    const { owner, dana, olivia, space } = await world();
    await subscribed(owner);
    const danaPush = await subscribed(dana);
    const message = await send(olivia, space.id, "Oops");
    await deleteMessage(await actorOf(olivia), message.id);
    expect(await pushNewMessage({ messageId: message.id })).toEqual([]);

    await db
      .updateTable("sessions")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("id", "=", danaPush.sessionId)
      .execute();
    expect(await pushNewMessage({ messageId: (await send(olivia, space.id, "Still there?")).id })).toEqual([owner.id]);
  });

  test.each([404, 410])("a push service answering %i has the subscription removed", async (status) => {
    const { owner, olivia, space } = await world();
    const { browser } = await subscribed(owner);
    service.answer(browser, status);
    expect(await pushNewMessage({ messageId: (await send(olivia, space.id, "Anyone?")).id })).toEqual([]);
    expect(service.to(browser)).toHaveLength(1);
    expect(await rowsOf(owner.id)).toEqual([]);
  });

  test("a push service failing (500) keeps the subscription for the next message", async () => {
    const { owner, olivia, space } = await world();
    const { browser } = await subscribed(owner);
    service.answer(browser, 500);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await pushNewMessage({ messageId: (await send(olivia, space.id, "Anyone?")).id })).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/answered 500/));
    warn.mockRestore();
    expect((await rowsOf(owner.id)).map((row) => row.endpoint)).toEqual([browser.endpoint]);
  });

  test("an endpoint at a private address or port nobody allowed is never contacted", async () => {
    const { owner, dana, olivia, space } = await world();
    const elsewhere = await startPushService();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      // Stored by hand: the route refuses them, but a name may resolve to a private address later.
      for (const [user, endpoint] of [
        [owner, `http://${elsewhere.host}/push/not-allowed`],
        [dana, "https://localhost/push/local"],
      ] as const) {
        const sessionId = (await getSessionId(getRequest("/", await cookieFor(user))))!;
        const { endpoint: allowed, p256dh, auth } = service.subscription();
        await subscribeToPush(await actorOf(user), sessionId, { endpoint: allowed, p256dh, auth });
        await db.updateTable("push_subscriptions").set({ endpoint }).where("session_id", "=", sessionId).execute();
      }
      await pushNewMessage({ messageId: (await send(olivia, space.id, "Hello?")).id });
      expect(elsewhere.received).toEqual([]);
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/Port \d+ is not allowed/));
      expect(warn).toHaveBeenCalledWith(
        expect.stringMatching(/127\.0\.0\.1 is not a public address|::1 is not a public address/),
      );
    } finally {
      warn.mockRestore();
      await elsewhere.close();
    }
  });
});

describe("through the domain events and the job queue", () => {
  beforeAll(async () => {
    await attachJobs();
  });
  afterAll(async () => {
    await detachJobs();
  });

  test("a message sent, and a mention, reach the browsers of the members away", async () => {
    const { owner, dana, olivia, space } = await world();
    const ownerPush = await subscribed(owner);
    const danaPush = await subscribed(dana);
    await send(olivia, space.id, "@Dana Designer the new logo is in");
    const waitFor = (browser: BrowserSubscription) =>
      vi.waitFor(
        () => {
          const [push] = readPushes(browser);
          if (!push) throw new Error("no push yet");
          return push;
        },
        { timeout: 20_000, interval: 250 },
      );
    expect(await waitFor(ownerPush.browser)).toMatchObject({ title: "Olivia Chen in Globex Launch" });
    expect(await waitFor(danaPush.browser)).toMatchObject({ title: "Olivia Chen mentioned you in Globex Launch" });
  });
});

describe("limits against push amplification (issue 35)", () => {
  const endpointsOf = async (userId: string) => (await rowsOf(userId)).map((row) => row.endpoint).sort();

  test("a person keeps at most 3 browsers at one push service: a fourth replaces the oldest there only", async () => {
    const { owner, olivia, space } = await world();
    const [one, other] = origins;
    const atOne = [];
    for (let count = 0; count < 4; count++) atOne.push(await subscribed(owner, one));
    const atOther = await subscribed(owner, other);
    expect(await endpointsOf(owner.id)).toEqual(
      [...atOne.slice(1), atOther].map(({ browser }) => browser.endpoint).sort(),
    );
    // The browser loses its subscription, not its session.
    expect(await db.selectFrom("sessions").select("id").where("id", "=", atOne[0].sessionId).execute()).toHaveLength(1);

    await pushNewMessage({ messageId: (await send(olivia, space.id, "How many?")).id });
    expect(atOne.map(({ browser }) => one.to(browser).length)).toEqual([0, 1, 1, 1]);
    expect(other.to(atOther.browser)).toHaveLength(1);
  });

  test("a person has at most 10 subscriptions, one per session: an eleventh sign-in ends the oldest, and its subscription", async () => {
    const { owner, olivia, space } = await world();
    const browsers = [];
    for (let count = 0; count < 11; count++) browsers.push(await subscribed(owner, origins[count % origins.length]));
    expect(await rowsOf(owner.id)).toHaveLength(10);
    await pushNewMessage({ messageId: (await send(olivia, space.id, "Everyone there?")).id });
    const reached = browsers.map(({ browser }) => origins.some((at) => at.to(browser).length > 0));
    expect(reached).toEqual([false, ...Array(10).fill(true)]);
  });

  test("a push goes to at most 4 browsers at once", async () => {
    const { owner, agencyId } = await createAgency({ firstName: "Sam", agencyName: "Busy Agency" });
    const members = await Promise.all(
      Array.from({ length: 3 }, (_, index) => createTeamMember(agencyId, "DESIGNER", { name: `Member ${index}` })),
    );
    const space = await createSpace(agencyId, { teamMemberIds: members.map(({ member }) => member.id) });
    const away = [owner, ...members.map(({ user }) => user)];
    for (const user of away) for (let count = 0; count < 3; count++) await subscribed(user, slow);

    const pushed = await pushNewMessage({ messageId: (await send(members[0].user, space.id, "Slowly")).id });
    expect(pushed.sort()).toEqual([owner.id, members[1].user.id, members[2].user.id].sort());
    expect(slow.received).toHaveLength(9);
    expect(slow.mostAtOnce).toBe(4);
  });

  test("a browser whose push service fails 5 times in a row is forgotten; one delivered starts the count again", async () => {
    const { owner, olivia, space } = await world();
    const { browser } = await subscribed(owner, failing);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const push = async () => pushNewMessage({ messageId: (await send(olivia, space.id, "Still failing?")).id });
    try {
      failing.answer(browser, 500);
      for (let count = 0; count < 4; count++) await push();
      failing.answer(browser, 201);
      expect(await push()).toEqual([owner.id]);
      failing.answer(browser, 500);
      for (let count = 0; count < 4; count++) await push();
      expect(await endpointsOf(owner.id)).toEqual([browser.endpoint]);
      await push();
      expect(await rowsOf(owner.id)).toEqual([]);
      expect(failing.to(browser)).toHaveLength(10);
    } finally {
      warn.mockRestore();
    }
  });

  test("a failing push service is told in the log once per 10 minutes, with the failures since", async () => {
    const { owner, dana, olivia, space } = await world();
    const [first, second] = broken;
    for (const [user, at] of [
      [owner, first],
      [dana, first],
      [owner, second],
    ] as const) {
      at.answer((await subscribed(user, at)).browser, 500);
    }
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const push = async () => pushNewMessage({ messageId: (await send(olivia, space.id, "Anyone?")).id });
    // Only these two services' lines: another test's service may be told of at the same time.
    const lines = () =>
      warn.mock.calls
        .map(([line]) => String(line))
        .filter((line) => [first, second].some(({ host }) => line.includes(` ${host}:`)));
    try {
      await push();
      await push();
      expect(lines().sort()).toEqual(
        [
          `push: not delivered to ${first.host}: answered 500`,
          `push: not delivered to ${second.host}: answered 500`,
        ].sort(),
      );
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(Date.now() + 10 * 60 * 1000);
      await push();
      expect(lines().slice(2).sort()).toEqual(
        [
          `push: not delivered to ${first.host}: answered 500 (3 more since the previous line)`,
          `push: not delivered to ${second.host}: answered 500 (1 more since the previous line)`,
        ].sort(),
      );
    } finally {
      vi.useRealTimers();
      warn.mockRestore();
    }
  });
});
