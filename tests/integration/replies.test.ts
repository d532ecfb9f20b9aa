import { describe, expect, test } from "vitest";
import { listMessages } from "~/models/messages.server";
import { sendMessage } from "~/models/message-sending.server";
import { deleteMessage, editMessage } from "~/models/message-changes.server";
import { removeClientFromSpace } from "~/models/space-assignments.server";
import { changesSince } from "~/models/space-changes.server";
import type { ChatMessage } from "~/shared/chat-message";
import * as agencyChat from "~/routes/spaces.$spaceId";
import * as clientChat from "~/routes/client.chat.$spaceId";
import { db } from "~/services/db.server";
import { actorOf, createAgency, createClient, createSpace } from "#tests/support/factories";
import { call, cookieFor, getRequest, postRequest } from "#tests/support/requests";

/* Issue 21's replies: a message that answers another of the same space, quoted wherever it travels. */

async function conversation() {
  const { owner, agencyId } = await createAgency({ firstName: "Grace" });
  const { user: olivia, client } = await createClient(agencyId, { role: "OWNER", name: "Olivia Chen" });
  const space = await createSpace(agencyId, { clientIds: [client.id] });
  const otherSpace = await createSpace(agencyId, { name: "Elsewhere" });
  return { owner, olivia, client, space, otherSpace };
}

let sent = 0;
async function send(user: { id: string }, spaceId: string, content: string, replyToId?: string) {
  return sendMessage(await actorOf(user), spaceId, { clientId: `reply-${++sent}`, content, replyToId });
}

const quoteOf = (messages: ChatMessage[], id: string) => messages.find((message) => message.id === id)?.replyTo;

describe("a reply", () => {
  test("quotes its original's sender and first line in the chat, the live change, the replay and search", async () => {
    const { owner, olivia, space } = await conversation();
    const original = (await send(olivia, space.id, "Is the logo ready?\nNo rush, Friday is fine.")).message;
    const reply = await send(owner, space.id, "Yes, attached this afternoon", original.id);

    const quote = { id: original.id, senderName: "Olivia Chen", excerpt: "Is the logo ready?", deleted: false };
    expect(reply.message.replyTo).toEqual(quote);
    expect((reply.change?.payload as ChatMessage).replyTo).toEqual(quote);
    const actor = await actorOf(olivia);
    expect(quoteOf((await listMessages(actor, space.id)).messages, reply.message.id)).toEqual(quote);
    const replay = await changesSince(actor, space.id, 0);
    const replayed = replay.reload ? [] : replay.changes.map((change) => change.payload as ChatMessage);
    expect(quoteOf(replayed, reply.message.id)).toEqual(quote);
    const found = await listMessages(actor, space.id, { matching: "attached" });
    expect(quoteOf(found.messages, reply.message.id)).toEqual(quote);
  });

  test("quotes its original's sender by name after they have left the space, on a page without the original", async () => {
    const { owner, olivia, client, space } = await conversation();
    const original = (await send(olivia, space.id, "Here is the brief")).message;
    await removeClientFromSpace(await actorOf(owner), space.id, client.id);
    const reply = (await send(owner, space.id, "Thanks, noted", original.id)).message;

    const found = await listMessages(await actorOf(owner), space.id, { matching: "noted" });
    expect(found.messages.map((message) => message.id)).toEqual([reply.id]);
    expect(quoteOf(found.messages, reply.id)).toEqual({
      id: original.id,
      senderName: "Olivia Chen",
      excerpt: "Here is the brief",
      deleted: false,
    });
  });

  test("follows its original's edit, and says so when the original is deleted", async () => {
    const { owner, olivia, space } = await conversation();
    const original = (await send(olivia, space.id, "Draft one")).message;
    const reply = (await send(owner, space.id, "Looks good", original.id)).message;
    await editMessage(await actorOf(olivia), original.id, "Draft two");
    const actor = await actorOf(owner);
    expect(quoteOf((await listMessages(actor, space.id)).messages, reply.id)?.excerpt).toBe("Draft two");

    await deleteMessage(await actorOf(olivia), original.id);
    expect(quoteOf((await listMessages(actor, space.id)).messages, reply.id)).toEqual({
      id: original.id,
      senderName: "",
      excerpt: "",
      deleted: true,
    });
  });

  test("to a message of another space, another agency's, or none is refused, and nothing is stored", async () => {
    const { owner, space, otherSpace } = await conversation();
    const elsewhere = (await send(owner, otherSpace.id, "In another space")).message;
    const stranger = await createAgency({ agencyName: "Initech" });
    const theirs = (await send(stranger.owner, (await createSpace(stranger.agencyId)).id, "Theirs")).message;
    const before = await db.selectFrom("space_messages").select("id").where("space_id", "=", space.id).execute();

    for (const replyToId of [elsewhere.id, theirs.id, crypto.randomUUID(), "not-an-id"]) {
      await expect(send(owner, space.id, "A reply", replyToId)).rejects.toThrow("Message not found");
    }
    const after = await db.selectFrom("space_messages").select("id").where("space_id", "=", space.id).execute();
    expect(after).toEqual(before);
  });

  test("without JavaScript: ?reply= shows the quote above the box, and the form sends it", async () => {
    const { owner, olivia, space } = await conversation();
    const original = (await send(owner, space.id, "Kick-off on Monday?")).message;
    const cookie = await cookieFor(olivia);
    const page = await call(clientChat.loader, getRequest(`/client/chat/${space.id}?reply=${original.id}`, cookie), {
      spaceId: space.id,
    });
    expect((await page.json()).chat.replyingTo).toEqual({
      id: original.id,
      senderName: "Grace Owner",
      excerpt: "Kick-off on Monday?",
      deleted: false,
    });

    const posted = await call(
      clientChat.action,
      postRequest(
        `/client/chat/${space.id}`,
        { intent: "send", clientId: "no-js-reply", content: "Monday works", replyToId: original.id },
        cookie,
      ),
      { spaceId: space.id },
    );
    expect(posted.status).toBe(302);
    const { messages } = await listMessages(await actorOf(owner), space.id);
    expect(messages.at(-1)).toMatchObject({ content: "Monday works", replyTo: { id: original.id } });

    // Another agency's owner gets no quote of it, and no page.
    const stranger = await createAgency({ agencyName: "Initech" });
    const refused = await call(
      agencyChat.loader,
      getRequest(`/spaces/${space.id}?reply=${original.id}`, await cookieFor(stranger.owner)),
      { spaceId: space.id },
    );
    expect(refused.status).toBe(404);
  });
});
