import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { subscribe } from "~/models/events.server";
import { sendMentionDigest } from "~/models/mention-notices.server";
import { consumeSignInLink } from "~/models/sign-in-links.server";
import { PresenceTracker } from "~/realtime/presence.server";
import { listMessages } from "~/models/messages.server";
import { sendMessage } from "~/models/message-sending.server";
import { deleteMessage, editMessage } from "~/models/message-changes.server";
import { saveNotificationPreferences, DEFAULT_PREFERENCES } from "~/models/notification-preferences.server";
import { removePerson } from "~/models/people.server";
import { markRead } from "~/models/space-reads.server";
import { spacesWithUnread } from "~/models/unread.server";
import { readOutbox } from "~/services/outbox.server";
import { QUEUES, attachJobs, detachJobs } from "~/process/jobs.server";
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

  const digestFor = (user: { id: string }, spaceId: string, now?: Date) =>
    sendMentionDigest({ userId: user.id, spaceId }, ORIGIN, now);
  const tokenIn = (mail: { text: string }) => mail.text.match(/\/conversation-link\?token=([\w-]+)/)?.[1];

  test("the person named, by mail with a link to the conversation, unless they read it first", async () => {
    const { olivia, dana, owner, space } = await spaceWithMembers();
    await send(olivia, space.id, "@Dana Designer @Grace Owner the logo, please");
    await markRead(await actorOf(owner), space.id);

    await digestFor(dana, space.id);
    const [mail] = await mailsTo(dana.email);
    expect(mail.subject).toBe("Olivia Chen mentioned you in Globex Launch");
    expect(mail.text).toContain("Olivia Chen mentioned you in a message in Globex Launch.");
    // What was written, to read and answer from the mail (decision 033), and where a reply goes.
    expect(mail.text).toContain("@Dana Designer @Grace Owner the logo, please");
    expect(mail.replyTo).toMatch(/^reply\+[0-9a-f]{32}@reply\.agency-workspace\.local$/);
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/conversation-link\?token=/);
    await digestFor(owner, space.id);
    expect(await mailsTo(owner.email)).toEqual([]);
  });

  test("nobody who has the app open: the bell shows it to them as it comes", async () => {
    const { olivia, dana, space } = await spaceWithMembers();
    await send(olivia, space.id, "@Dana Designer the logo, please");
    const tab = new PresenceTracker();
    tab.connected(dana.id);
    await tab.flush();
    await digestFor(dana, space.id);
    expect(await mailsTo(dana.email)).toEqual([]);
    await tab.stop();
    await digestFor(dana, space.id);
    expect(await mailsTo(dana.email)).toHaveLength(1);
  });

  test("nobody whose Mentions mails are off, who left the space, or who is not named", async () => {
    const { olivia, dana, danaRecord, owner, outsider, space } = await spaceWithMembers();
    await send(olivia, space.id, "@Dana Designer @Grace Owner the logo, please");
    await saveNotificationPreferences(await actorOf(owner), { ...DEFAULT_PREFERENCES, mentions: false });
    await digestFor(owner, space.id);
    await digestFor(outsider, space.id);
    await removePerson(await actorOf(owner), "team_member", danaRecord.id);
    await digestFor(dana, space.id);
    for (const user of [owner, outsider, dana]) expect(await mailsTo(user.email)).toEqual([]);
  });

  test("one mail per space every five minutes, listing the mentions since the last, with one link while it is unused", async () => {
    const { olivia, dana, owner, space } = await spaceWithMembers();
    const start = new Date();
    const minutesOn = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    await send(olivia, space.id, "@Dana Designer the logo, please");
    await send(owner, space.id, "@Dana Designer the invoice too");
    expect(await digestFor(dana, space.id, minutesOn(0))).toBeNull();
    const [first] = await mailsTo(dana.email);
    expect(first.subject).toBe("Olivia Chen and Grace Owner mentioned you in Globex Launch");
    expect(first.text).toContain("Olivia Chen and Grace Owner mentioned you in 2 messages in Globex Launch.");

    // A flood of mentions within the window brings nothing until it has passed.
    for (let index = 0; index < 30; index++) await send(olivia, space.id, `@Dana Designer #${index}`);
    expect(await digestFor(dana, space.id, minutesOn(1))).toEqual(minutesOn(5));
    expect(await digestFor(dana, space.id, minutesOn(4))).toEqual(minutesOn(5));
    expect(await mailsTo(dana.email)).toHaveLength(1);

    expect(await digestFor(dana, space.id, minutesOn(5))).toBeNull();
    const [, second] = await mailsTo(dana.email);
    expect(second.subject).toBe("Olivia Chen mentioned you in Globex Launch");
    // The thirty since the first mail, and not the two it told of.
    expect(second.text).toContain("Olivia Chen mentioned you in 30 messages in Globex Launch.");
    expect(tokenIn(second)).toBe(tokenIn(first));
    expect(await digestFor(dana, space.id, minutesOn(20))).toBeNull();
    expect(await mailsTo(dana.email)).toHaveLength(2);

    // Once the link has signed Dana in, the next mail carries a new one.
    expect(await consumeSignInLink(tokenIn(first) ?? "")).toMatchObject({ userId: dana.id });
    await send(owner, space.id, "@Dana Designer one more thing");
    await digestFor(dana, space.id, minutesOn(20));
    const [, , third] = await mailsTo(dana.email);
    expect(third.text).toContain("Grace Owner mentioned you in a message in Globex Launch.");
    expect(tokenIn(third)).toMatch(/^[\w-]{40,}$/);
    expect(tokenIn(third)).not.toBe(tokenIn(first));
  });

  test("an edit that takes a name out and puts it back mails nobody again", async () => {
    const { olivia, dana, space } = await spaceWithMembers();
    const message = await send(olivia, space.id, "@Dana Designer the logo, please");
    await digestFor(dana, space.id);
    await editMessage(await actorOf(olivia), message.id, "The logo, please");
    await editMessage(await actorOf(olivia), message.id, "@Dana Designer the logo, please, today");
    await digestFor(dana, space.id, new Date(Date.now() + 60 * 60_000));
    expect(await mailsTo(dana.email)).toHaveLength(1);
  });

  test("a send, and an edit that names someone new, put a notice on the queue for those newly named", async () => {
    const { olivia, dana, owner, space } = await spaceWithMembers();
    const heard: Array<{ messageId: string; spaceId: string; userIds: string[] }> = [];
    const unsubscribe = subscribe("message.mentioned", (event) => heard.push(event));
    try {
      const message = await send(olivia, space.id, "@Dana Designer and @Olivia Chen, the logo");
      await editMessage(await actorOf(olivia), message.id, "@Dana Designer and @Grace Owner, the logo");
      await editMessage(await actorOf(olivia), message.id, "@Grace Owner, the logo");
      // Named again after an edit took the name out: Dana was told of this message already.
      await editMessage(await actorOf(olivia), message.id, "@Grace Owner and @Dana Designer, the logo");
      expect(heard).toEqual([
        { messageId: message.id, spaceId: space.id, userIds: [dana.id] },
        { messageId: message.id, spaceId: space.id, userIds: [owner.id] },
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

describe("mention mails, sent by the job queue", () => {
  beforeAll(async () => {
    await attachJobs();
  });
  afterAll(async () => {
    await detachJobs();
  });

  /** Jobs of the mention mails that are running or may run now (not those waiting for a later time). */
  const due = async () => {
    const { rows } = await sql<{ count: number }>`
      select count(*)::int as count from pgboss.job
      where name = ${QUEUES.mentionMail}
        and (state in ('active', 'retry') or (state = 'created' and start_after <= now()))
    `.execute(db);
    return rows[0].count;
  };

  /** Jobs of the mention mails that wait for a window four minutes or more away. */
  const waitingForWindow = async () => {
    const { rows } = await sql<{ count: number }>`
      select count(*)::int as count from pgboss.job
      where name = ${QUEUES.mentionMail} and state = 'created' and start_after > now() + interval '4 minutes'
    `.execute(db);
    return rows[0].count;
  };

  test("a burst of mentions brings one mail, not one per message", async () => {
    const { olivia, dana, space } = await spaceWithMembers();
    for (const thing of ["logo", "banner", "invoice", "brief", "deck"]) {
      await send(olivia, space.id, `@Dana Designer the ${thing}, please`);
    }
    const mailsToDana = async () => (await readOutbox()).filter((mail) => mail.to === dana.email);
    await vi.waitFor(async () => expect(await mailsToDana()).not.toEqual([]), { timeout: 20_000, interval: 250 });
    await vi.waitFor(async () => expect(await due()).toBe(0), { timeout: 30_000, interval: 250 });
    expect(await mailsToDana()).toHaveLength(1);

    // One more within the window: its mail waits for the window to pass.
    await send(olivia, space.id, "@Dana Designer and the slides");
    await vi.waitFor(async () => expect(await waitingForWindow()).toBe(1), { timeout: 20_000, interval: 250 });
    expect(await mailsToDana()).toHaveLength(1);
  });
});
