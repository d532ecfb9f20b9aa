import http from "node:http";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { attachLinkPreview, removeLinkPreview } from "~/models/link-previews.server";
import { deleteMessage, editMessage, listMessages, sendMessage } from "~/models/messages.server";
import { subscribe } from "~/models/events.server";
import { changesSince } from "~/models/space-changes.server";
import type { ChatMessage, LinkPreview } from "~/models/chat-message";
import * as previewImage from "~/routes/attachments.$messageId_.preview-image";
import * as clientChat from "~/routes/client.chat.$spaceId";
import { storage } from "~/services/storage.server";
import { db } from "~/services/db.server";
import { actorOf, createAgency, createClient, createSpace } from "#tests/support/factories";
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

beforeAll(async () => {
  picture = await sharp({ create: { width: 1200, height: 630, channels: 3, background: "#4f46e5" } })
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
  };
  server = http.createServer((request, response) => {
    const path = new URL(request.url ?? "/", site).pathname;
    if (path === "/cover.png") return response.writeHead(200, { "content-type": "image/png" }).end(picture);
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
