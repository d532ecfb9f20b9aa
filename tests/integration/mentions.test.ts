import { describe, expect, test } from "vitest";
import { subscribe } from "~/models/events.server";
import { sendMentionNotice } from "~/models/mention-notices.server";
import { PresenceTracker } from "~/realtime/presence.server";
import { deleteMessage, editMessage, listMessages, sendMessage } from "~/models/messages.server";
import { saveNotificationPreferences, DEFAULT_PREFERENCES } from "~/models/notification-preferences.server";
import { removePerson } from "~/models/people.server";
import { markRead } from "~/models/space-reads.server";
import { spacesWithUnread } from "~/models/unread.server";
import { readOutbox } from "~/services/outbox.server";
import * as chatResource from "~/routes/resources.chat.$spaceId";
import * as agencyChat from "~/routes/spaces.$spaceId";
import { db } from "~/services/db.server";
import { actorOf, createAgency, createClient, createSpace, createTeamMember } from "#tests/support/factories";
import { call, cookieFor, getRequest } from "#tests/support/requests";

/* Issue 17: mentions in the chat: who is named, how it reads after a rename, and the Mentions filter. */

/** An agency's space with a designer and a client in it, and a designer of the agency who is not. */
async function spaceWithMembers() {
  const { owner, agencyId } = await createAgency({ firstName: "Grace" });
  const { user: dana, member: danaRecord } = await createTeamMember(agencyId, "DESIGNER", { name: "Dana Designer" });
  const { user: outsider } = await createTeamMember(agencyId, "DESIGNER", { name: "Oscar Outside" });
  const { user: olivia, client } = await createClient(agencyId, { role: "OWNER", name: "Olivia Chen" });
  const space = await createSpace(agencyId, { teamMemberIds: [danaRecord.id], clientIds: [client.id] });
  return { owner, dana, danaRecord, outsider, olivia, space };
}

let sent = 0;
const send = async (user: { id: string }, spaceId: string, content: string) =>
  (await sendMessage(await actorOf(user), spaceId, { clientId: `mention-${++sent}`, content })).message;

describe("who a message mentions", () => {
  test("members named as @Full Name, in any case, and nobody the space does not hold", async () => {
    const { olivia, dana, owner, outsider, space } = await spaceWithMembers();
    const message = await send(
      olivia,
      space.id,
      "Thanks @dana designer and @Grace Owner! cc @Oscar Outside, mail me at olivia@globex.example",
    );
    expect(message.mentions.map(({ userId, name }) => ({ userId, name }))).toEqual([
      { userId: dana.id, name: "Dana Designer" },
      { userId: owner.id, name: "Grace Owner" },
    ]);
    expect(message.mentions.map((mention) => outsider.id === mention.userId)).not.toContain(true);
    const stored = await db.selectFrom("space_messages").select("mentions").where("id", "=", message.id).execute();
    expect(stored[0].mentions).toEqual([
      { userId: dana.id, start: 7, length: 14 },
      { userId: owner.id, start: 26, length: 12 },
    ]);
  });

  test("a mention shows the name as it is now; the text stays as it was typed", async () => {
    const { olivia, dana, space } = await spaceWithMembers();
    await send(olivia, space.id, "Over to you, @Dana Designer");
    await db.updateTable("team_members").set({ name: "Dana Rivera" }).where("user_id", "=", dana.id).execute();
    const [message] = (await listMessages(await actorOf(olivia), space.id)).messages;
    expect(message.content).toBe("Over to you, @Dana Designer");
    expect(message.mentions).toEqual([{ userId: dana.id, name: "Dana Rivera", start: 13, length: 14 }]);
  });

  test("an edit names again who the new text names; a delete names nobody", async () => {
    const { olivia, dana, owner, space } = await spaceWithMembers();
    const message = await send(olivia, space.id, "@Dana Designer please look");
    const edited = await editMessage(await actorOf(olivia), message.id, "@Grace Owner please look");
    expect(edited.message.mentions.map((mention) => mention.userId)).toEqual([owner.id]);
    expect(edited.message.mentions.map((mention) => mention.userId)).not.toContain(dana.id);
    await deleteMessage(await actorOf(olivia), message.id);
    const row = await db
      .selectFrom("space_messages")
      .select("mentions")
      .where("id", "=", message.id)
      .executeTakeFirst();
    expect(row?.mentions).toEqual([]);
  });
});

describe("the Mentions filter", () => {
  test("shows the messages that mention the reader, with or without a search", async () => {
    const { olivia, dana, owner, space } = await spaceWithMembers();
    await send(olivia, space.id, "@Dana Designer the logo, please");
    await send(olivia, space.id, "@Grace Owner the invoice");
    await send(owner, space.id, "@Dana Designer and the banner");
    const mentioning = async (user: { id: string }, matching: string | null = null) =>
      (await listMessages(await actorOf(user), space.id, { mentioning: user.id, matching })).messages.map(
        (message) => message.content,
      );
    expect(await mentioning(dana)).toEqual(["@Dana Designer the logo, please", "@Dana Designer and the banner"]);
    expect(await mentioning(dana, "banner")).toEqual(["@Dana Designer and the banner"]);
    expect(await mentioning(owner)).toEqual(["@Grace Owner the invoice"]);
  });

  test("is the page's ?mentions=me, for the reader only; another agency finds no space", async () => {
    const { olivia, dana, space } = await spaceWithMembers();
    await send(olivia, space.id, "@Dana Designer the logo, please");
    const page = await call(agencyChat.loader, getRequest(`/spaces/${space.id}?mentions=me`, await cookieFor(dana)), {
      spaceId: space.id,
    });
    const data = await page.json();
    expect(data.chat.mentionsMe).toBe(true);
    expect(data.chat.results.messages.map((message: { content: string }) => message.content)).toEqual([
      "@Dana Designer the logo, please",
    ]);

    const stranger = await createAgency({ agencyName: "Initech" });
    const refused = await call(
      agencyChat.loader,
      getRequest(`/spaces/${space.id}?mentions=me`, await cookieFor(stranger.owner)),
      { spaceId: space.id },
    );
    expect(refused.status).toBe(404);
  });
});

describe("the message box's suggestions", () => {
  test("are the other members of the space, by name; another agency and a non-member get a 404", async () => {
    const { olivia, outsider, space } = await spaceWithMembers();
    const ask = async (user: { id: string }) =>
      call(chatResource.loader, getRequest(`/resources/chat/${space.id}?members`, await cookieFor(user)), {
        spaceId: space.id,
      });
    const answer = await ask(olivia);
    expect(answer.status).toBe(200);
    expect((await answer.json()).members.map((member: { name: string }) => member.name)).toEqual([
      "Dana Designer",
      "Grace Owner",
    ]);
    expect((await ask(outsider)).status).toBe(404);
    expect((await ask((await createAgency({ agencyName: "Initech" })).owner)).status).toBe(404);
  });
});

describe("who hears of a mention", () => {
  const ORIGIN = "http://localhost:3000";
  const mailsTo = async (email: string) => (await readOutbox()).filter((mail) => mail.to === email);

  test("the person named, by mail with a link to the conversation, unless they read it first", async () => {
    const { olivia, dana, owner, space } = await spaceWithMembers();
    const message = await send(olivia, space.id, "@Dana Designer @Grace Owner the logo, please");
    await markRead(await actorOf(owner), space.id);

    expect(await sendMentionNotice({ messageId: message.id, userId: dana.id }, ORIGIN)).toBe(true);
    const [mail] = await mailsTo(dana.email);
    expect(mail.subject).toBe("Olivia Chen mentioned you in Globex Launch");
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/conversation-link\?token=/);
    expect(await sendMentionNotice({ messageId: message.id, userId: owner.id }, ORIGIN)).toBe(false);
    expect(await mailsTo(owner.email)).toEqual([]);
  });

  test("nobody who has the app open: the bell shows it to them as it comes", async () => {
    const { olivia, dana, space } = await spaceWithMembers();
    const message = await send(olivia, space.id, "@Dana Designer the logo, please");
    const tab = new PresenceTracker();
    tab.connected(dana.id);
    await tab.flush();
    expect(await sendMentionNotice({ messageId: message.id, userId: dana.id }, ORIGIN)).toBe(false);
    await tab.stop();
    expect(await sendMentionNotice({ messageId: message.id, userId: dana.id }, ORIGIN)).toBe(true);
  });

  test("nobody whose Mentions mails are off, who left the space, or who is not named", async () => {
    const { olivia, dana, danaRecord, owner, outsider, space } = await spaceWithMembers();
    const message = await send(olivia, space.id, "@Dana Designer @Grace Owner the logo, please");
    await saveNotificationPreferences(await actorOf(owner), { ...DEFAULT_PREFERENCES, mentions: false });
    expect(await sendMentionNotice({ messageId: message.id, userId: owner.id }, ORIGIN)).toBe(false);
    expect(await sendMentionNotice({ messageId: message.id, userId: outsider.id }, ORIGIN)).toBe(false);
    await removePerson(await actorOf(owner), "team_member", danaRecord.id);
    expect(await sendMentionNotice({ messageId: message.id, userId: dana.id }, ORIGIN)).toBe(false);
    for (const user of [owner, outsider, dana]) expect(await mailsTo(user.email)).toEqual([]);
  });

  test("a send, and an edit that names someone new, put a notice on the queue for those newly named", async () => {
    const { olivia, dana, owner, space } = await spaceWithMembers();
    const heard: Array<{ messageId: string; userIds: string[] }> = [];
    const unsubscribe = subscribe("message.mentioned", (event) => heard.push(event));
    try {
      const message = await send(olivia, space.id, "@Dana Designer and @Olivia Chen, the logo");
      await editMessage(await actorOf(olivia), message.id, "@Dana Designer and @Grace Owner, the logo");
      await editMessage(await actorOf(olivia), message.id, "@Grace Owner, the logo");
      expect(heard).toEqual([
        { messageId: message.id, userIds: [dana.id] },
        { messageId: message.id, userIds: [owner.id] },
      ]);
    } finally {
      unsubscribe();
    }
  });

  test("the bell says how many unread messages mention the person", async () => {
    const { olivia, dana, space } = await spaceWithMembers();
    await send(olivia, space.id, "@Dana Designer the logo");
    await send(olivia, space.id, "and the banner");
    expect(await spacesWithUnread(await actorOf(dana))).toEqual([
      { id: space.id, name: "Globex Launch", count: 2, mentions: 1 },
    ]);
  });
});
