import { describe, expect, test } from "vitest";
import { deleteMessage } from "~/models/message-changes.server";
import { AFTER_OPENED, listMessages, PAGE_SIZE } from "~/models/messages.server";
import { teamSideOf } from "~/models/space-access.server";
import { db } from "~/services/db.server";
import * as clientLayout from "~/routes/client";
import * as clientChat from "~/routes/client.chat.$spaceId";
import * as spacesLayout from "~/routes/spaces";
import * as spacePage from "~/routes/spaces.$spaceId";
import { actorOf, createAgency, createClient, createSpace, createSpaceMessage } from "#tests/support/factories";
import { renderedApp } from "#tests/support/rendered-app";
import { cookieFor, getRequest } from "#tests/support/requests";

/*
 * Issue 40: a message found by a search opens its chat at that message (?message=<id>),
 * however old: the page that ends with it and a few after it, the message highlighted in
 * the server's HTML (so it shows without JavaScript), and Latest messages offered. An id
 * the reader may not see opens the latest messages, as if it had not been given.
 */

const handle = renderedApp([
  ["routes/spaces", "root", "spaces", spacesLayout],
  ["routes/spaces.$spaceId", "routes/spaces", ":spaceId", spacePage],
  ["routes/client", "root", "client", clientLayout],
  ["routes/client.chat.$spaceId", "routes/client", "chat/:spaceId", clientChat],
]);

async function pageAt(path: string, cookie: string) {
  const response = await handle(getRequest(path, cookie));
  expect(response.status).toBe(200);
  return response.text();
}

/** The ids of the messages the server's HTML shows highlighted. */
const highlighted = (html: string) =>
  [...html.matchAll(/<li id="message-([\w-]+)"[^>]*class="[^"]*\bbg-amber-50\b/g)].map((match) => match[1]);

const contents = (page: { messages: Array<{ content: string }> }) => page.messages.map((message) => message.content);
const numbered = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => `Message ${from + index}`);

/** A space whose client wrote `count` messages, "Message 1" the oldest, a minute apart. */
async function chatWith(count: number, agencyName = "Acme Digital") {
  const agency = await createAgency({ agencyName });
  const { user: client, client: record } = await createClient(agency.agencyId, { role: "OWNER", name: "Cleo Client" });
  const space = await createSpace(agency.agencyId, { name: "Launch", clientIds: [record.id] });
  const messages = [];
  for (let index = 0; index < count; index++) {
    messages.push(
      await createSpaceMessage(space.id, client.id, { content: `Message ${index + 1}`, minutesAgo: count - index }),
    );
  }
  return { agency, client, space, messages, owner: await actorOf(agency.owner), clientActor: await actorOf(client) };
}

describe("a chat opened at a message", () => {
  test("older than two pages, it shows the page that ends with it and the few after, highlighted, and leaves the chat unread", async () => {
    const { agency, space, messages, owner } = await chatWith(3 * PAGE_SIZE);
    const third = messages[2];

    const page = await listMessages(owner, space.id, { around: third.id });
    expect(contents(page)).toEqual(numbered(1, 3 + AFTER_OPENED));
    expect(page).toMatchObject({ hasOlder: false, hasNewer: true });
    const middle = await listMessages(owner, space.id, { around: messages[2 * PAGE_SIZE].id });
    expect(contents(middle)).toEqual(numbered(PAGE_SIZE + 2, 2 * PAGE_SIZE + 1 + AFTER_OPENED));
    expect(middle).toMatchObject({ hasOlder: true, hasNewer: true });
    // Among the latest: the page runs to the latest message, and there is nothing newer to offer.
    const recent = await listMessages(owner, space.id, { around: messages.at(-2)!.id });
    expect(contents(recent)).toEqual(numbered(2 * PAGE_SIZE, 3 * PAGE_SIZE));
    expect(recent).toMatchObject({ hasOlder: true, hasNewer: false });

    const html = await pageAt(`/spaces/${space.id}?message=${third.id}`, await cookieFor(agency.owner));
    expect(highlighted(html)).toEqual([third.id]);
    expect(html).toContain(`>Message ${3 + AFTER_OPENED}<`);
    expect(html).not.toContain(`>Message ${4 + AFTER_OPENED}<`);
    expect(html).toContain("Latest messages");
    const reads = await db.selectFrom("space_reads").selectAll().where("space_id", "=", space.id).execute();
    expect(reads.filter((read) => read.user_id === agency.owner.id)).toEqual([]);
  });

  test("a client opens their chat at a message the same way", async () => {
    const { client, space, messages } = await chatWith(PAGE_SIZE + 10);
    const html = await pageAt(`/client/chat/${space.id}?message=${messages[0].id}`, await cookieFor(client));
    expect(highlighted(html)).toEqual([messages[0].id]);
    expect(html).toContain(">Message 1<");
  });

  test("a deleted message, or an id that is no message, opens the latest page with nothing highlighted", async () => {
    const { client, space, messages, owner, clientActor } = await chatWith(2 * PAGE_SIZE);
    await deleteMessage(clientActor, messages[2].id);
    const latest = await listMessages(owner, space.id);
    for (const around of [messages[2].id, crypto.randomUUID(), "not-an-id"]) {
      expect(await listMessages(owner, space.id, { around })).toEqual(latest);
      const html = await pageAt(`/client/chat/${space.id}?message=${around}`, await cookieFor(client));
      expect(highlighted(html)).toEqual([]);
      expect(html).toContain(`>Message ${2 * PAGE_SIZE}<`);
      expect(html).not.toContain("Latest messages");
    }
  });

  test("a foreign agency's message, or the team side's for a client, shows the latest page and nothing of it", async () => {
    const { agency, client, space, owner, clientActor } = await chatWith(2 * PAGE_SIZE);
    const other = await chatWith(1, "Other Agency");
    const foreign = await createSpaceMessage(other.space.id, other.agency.owner.id, { content: "Other agency secret" });
    const teamSide = await teamSideOf(space.id);
    const note = await createSpaceMessage(teamSide, agency.owner.id, { content: "Team-only note", minutesAgo: 300 });

    expect(await listMessages(owner, space.id, { around: foreign.id })).toEqual(await listMessages(owner, space.id));
    const agencyPage = await pageAt(`/spaces/${space.id}?message=${foreign.id}`, await cookieFor(agency.owner));
    expect(highlighted(agencyPage)).toEqual([]);
    expect(agencyPage).not.toContain("Other agency secret");
    expect(agencyPage).toContain(`>Message ${2 * PAGE_SIZE}<`);

    expect(await listMessages(clientActor, space.id, { around: note.id })).toEqual(
      await listMessages(clientActor, space.id),
    );
    const clientPage = await pageAt(`/client/chat/${space.id}?message=${note.id}`, await cookieFor(client));
    expect(clientPage).not.toContain("Team-only note");
    expect(highlighted(clientPage)).toEqual([]);
  });
});

/*
 * Issue 41: a message's tools are drawn for the message a person acts on, not for every
 * message of the page. Without JavaScript each message has a Message actions link,
 * ?tools=<id>, which draws that message's tools, and keeps the page it was on.
 */
describe("a message's tools without JavaScript", () => {
  /** The ids of the messages whose tools (Add reaction, Reply) the server drew. */
  const withTools = (html: string) =>
    [...html.matchAll(/<li id="message-([\w-]+)"[\s\S]*?(?=<li id="message-|<\/ol>)/g)]
      .filter((item) => item[0].includes('title="Reply"'))
      .map((item) => item[1]);

  test("are one Message actions link a message, which opens the page with that message's tools", async () => {
    const { client, space, messages } = await chatWith(3);
    const cookie = await cookieFor(client);
    const html = await pageAt(`/client/chat/${space.id}`, cookie);
    expect(withTools(html)).toEqual([]);
    for (const message of messages) {
      expect(html).toContain(`href="?tools=${message.id}#message-${message.id}"`);
    }
    expect(html.match(/title="Message actions"/g)).toHaveLength(3);

    const drawn = await pageAt(`/client/chat/${space.id}?tools=${messages[1].id}`, cookie);
    expect(withTools(drawn)).toEqual([messages[1].id]);
    expect(drawn).toContain(`href="/client/chat/${space.id}?tools=${messages[1].id}&amp;open=react-${messages[1].id}`);
    // Its Add reaction opened: the tools stay drawn, with the four reactions to choose from.
    const picking = await pageAt(`/client/chat/${space.id}?open=react-${messages[1].id}`, cookie);
    expect(withTools(picking)).toEqual([messages[1].id]);
    expect(picking).toContain('aria-label="Heart"');
  });

  test("on an older page, the link keeps the page", async () => {
    const { agency, space, messages } = await chatWith(PAGE_SIZE + 5);
    const oldest = messages[0];
    const html = await pageAt(`/spaces/${space.id}?before=${messages[PAGE_SIZE].id}`, await cookieFor(agency.owner));
    expect(html).toContain(`href="?before=${messages[PAGE_SIZE].id}&amp;tools=${oldest.id}#message-${oldest.id}"`);
    const drawn = await pageAt(
      `/spaces/${space.id}?before=${messages[PAGE_SIZE].id}&tools=${oldest.id}`,
      await cookieFor(agency.owner),
    );
    expect(withTools(drawn)).toEqual([oldest.id]);
  });
});
