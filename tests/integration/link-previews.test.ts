import { EventEmitter, once } from "node:events";
import fs from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import {
  attachLinkPreview,
  pruneLinkPreviewCache,
  queueLinkPreview,
  removeLinkPreview,
} from "~/models/link-previews.server";
import { listMessages } from "~/models/messages.server";
import { sendMessage } from "~/models/message-sending.server";
import { deleteMessage, editMessage } from "~/models/message-changes.server";
import { subscribe } from "~/models/events.server";
import { changesSince } from "~/models/space-changes.server";
import type { ChatMessage, LinkPreview } from "~/shared/chat-message";
import * as previewImage from "~/routes/attachments.$messageId_.preview-image";
import * as clientChat from "~/routes/client.chat.$spaceId";
import { storage } from "~/services/storage.server";
import { db } from "~/services/db.server";
import { env } from "~/services/env.server";
import { actorOf, createAgency, createClient, createSpace, createTeamMember } from "#tests/support/factories";
import { call, cookieFor, getRequest, postRequest, toastOf } from "#tests/support/requests";

/*
 * Issue 21's link previews: a message with a link gets a card of the linked page, read
 * by the server (through the outbound guard, tested on its own in outbound.test.ts) from
 * a local site let through by LINK_PREVIEW_ALLOWED_HOSTS, as development does.
 */

const SITE_PORT = vi.hoisted(() => {
  const port = 40_000 + Math.floor(Math.random() * 10_000);
  process.env.LINK_PREVIEW_ALLOWED_HOSTS = `127.0.0.1:${port}`;
  return port;
});
const site = `http://127.0.0.1:${SITE_PORT}`;

let server: http.Server;
let picture: Buffer;
let hugePicture: Buffer;

/** What the site was asked for (path and query), in order; `requested` says when. */
const requests: string[] = [];
const requested = new EventEmitter();
const timesRequested = (path: string) => requests.filter((request) => request === path).length;
/** Resolves once the site has had `times` requests whose path (query aside) is `pathname`. */
async function whenRequested(pathname: string, times: number) {
  const count = () => requests.filter((request) => new URL(request, site).pathname === pathname).length;
  while (count() < times) await once(requested, "request");
}

/** `/stall` pages answer only once released; how many of them waited at once, at most. */
const stall = { held: [] as http.ServerResponse[], released: false, waiting: 0, mostAtOnce: 0 };
const stalledPage = `<html><head><title>Slow page</title></head></html>`;
function releaseStalledPages() {
  stall.released = true;
  for (const response of stall.held) response.writeHead(200, { "content-type": "text/html" }).end(stalledPage);
}

beforeAll(async () => {
  picture = await sharp({ create: { width: 1200, height: 630, channels: 3, background: "#4f46e5" } })
    .png()
    .toBuffer();
  // 16.8 megapixels in a few kilobytes: over what an 800 px picture needs decoded.
  hugePicture = await sharp({ create: { width: 4096, height: 4096, channels: 3, background: "#4f46e5" } })
    .png()
    .toBuffer();
  const pages: Record<string, string> = {
    "/launch": `<!doctype html><html><head>
        <title>Ignored when OpenGraph has one</title>
        <meta property="og:title" content="Spring launch &amp; campaign">
        <meta property="og:description" content="Everything about the
          new campaign.">
        <meta property="og:site_name" content="Acme Blog">
        <meta property="og:image" content="/cover.png">
      </head><body><meta property="og:title" content="Not from the body"></body></html>`,
    "/card": `<html><head><meta name="twitter:title" content="From the Twitter card">
        <meta name="twitter:description" content="Card text"></head></html>`,
    "/plain": `<html><head><title>  Just a title  </title></head><body>Hi</body></html>`,
    "/nothing": `<html><head></head><body>No title anywhere</body></html>`,
    "/poster": `<html><head><title>A huge poster</title><meta property="og:image" content="/huge.png"></head></html>`,
  };
  server = http.createServer((request, response) => {
    requests.push(request.url ?? "/");
    requested.emit("request");
    const path = new URL(request.url ?? "/", site).pathname;
    if (path === "/stall" && !stall.released) {
      stall.held.push(response);
      stall.mostAtOnce = Math.max(stall.mostAtOnce, ++stall.waiting);
      response.on("close", () => {
        stall.waiting--;
        stall.held = stall.held.filter((held) => held !== response);
      });
      return;
    }
    if (path === "/stall") return response.writeHead(200, { "content-type": "text/html" }).end(stalledPage);
    if (path === "/cover.png") return response.writeHead(200, { "content-type": "image/png" }).end(picture);
    if (path === "/huge.png") return response.writeHead(200, { "content-type": "image/png" }).end(hugePicture);
    if (path === "/data.json") return response.writeHead(200, { "content-type": "application/json" }).end("{}");
    const page = pages[path];
    if (!page) return response.writeHead(404).end();
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(SITE_PORT, "127.0.0.1", resolve));
});

afterAll(() => new Promise((done) => server.close(done)));

async function conversation() {
  const { owner, agencyId } = await createAgency({ firstName: "Grace" });
  const { user: olivia, client } = await createClient(agencyId, { role: "OWNER", name: "Olivia Chen" });
  const space = await createSpace(agencyId, { clientIds: [client.id] });
  return { owner, olivia, space };
}

let sent = 0;
async function send(user: { id: string }, spaceId: string, content: string) {
  return (await sendMessage(await actorOf(user), spaceId, { clientId: `link-${++sent}`, content })).message;
}

async function shown(user: { id: string }, spaceId: string, messageId: string) {
  const { messages } = await listMessages(await actorOf(user), spaceId);
  return messages.find((message) => message.id === messageId);
}

async function storedImageKey(messageId: string) {
  const row = await db
    .selectFrom("space_messages")
    .select("link_preview")
    .where("id", "=", messageId)
    .executeTakeFirst();
  const stored = row?.link_preview;
  return stored && !("removed" in stored) ? (stored.image?.key ?? null) : null;
}

describe("a message with a link", () => {
  test("asks for the card of its first link once it is sent, and again only when an edit changes that link", async () => {
    const { owner, space } = await conversation();
    const linked: Array<{ messageId: string; url: string }> = [];
    const unsubscribe = subscribe("message.linked", (event) => linked.push(event));
    try {
      const message = await send(owner, space.id, `Draft: ${site}/launch. Also (see ${site}/plain)`);
      await send(owner, space.id, "No link here");
      expect(linked).toEqual([{ messageId: message.id, url: `${site}/launch` }]);
      await editMessage(await actorOf(owner), message.id, `Draft, now final: ${site}/launch!`);
      expect(linked).toHaveLength(1);
      await editMessage(await actorOf(owner), message.id, `Moved to ${site}/plain`);
      expect(linked.at(-1)).toEqual({ messageId: message.id, url: `${site}/plain` });
    } finally {
      unsubscribe();
    }
  });

  test("gets a card of the page's OpenGraph tags and picture, stored by the app, live and in the replay", async () => {
    const { owner, olivia, space } = await conversation();
    const message = await send(owner, space.id, `Have a look at ${site}/launch`);
    const change = await attachLinkPreview({ messageId: message.id, url: `${site}/launch` });

    const expected: LinkPreview = {
      url: `${site}/launch`,
      title: "Spring launch & campaign",
      description: "Everything about the new campaign.",
      siteName: "Acme Blog",
      image: { url: `/attachments/${message.id}/preview-image`, width: 800, height: 420 },
    };
    expect(change).toMatchObject({
      kind: "message.preview",
      messageId: message.id,
      payload: { linkPreview: expected },
    });
    expect((await shown(olivia, space.id, message.id))?.linkPreview).toEqual(expected);
    // A client catching up from before the send sees the card in the message itself, and the change.
    const replay = await changesSince(await actorOf(olivia), space.id, 0);
    const changes = replay.reload ? [] : replay.changes;
    const created = changes.find((entry) => entry.kind === "message.created" && entry.messageId === message.id);
    expect((created?.payload as ChatMessage).linkPreview).toEqual(expected);
    expect(changes.at(-1)?.seq).toBe(change?.seq);

    // The picture is the app's, re-encoded, for the space's members only.
    const image = await call(previewImage.loader, getRequest(expected.image!.url, await cookieFor(olivia)), {
      messageId: message.id,
    });
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBe(800);
    const stranger = await createAgency({ agencyName: "Initech" });
    const refused = await call(previewImage.loader, getRequest(expected.image!.url, await cookieFor(stranger.owner)), {
      messageId: message.id,
    });
    expect(refused.status).toBe(404);

    // The job runs once: a second run changes nothing.
    expect(await attachLinkPreview({ messageId: message.id, url: `${site}/launch` })).toBeNull();
  });

  test("falls back to the Twitter card's tags, then the page's title and its host as the site", async () => {
    const { owner, space } = await conversation();
    const card = await send(owner, space.id, `${site}/card`);
    const plain = await send(owner, space.id, `${site}/plain`);
    await attachLinkPreview({ messageId: card.id, url: `${site}/card` });
    await attachLinkPreview({ messageId: plain.id, url: `${site}/plain` });
    expect((await shown(owner, space.id, card.id))?.linkPreview).toMatchObject({
      title: "From the Twitter card",
      description: "Card text",
      siteName: "127.0.0.1",
      image: null,
    });
    expect((await shown(owner, space.id, plain.id))?.linkPreview).toMatchObject({
      title: "Just a title",
      description: null,
    });
  });

  test("gets no card, and no error, for a page that says nothing, is not HTML, is missing or is private", async () => {
    const { owner, space } = await conversation();
    for (const url of [
      `${site}/nothing`,
      `${site}/data.json`,
      `${site}/missing`,
      "http://10.0.0.1/",
      "http://[::1]/",
    ]) {
      const message = await send(owner, space.id, `See ${url}`);
      expect(await attachLinkPreview({ messageId: message.id, url })).toBeNull();
      expect((await shown(owner, space.id, message.id))?.linkPreview).toBeNull();
    }
  });

  test("gets no card for a link it no longer leads with, or once deleted", async () => {
    const { owner, space } = await conversation();
    const edited = await send(owner, space.id, `${site}/launch`);
    await editMessage(await actorOf(owner), edited.id, "Never mind");
    expect(await attachLinkPreview({ messageId: edited.id, url: `${site}/launch` })).toBeNull();
    const deleted = await send(owner, space.id, `${site}/launch`);
    await deleteMessage(await actorOf(owner), deleted.id);
    expect(await attachLinkPreview({ messageId: deleted.id, url: `${site}/launch` })).toBeNull();
  });
});

describe("a link preview", () => {
  test("is removed by its sender only, for good, and its picture with it", async () => {
    const { owner, olivia, space } = await conversation();
    const message = await send(owner, space.id, `${site}/launch`);
    await attachLinkPreview({ messageId: message.id, url: `${site}/launch` });
    const key = await storedImageKey(message.id);
    expect(await storage().get(key!)).not.toBeNull();

    await expect(removeLinkPreview(await actorOf(olivia), message.id)).rejects.toThrow(
      "You can only remove previews from your own messages.",
    );
    const stranger = await createAgency({ agencyName: "Initech" });
    await expect(removeLinkPreview(await actorOf(stranger.owner), message.id)).rejects.toThrow("Message not found");
    expect((await shown(olivia, space.id, message.id))?.linkPreview).not.toBeNull();

    const removed = await removeLinkPreview(await actorOf(owner), message.id);
    expect(removed.change).toMatchObject({ kind: "message.preview", payload: { linkPreview: null } });
    expect((await shown(olivia, space.id, message.id))?.linkPreview).toBeNull();
    // A client catching up from before the card replays none of it.
    const replay = await changesSince(await actorOf(olivia), space.id, 0);
    expect(JSON.stringify(replay)).not.toContain("Spring launch");
    expect(await storage().get(key!)).toBeNull();
    // It stays off: the job, run again, and an edit that keeps the link bring nothing back.
    expect(await attachLinkPreview({ messageId: message.id, url: `${site}/launch` })).toBeNull();
    await editMessage(await actorOf(owner), message.id, `${site}/launch is live`);
    expect(await attachLinkPreview({ messageId: message.id, url: `${site}/launch` })).toBeNull();
    expect((await removeLinkPreview(await actorOf(owner), message.id)).change).toBeNull();
  });

  test("goes with its picture when the message is edited to another link or deleted", async () => {
    const { owner, olivia, space } = await conversation();
    const message = await send(owner, space.id, `${site}/launch`);
    await attachLinkPreview({ messageId: message.id, url: `${site}/launch` });
    const first = await storedImageKey(message.id);
    const edit = await editMessage(await actorOf(owner), message.id, `${site}/plain`);
    expect(edit.message.linkPreview).toBeNull();
    expect(await storage().get(first!)).toBeNull();
    await attachLinkPreview({ messageId: message.id, url: `${site}/plain` });
    expect((await shown(olivia, space.id, message.id))?.linkPreview?.title).toBe("Just a title");

    const pictured = await send(owner, space.id, `${site}/launch`);
    await attachLinkPreview({ messageId: pictured.id, url: `${site}/launch` });
    const key = await storedImageKey(pictured.id);
    await deleteMessage(await actorOf(owner), pictured.id);
    expect(await storage().get(key!)).toBeNull();
  });

  test("without JavaScript: the sender's form removes it, with a toast", async () => {
    const { owner, olivia, space } = await conversation();
    const message = await send(olivia, space.id, `${site}/plain`);
    await attachLinkPreview({ messageId: message.id, url: `${site}/plain` });
    const path = `/client/chat/${space.id}`;
    const fields = { intent: "remove-preview", messageId: message.id };
    const posted = await call(clientChat.action, postRequest(path, fields, await cookieFor(olivia)), {
      spaceId: space.id,
    });
    expect(posted.status).toBe(302);
    expect(await toastOf(posted)).toMatchObject({ description: "Preview removed" });
    expect((await shown(owner, space.id, message.id))?.linkPreview).toBeNull();
  });
});

/*
 * Issue 35: one agency's links must not starve everyone's previews. A page is read once
 * for every message that links it, fetches are counted per sender and per agency, the
 * pages are read a few at a time with one agency's at most one of them, and a picture is
 * decoded only up to what an 800 px card needs.
 */
describe("the previews of all agencies", () => {
  async function storedPictures() {
    const files = await fs.readdir(path.join(env().dataDir, "uploads", "link-previews")).catch(() => []);
    return files.length;
  }

  async function cacheRow(url: string) {
    return db.selectFrom("link_preview_cache").selectAll().where("url", "=", url).executeTakeFirst();
  }

  test("share one read of a page, and each message keeps a picture of its own", async () => {
    const first = await conversation();
    const second = await conversation();
    const before = { page: timesRequested("/launch?shared"), picture: timesRequested("/cover.png") };
    const mine = await send(first.owner, first.space.id, `${site}/launch?shared`);
    const theirs = await send(second.owner, second.space.id, `Same page: ${site}/launch?shared#details`);
    await attachLinkPreview({ messageId: mine.id, url: `${site}/launch?shared` });
    await attachLinkPreview({ messageId: theirs.id, url: `${site}/launch?shared#details` });

    expect(timesRequested("/launch?shared")).toBe(before.page + 1);
    expect(timesRequested("/cover.png")).toBe(before.picture + 1);
    const card = { title: "Spring launch & campaign", siteName: "Acme Blog", image: { width: 800, height: 420 } };
    expect((await shown(first.owner, first.space.id, mine.id))?.linkPreview).toMatchObject(card);
    expect((await shown(second.olivia, second.space.id, theirs.id))?.linkPreview).toMatchObject({
      ...card,
      url: `${site}/launch?shared#details`,
    });

    // Taking one card off removes that message's picture only.
    const [mineKey, theirsKey] = [await storedImageKey(mine.id), await storedImageKey(theirs.id)];
    expect(mineKey).not.toBe(theirsKey);
    await removeLinkPreview(await actorOf(first.owner), mine.id);
    expect(await storage().get(mineKey!)).toBeNull();
    const image = await call(
      previewImage.loader,
      getRequest(`/attachments/${theirs.id}/preview-image`, await cookieFor(second.olivia)),
      { messageId: theirs.id },
    );
    expect(image.status).toBe(200);
  });

  test("linked twice at once, a page gives both messages its card and leaves no picture behind", async () => {
    const first = await conversation();
    const second = await conversation();
    const url = `${site}/launch?at-once`;
    const messages = [await send(first.owner, first.space.id, url), await send(second.owner, second.space.id, url)];
    const picturesBefore = await storedPictures();
    // Both may miss the cache and read the page: one read's card is kept, the other's picture goes.
    const changes = await Promise.all(messages.map((message) => attachLinkPreview({ messageId: message.id, url })));
    expect(changes.map((change) => change?.kind)).toEqual(["message.preview", "message.preview"]);
    const inUse = [
      (await cacheRow(url))?.card?.image?.key,
      ...(await Promise.all(messages.map(({ id }) => storedImageKey(id)))),
    ];
    for (const key of inUse) expect(await storage().get(key!)).not.toBeNull();
    expect(new Set(inUse).size).toBe(3);
    expect(await storedPictures()).toBe(picturesBefore + 3);
  });

  test("remember a page with nothing to show for an hour and a card for a day, then read the page again", async () => {
    const { owner, space } = await conversation();
    const [blank, launch] = [`${site}/nothing?kept`, `${site}/launch?kept`];
    const linkTwice = async (url: string) => {
      for (const message of [await send(owner, space.id, url), await send(owner, space.id, url)]) {
        await attachLinkPreview({ messageId: message.id, url });
      }
    };
    await linkTwice(blank);
    await linkTwice(launch);
    expect([timesRequested("/nothing?kept"), timesRequested("/launch?kept")]).toEqual([1, 1]);
    const cachedPicture = (await cacheRow(launch))?.card?.image?.key;
    expect(await storage().get(cachedPicture!)).not.toBeNull();

    const hour = 60 * 60_000;
    await pruneLinkPreviewCache(new Date(Date.now() + 2 * hour));
    expect(await cacheRow(blank)).toBeUndefined();
    expect(await cacheRow(launch)).toBeDefined();
    await pruneLinkPreviewCache(new Date(Date.now() + 25 * hour));
    expect(await cacheRow(launch)).toBeUndefined();
    expect(await storage().get(cachedPicture!)).toBeNull();

    await linkTwice(blank);
    await linkTwice(launch);
    expect([timesRequested("/nothing?kept"), timesRequested("/launch?kept")]).toEqual([2, 2]);

    // An entry past its time that the pruning has not reached yet is read afresh too, and replaced with its picture.
    const lapsedPicture = (await cacheRow(launch))?.card?.image?.key;
    await db.updateTable("link_preview_cache").set({ expires_at: new Date() }).where("url", "=", launch).execute();
    await linkTwice(launch);
    expect(timesRequested("/launch?kept")).toBe(3);
    expect(await storage().get(lapsedPicture!)).toBeNull();
    expect(await storage().get((await cacheRow(launch))!.card!.image!.key)).not.toBeNull();
  });

  test("past 10 new pages a minute from one sender, or 30 from one agency, a link gets no card and its page is not read", async () => {
    const { owner, olivia, team, space } = await conversationWithTeam(2);
    const queue = async (user: { id: string }, url: string) =>
      queueLinkPreview({ messageId: (await send(user, space.id, url)).id, url });

    for (let n = 1; n <= 10; n++) expect(await queue(olivia, `${site}/plain?olivia=${n}`)).not.toBeNull();
    expect(await queue(olivia, `${site}/plain?olivia=11`)).toBeNull();
    expect(timesRequested("/plain?olivia=11")).toBe(0);
    // A page read already costs nothing: its card is kept.
    expect(await queue(olivia, `${site}/plain?olivia=1`)).toMatchObject({ kind: "message.preview" });

    for (const member of [owner, team[0]]) {
      for (let n = 1; n <= 10; n++) {
        expect(await queue(member, `${site}/plain?member=${member.id}&n=${n}`)).not.toBeNull();
      }
    }
    // 30 pages read for the agency: another team member's first link gets none.
    expect(await queue(team[1], `${site}/plain?late=1`)).toBeNull();
    expect(timesRequested("/plain?late=1")).toBe(0);
    const other = await conversation();
    const elsewhere = await send(other.owner, other.space.id, `${site}/plain?elsewhere`);
    expect(await queueLinkPreview({ messageId: elsewhere.id, url: `${site}/plain?elsewhere` })).not.toBeNull();
  });

  test("are read a few at a time, one agency's slow pages one at a time, so another agency's link goes past them", async () => {
    const slow = await conversation();
    const quick = await conversation();
    const slowMessages = [];
    for (let n = 1; n <= 3; n++) slowMessages.push(await send(slow.owner, slow.space.id, `${site}/stall?n=${n}`));
    const quickMessage = await send(quick.owner, quick.space.id, `${site}/plain?quick`);

    const slowJobs = slowMessages.map((message, index) =>
      queueLinkPreview({ messageId: message.id, url: `${site}/stall?n=${index + 1}` }),
    );
    await whenRequested("/stall", 1);
    // The first slow page waits, under its 3 s deadline: the quick link, read meanwhile, takes a fraction of that.
    const first = await Promise.race([
      queueLinkPreview({ messageId: quickMessage.id, url: `${site}/plain?quick` }),
      whenRequested("/stall", 2).then(() => "another slow page was read first"),
    ]);
    expect(first).toMatchObject({ kind: "message.preview", messageId: quickMessage.id });

    releaseStalledPages();
    await Promise.all(slowJobs);
    expect(timesRequested("/stall?n=3")).toBe(1);
    expect(stall.mostAtOnce).toBe(1);
  });

  test("a link whose turn comes over a minute after it was sent gets no card, and its page is not read", async () => {
    const { owner, space } = await conversation();
    const stalled = await send(owner, space.id, `${site}/stall?n=late`);
    const waiting = await send(owner, space.id, `${site}/plain?late`);
    stall.released = false;
    const stallsBefore = requests.filter((request) => new URL(request, site).pathname === "/stall").length;
    const first = queueLinkPreview({ messageId: stalled.id, url: `${site}/stall?n=late` });
    await whenRequested("/stall", stallsBefore + 1);
    const second = queueLinkPreview({ messageId: waiting.id, url: `${site}/plain?late` });
    // Its turn comes a minute and more after it was sent.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      releaseStalledPages();
      await first;
      expect(await second).toBeNull();
    } finally {
      vi.useRealTimers();
    }
    expect(timesRequested("/plain?late")).toBe(0);
  });

  test("decode a page's picture only up to 16 megapixels: a larger one leaves the card without it", async () => {
    const { owner, space } = await conversation();
    const message = await send(owner, space.id, `${site}/poster`);
    await attachLinkPreview({ messageId: message.id, url: `${site}/poster` });
    expect(timesRequested("/huge.png")).toBe(1);
    expect((await shown(owner, space.id, message.id))?.linkPreview).toMatchObject({
      title: "A huge poster",
      image: null,
    });
  });
});

/** A conversation whose agency has `count` team members in the space too. */
async function conversationWithTeam(count: number) {
  const { owner, agencyId } = await createAgency({ firstName: "Grace" });
  const { user: olivia, client } = await createClient(agencyId, { role: "OWNER", name: "Olivia Chen" });
  const members = [];
  for (let n = 0; n < count; n++) members.push(await createTeamMember(agencyId));
  const space = await createSpace(agencyId, {
    clientIds: [client.id],
    teamMemberIds: members.map(({ member }) => member.id),
  });
  return { owner, olivia, team: members.map(({ user }) => user), space };
}
