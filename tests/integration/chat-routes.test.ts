import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { unreadOnSight } from "~/components/chat/chat-reads";
import { applyChange, initChatState } from "~/components/chat/chat-state";
import { LiveChat } from "~/components/chat/live-chat";
import { sendMessage } from "~/models/message-sending.server";
import { removeClientFromSpace } from "~/models/space-assignments.server";
import { unreadShown } from "#tests/support/unread-shown";
import * as attachment from "~/routes/attachments.$messageId";
import * as clientChat from "~/routes/client.chat.$spaceId";
import * as chatResource from "~/routes/resources.chat.$spaceId";
import * as space from "~/routes/spaces.$spaceId";
import { db } from "~/services/db.server";
import { storage } from "~/services/storage.server";
import type { ChatMessage } from "~/shared/chat-message";
import { unpackPage, type Packed } from "~/shared/chat-page";
import { actorOf, createAgency, createClient, createSpace, createSpaceMessage } from "#tests/support/factories";
import {
  call,
  cookieFor,
  getRequest,
  multipartRequest,
  postRequest,
  toastOf,
  type RouteHandler,
} from "#tests/support/requests";
import {
  MemoryStorage,
  closeClients,
  connectClient,
  eventually,
  sessionCookie,
  startRealtimeServer,
  stopRealtimeServers,
} from "#tests/support/sockets";

/* The chat's pages, its resource route and its file route, called as a browser would. */

async function world() {
  const agency = await createAgency();
  const client = await createClient(agency.agencyId, { role: "OWNER", name: "Cleo Client" });
  const launch = await createSpace(agency.agencyId, { name: "Launch", clientIds: [client.client.id] });
  const foreign = await createAgency({ agencyName: "Elsewhere" });
  return {
    agency,
    client,
    launch,
    cookies: {
      agency: await cookieFor(agency.owner),
      client: await cookieFor(client.user),
      foreign: await cookieFor(foreign.owner),
    },
  };
}

const messagesIn = (spaceId: string) =>
  db.selectFrom("space_messages").selectAll().where("space_id", "=", spaceId).orderBy("created_at").execute();

/** The reads of the space the user's opening and their live chat logged. */
const readsBy = (spaceId: string, userId: string) =>
  db
    .selectFrom("space_changes")
    .select("seq")
    .where("space_id", "=", spaceId)
    .where("kind", "=", "read.advanced")
    .where("user_id", "=", userId)
    .execute();

type ChatPage = {
  chat: { spaceId: string; page: Packed<{ messages: ChatMessage[]; hasOlder: boolean; lastSeq: number }> };
};

/** The page's messages as ChatRoom makes them whole. */
const messagesOf = async (response: Response) => {
  const { chat } = (await response.json()) as ChatPage;
  return unpackPage(chat.spaceId, chat.page);
};

describe("the chat without JavaScript", () => {
  test("a file sent by the page's form is stored privately and downloads only for members", async () => {
    const { agency, client, launch, cookies } = await world();
    const file = new File(["Budget: 12k\n"], "budget.txt", { type: "text/plain" });
    const path = `/spaces/${launch.id}`;
    const sent = await call(
      space.action,
      multipartRequest(
        path,
        { intent: "send", clientId: crypto.randomUUID(), content: "The budget", file },
        cookies.agency,
      ),
      { spaceId: launch.id },
    );
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(path);
    expect(await toastOf(sent)).toMatchObject({ description: "File uploaded successfully" });
    const [stored] = await messagesIn(launch.id);
    expect(stored).toMatchObject({ content: "The budget", attachment_name: "budget.txt", attachment_size: 12 });
    expect(stored.attachment_key).toMatch(/^chat-attachments\/[0-9a-f]{32}\.txt$/);

    const download = await call(attachment.loader, getRequest(`/attachments/${stored.id}`, cookies.client), {
      messageId: stored.id,
    });
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Disposition")).toBe("attachment; filename*=UTF-8''budget.txt");
    expect(await download.text()).toBe("Budget: 12k\n");

    const foreign = await call(attachment.loader, getRequest(`/attachments/${stored.id}`, cookies.foreign), {
      messageId: stored.id,
    });
    expect(foreign.status).toBe(404);
    await removeClientFromSpace(await actorOf(agency.owner), launch.id, client.client.id);
    const removed = await call(attachment.loader, getRequest(`/attachments/${stored.id}`, cookies.client), {
      messageId: stored.id,
    });
    expect(removed.status).toBe(404);
    const anonymous = await call(attachment.loader, getRequest(`/attachments/${stored.id}`), { messageId: stored.id });
    expect(anonymous.status).toBe(302);
  });

  test("a refused send comes back with the text as typed and the reason; nothing is stored", async () => {
    const { launch, cookies } = await world();
    const path = `/client/chat/${launch.id}`;
    const empty = await call(
      clientChat.action,
      postRequest(path, { intent: "send", clientId: crypto.randomUUID(), content: "  " }, cookies.client),
      { spaceId: launch.id },
    );
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ sendError: "Message cannot be empty.", draft: "  " });

    const program = new File([new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0])], "setup.txt");
    const wrongType = await call(
      clientChat.action,
      multipartRequest(
        path,
        { intent: "send", clientId: crypto.randomUUID(), content: "Run this", file: program },
        cookies.client,
      ),
      { spaceId: launch.id },
    );
    expect(wrongType.status).toBe(400);
    expect(await wrongType.json()).toEqual({
      sendError: "Please upload an image, PDF, Word document or text file.",
      draft: "Run this",
    });

    const huge = new File([new Uint8Array(10 * 1024 * 1024 + 1).fill(65)], "huge.txt");
    const tooLarge = await call(
      clientChat.action,
      multipartRequest(
        path,
        { intent: "send", clientId: crypto.randomUUID(), content: "", file: huge },
        cookies.client,
      ),
      { spaceId: launch.id },
    );
    expect(await tooLarge.json()).toMatchObject({ sendError: "Please upload a file smaller than 10MB." });
    expect(await messagesIn(launch.id)).toEqual([]);
  });

  test("editing someone else's message goes back to the chat with SPEC §8's words, the message unchanged", async () => {
    const { agency, launch, cookies } = await world();
    const message = await createSpaceMessage(launch.id, agency.owner.id, { content: "Agency words" });
    const path = `/client/chat/${launch.id}`;
    const response = await call(
      clientChat.action,
      postRequest(path, { intent: "edit", messageId: message.id, content: "Client words" }, cookies.client),
      { spaceId: launch.id },
    );
    expect(response.headers.get("Location")).toBe(path);
    expect(await toastOf(response)).toMatchObject({
      type: "error",
      title: "Could not edit message.",
      description: "Make sure you're the sender of this message.",
    });
    const [stored] = await messagesIn(launch.id);
    expect(stored.content).toBe("Agency words");
  });

  test("a foreign agency cannot open, post to or fetch from a space's chat (404, nothing stored)", async () => {
    const { launch, cookies } = await world();
    const params = { spaceId: launch.id };
    expect((await call(space.loader, getRequest(`/spaces/${launch.id}`, cookies.foreign), params)).status).toBe(404);
    const post = postRequest(`/spaces/${launch.id}`, { intent: "send", clientId: "x", content: "Hi" }, cookies.foreign);
    expect((await call(space.action, post, params)).status).toBe(404);
    const resource = postRequest(
      `/resources/chat/${launch.id}`,
      { intent: "send", clientId: "y", content: "Hi" },
      cookies.foreign,
    );
    expect((await call(chatResource.action, resource, params)).status).toBe(404);
    const older = getRequest(`/resources/chat/${launch.id}?before=${crypto.randomUUID()}`, cookies.foreign);
    expect((await call(chatResource.loader, older, params)).status).toBe(404);
    expect(await messagesIn(launch.id)).toEqual([]);
  });

  test("a refused reaction goes back to the chat with a toast that says why", async () => {
    const { agency, launch, cookies } = await world();
    const message = await createSpaceMessage(launch.id, agency.owner.id, { content: "Agency words" });
    const path = `/client/chat/${launch.id}`;
    const response = await call(
      clientChat.action,
      postRequest(path, { intent: "react", messageId: message.id, reaction: "wink" }, cookies.client),
      { spaceId: launch.id },
    );
    expect(response.headers.get("Location")).toBe(path);
    expect(await toastOf(response)).toMatchObject({ type: "error", description: "Reaction not found" });
    expect(await db.selectFrom("message_reactions").selectAll().execute()).toEqual([]);
  });
});

describe("reading the chat: once for each opening", () => {
  let origin: string;
  beforeAll(async () => {
    origin = await startRealtimeServer();
  });
  afterEach(() => closeClients());
  afterAll(() => stopRealtimeServers());

  test("without JavaScript, opening the chat reads it, once; coming back to it with nothing new reads nothing", async () => {
    const { agency, client, launch, cookies } = await world();
    await createSpaceMessage(launch.id, agency.owner.id, { content: "One", minutesAgo: 2 });
    const two = await createSpaceMessage(launch.id, agency.owner.id, { content: "Two", minutesAgo: 1 });
    const clientActor = await actorOf(client.user);
    expect(await unreadShown(clientActor, launch.id)).toBe(2);
    const path = `/client/chat/${launch.id}`;
    const open = () => call(clientChat.loader, getRequest(path, cookies.client), { spaceId: launch.id });

    const page = await messagesOf(await open());
    expect(page.messages.map((message) => message.content)).toEqual(["One", "Two"]);
    // The page shows what it read: Cleo among the readers, nothing unread.
    expect(page.messages.map((message) => message.readers.map((reader) => reader.name))).toEqual([
      ["Cleo Client"],
      ["Cleo Client"],
    ]);
    expect(await unreadShown(clientActor, launch.id)).toBe(0);
    expect(await readsBy(launch.id, client.user.id)).toHaveLength(1);

    // A reaction posted by the page's form comes back to the page.
    const reacted = await call(
      clientChat.action,
      postRequest(path, { intent: "react", messageId: two.id, reaction: "heart" }, cookies.client),
      { spaceId: launch.id },
    );
    expect(reacted.headers.get("Location")).toBe(path);
    await open();
    expect(await readsBy(launch.id, client.user.id)).toHaveLength(1);

    await createSpaceMessage(launch.id, agency.owner.id, { content: "Three" });
    await open();
    expect(await readsBy(launch.id, client.user.id)).toHaveLength(2);
  });

  test("with JavaScript, the page's opening is the one read, and the live chat reads only what comes after", async () => {
    const { agency, client, launch, cookies } = await world();
    await createSpaceMessage(launch.id, agency.owner.id, { content: "One", minutesAgo: 1 });
    // The document, or Remix's own navigation to it: the same loader.
    const opened = await call(clientChat.loader, getRequest(`/client/chat/${launch.id}`, cookies.client), {
      spaceId: launch.id,
    });
    const page = await messagesOf(opened);
    expect(await readsBy(launch.id, client.user.id)).toHaveLength(1);

    // The page's live chat on the tab's socket, as ChatRoom runs it.
    let state = initChatState(page);
    const live = new LiveChat({
      socket: await connectClient(origin, await sessionCookie(client.user)),
      spaceId: launch.id,
      lastSeq: page.lastSeq,
      storage: new MemoryStorage(),
      onChange: (change) => (state = applyChange(state, change)),
      onReload: () => {
        throw new Error("no reload expected");
      },
      viewerId: client.user.id,
    });
    live.start();
    await live.sync();
    // The reader at the foot of the chat (MessageList's onSeeLatest).
    const seeLatest = async () => {
      const unread = unreadOnSight(state.messages.at(-1), page.messages, client.user.id);
      if (unread) expect(await live.markRead(unread.id)).toBeNull();
    };
    await seeLatest();
    expect(await readsBy(launch.id, client.user.id)).toHaveLength(1);

    await sendMessage(await actorOf(agency.owner), launch.id, { clientId: crypto.randomUUID(), content: "Two" });
    await eventually(() => expect(state.messages.at(-1)?.content).toBe("Two"));
    await seeLatest();
    expect(await readsBy(launch.id, client.user.id)).toHaveLength(2);
    // Its read came back with the answer: the message shows Cleo among its readers, and is not read again.
    expect(state.messages.at(-1)?.readers.map((reader) => reader.name)).toEqual(["Cleo Client"]);
    await seeLatest();
    expect(await readsBy(launch.id, client.user.id)).toHaveLength(2);
    live.stop();
  });
});

describe("the chat's resource route, for the browser's scripts", () => {
  test("a message with a file answers with the stored message and its number; a retry with the same id stores nothing new", async () => {
    const { launch, cookies } = await world();
    const clientId = crypto.randomUUID();
    const post = () =>
      call(
        chatResource.action,
        multipartRequest(
          `/resources/chat/${launch.id}`,
          { intent: "send", clientId, content: "The brief", file: new File(["Scope\n"], "brief.txt") },
          cookies.client,
        ),
        { spaceId: launch.id },
      );
    const first = await post();
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({
      ok: true,
      intent: "send",
      seq: 1,
      duplicate: false,
      message: { content: "The brief", senderName: "Cleo Client", clientId, attachment: { name: "brief.txt" } },
    });
    expect(await (await post()).json()).toMatchObject({ ok: true, seq: 1, duplicate: true });
    expect(await messagesIn(launch.id)).toHaveLength(1);
  });

  test("it takes a message and nothing else: the other commands are the socket's, or the page's forms'", async () => {
    const { launch, client, cookies } = await world();
    const own = await createSpaceMessage(launch.id, client.user.id, { content: "Draft one" });
    const commands: Array<Record<string, string>> = [
      { intent: "edit", messageId: own.id, content: "Draft two" },
      { intent: "delete", messageId: own.id },
      { intent: "react", messageId: own.id, reaction: "heart" },
      { intent: "remove-preview", messageId: own.id },
      { intent: "read" },
    ];
    for (const fields of commands) {
      const response = await call(
        chatResource.action,
        postRequest(`/resources/chat/${launch.id}`, fields, cookies.client),
        { spaceId: launch.id },
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ ok: false, intent: fields.intent });
    }
    expect(await messagesIn(launch.id)).toMatchObject([{ content: "Draft one", deleted_at: null }]);
    expect(await db.selectFrom("space_changes").selectAll().where("space_id", "=", launch.id).execute()).toEqual([]);
  });
});

describe("reactions without JavaScript", () => {
  test("reactions past a person's pace are refused in words and store nothing, one message or many", async () => {
    const { agency, client, launch, cookies } = await world();
    const messages = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        createSpaceMessage(launch.id, agency.owner.id, { content: `#${index}` }),
      ),
    );
    // Each as the page's form posts it: back to the page, with a toast that says why when refused.
    const react = async (messageId: string, as: "client" | "agency" = "client") => {
      const [action, path] =
        as === "client" ? [clientChat.action, `/client/chat/${launch.id}`] : [space.action, `/spaces/${launch.id}`];
      const response = await call(
        action,
        postRequest(path, { intent: "react", messageId, reaction: "heart" }, cookies[as]),
        { spaceId: launch.id },
      );
      const toast = await toastOf(response);
      return { ok: !toast, error: toast?.description };
    };
    const storedReactions = () =>
      db
        .selectFrom("space_changes")
        .select("seq")
        .where("space_id", "=", launch.id)
        .where("kind", "=", "reaction.changed")
        .execute();

    // The allowance refills slowly (a toggle of a message every 5 seconds, a reaction a second).
    const started = performance.now();
    const refilled = (perSecond: number) => Math.ceil(((performance.now() - started) / 1000) * perSecond);

    // Toggling one message on and off, as fast as a script can.
    const sameMessage = [];
    for (let index = 0; index < 20; index++) sameMessage.push(await react(messages[0].id));
    const toggled = sameMessage.filter((answer) => answer.ok).length;
    expect(toggled).toBeGreaterThanOrEqual(10);
    expect(toggled).toBeLessThanOrEqual(10 + refilled(0.2));
    // The first refused is said in words (which answer that is, and whether a token came back
    // since, depends on how fast this machine runs them).
    expect(sameMessage.find((answer) => !answer.ok)).toMatchObject({
      ok: false,
      error: "Too many reactions. Please wait a moment and try again.",
    });
    expect(await storedReactions()).toHaveLength(toggled);

    // Another member is not held back by Cleo's flood.
    expect(await react(messages[0].id, "agency")).toMatchObject({ ok: true });

    // One reaction on each of many messages.
    const manyMessages = [];
    for (const message of messages.slice(1)) manyMessages.push(await react(message.id));
    expect(manyMessages.filter((answer) => answer.ok).length).toBeLessThanOrEqual(30 - toggled + refilled(1));
    expect(manyMessages.find((answer) => !answer.ok)).toMatchObject({
      ok: false,
      error: "Too many reactions. Please wait a moment and try again.",
    });
    const reacted = await db
      .selectFrom("message_reactions")
      .select("message_id")
      .where("user_id", "=", client.user.id)
      .execute();
    expect(reacted.length).toBe(manyMessages.filter((answer) => answer.ok).length);
  });
});

describe("a person's pace over HTTP", () => {
  const TOO_MANY_REQUESTS = "Too many requests. Please wait a moment and try again.";

  test("posts past the person's allowance are refused with 429 in the socket's words, and nothing is stored", async () => {
    const { agency, client, launch, cookies } = await world();
    const own = await createSpaceMessage(launch.id, client.user.id, { content: "Draft one" });
    const resource = `/resources/chat/${launch.id}`;
    const page = `/client/chat/${launch.id}`;
    const post = (action: RouteHandler, path: string, fields: Record<string, string>, cookie: string) =>
      call(action, postRequest(path, fields, cookie), { spaceId: launch.id });
    // The allowance regains 10 a second; its clock stands still here, so the count is exact.
    vi.useFakeTimers({ toFake: ["performance"] });
    try {
      // What the server cannot use still counts, as it does over the socket.
      const junk = [];
      for (let index = 0; index < 120; index++)
        junk.push((await post(chatResource.action, resource, {}, cookies.client)).status);
      expect(junk).toEqual(Array(120).fill(400));

      for (const [action, path, fields] of [
        [clientChat.action, page, { intent: "send", clientId: crypto.randomUUID(), content: "Still there?" }],
        [clientChat.action, page, { intent: "edit", messageId: own.id, content: "Draft two" }],
        [chatResource.action, resource, { intent: "send", clientId: crypto.randomUUID(), content: "Hello?" }],
      ] as const) {
        const refused = await post(action, path, fields, cookies.client);
        expect(refused.status).toBe(429);
        expect(await refused.text()).toBe(TOO_MANY_REQUESTS);
      }
      expect((await messagesIn(launch.id)).map((message) => message.content)).toEqual(["Draft one"]);

      // Another member is not held back by Cleo's flood.
      const other = await post(
        space.action,
        `/spaces/${launch.id}`,
        { intent: "send", clientId: crypto.randomUUID(), content: "Here" },
        cookies.agency,
      );
      expect(other.status).toBe(302);
      expect((await messagesIn(launch.id)).map((message) => message.sender_id)).toEqual([
        client.user.id,
        agency.owner.id,
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("images and deleted files", () => {
  test("an image shows inline for members; deleting its message removes the file", async () => {
    const { launch, cookies } = await world();
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#3366ff" } })
      .png()
      .toBuffer();
    const sent = await call(
      chatResource.action,
      multipartRequest(
        `/resources/chat/${launch.id}`,
        {
          intent: "send",
          clientId: crypto.randomUUID(),
          content: "",
          file: new File([new Uint8Array(png)], "mockup.png"),
        },
        cookies.client,
      ),
      { spaceId: launch.id },
    );
    const body = (await sent.json()) as { message: { id: string; attachment: { type: string; url: string } } };
    expect(body.message.attachment).toMatchObject({ type: "image/png", url: `/attachments/${body.message.id}` });
    const image = await call(attachment.loader, getRequest(body.message.attachment.url, cookies.agency), {
      messageId: body.message.id,
    });
    expect(image.headers.get("Content-Type")).toBe("image/png");
    expect(image.headers.get("Content-Disposition")).toBe("inline; filename*=UTF-8''mockup.png");

    const [stored] = await messagesIn(launch.id);
    const key = stored.attachment_key ?? "";
    expect(await storage().get(key)).not.toBeNull();
    const deleted = await call(
      clientChat.action,
      postRequest(`/client/chat/${launch.id}`, { intent: "delete", messageId: stored.id }, cookies.client),
      { spaceId: launch.id },
    );
    expect(deleted.headers.get("Location")).toBe(`/client/chat/${launch.id}`);
    expect(await storage().get(key)).toBeNull();
    const gone = await call(attachment.loader, getRequest(body.message.attachment.url, cookies.client), {
      messageId: stored.id,
    });
    expect(gone.status).toBe(404);
  });
});
