import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { findDueUnreadNotices, sendUnreadNotice } from "~/models/unread-notices.server";
import { db } from "~/services/db.server";
import { enqueue, queueSizes } from "~/services/jobs.server";
import { readOutbox } from "~/services/outbox.server";
import { QUEUES, attachJobs, detachJobs } from "~/process/jobs.server";
import {
  createAgency,
  createClient,
  createSpace,
  createSpaceMessage,
  createTeamMember,
  markSpaceRead,
} from "#tests/support/factories";

const ORIGIN = "http://localhost:3000";

async function spaceWithClient(name = "Globex Launch") {
  const { owner, agencyId } = await createAgency();
  const { user: client } = await createClient(agencyId, { name: "Cleo Client" });
  const clientRecord = await db
    .selectFrom("clients")
    .select("id")
    .where("user_id", "=", client.id)
    .executeTakeFirstOrThrow();
  const space = await createSpace(agencyId, { name, clientIds: [clientRecord.id] });
  return { owner, agencyId, client, space };
}

const mailsTo = async (email: string) => (await readOutbox()).filter((mail) => mail.to === email);

/** Waits until no job of the notices waits or runs: the sweeps asked for, and the mails they queued, are done. */
async function noticesDone() {
  await vi.waitFor(
    async () => {
      const busy = ((await queueSizes()) ?? []).filter(
        (queue) => queue.name.startsWith("unread-notices") && queue.waiting + queue.running > 0,
      );
      expect(busy).toEqual([]);
    },
    { timeout: 20_000, interval: 250 },
  );
}

describe("unread-message notices, sent by the job queue", () => {
  beforeAll(async () => {
    await attachJobs();
  });
  afterAll(async () => {
    await detachJobs();
  });

  test("three messages unread for ten minutes bring one mail for the space, linking to it, and only one", async () => {
    const { owner, client, space } = await spaceWithClient("Northwind Rebrand");
    for (const content of ["One", "Two", "Three"])
      await createSpaceMessage(space.id, owner.id, { content, minutesAgo: 10 });

    await enqueue(QUEUES.unreadSweep);
    const [mail] = await vi.waitFor(
      async () => {
        const mails = await mailsTo(client.email);
        if (!mails.length) throw new Error("no notice yet");
        return mails;
      },
      { timeout: 20_000, interval: 250 },
    );
    expect(mail.subject).toBe("New messages in Northwind Rebrand");
    expect(mail.text).toContain("You have 3 unread messages in Northwind Rebrand");
    expect(mail.text).toContain("Ada Owner wrote in Northwind Rebrand");
    expect(mail.text).toMatch(/\/conversation-link\?token=[\w-]{40,}/);

    // Another sweep, and another message: still told, so no second mail until they read. The same
    // sweep mails the client of another space, whose message came with "Four": once that mail is
    // there and the queue has nothing left to do, a second one to this client would be there too.
    const other = await spaceWithClient("Contoso Refresh");
    await createSpaceMessage(space.id, owner.id, { content: "Four", minutesAgo: 8 });
    await createSpaceMessage(other.space.id, other.owner.id, { content: "Welcome", minutesAgo: 10 });
    await enqueue(QUEUES.unreadSweep);
    await vi.waitFor(async () => expect(await mailsTo(other.client.email)).toHaveLength(1), {
      timeout: 20_000,
      interval: 250,
    });
    await noticesDone();
    expect(await mailsTo(client.email)).toHaveLength(1);
    // The sender is never told about their own messages.
    expect(await mailsTo(owner.email)).toHaveLength(0);
  });
});

describe("who is due", () => {
  test("messages younger than a few minutes wait; older ones are due for every member but their sender", async () => {
    const { owner, agencyId, client, space } = await spaceWithClient();
    const { user: designer, member } = await createTeamMember(agencyId);
    await db.insertInto("team_member_spaces").values({ team_member_id: member.id, space_id: space.id }).execute();

    await createSpaceMessage(space.id, client.id, { minutesAgo: 1 });
    expect(await dueFor(space.id)).toEqual([]);

    await createSpaceMessage(space.id, client.id, { minutesAgo: 6 });
    expect(await dueFor(space.id)).toEqual([owner.id, designer.id].sort());
  });

  test("a member who has read the space since is not due; one who turned the notices off is never mailed", async () => {
    const { owner, client, space } = await spaceWithClient();
    await createSpaceMessage(space.id, client.id, { minutesAgo: 10 });
    await markSpaceRead(space.id, owner.id);
    expect(await dueFor(space.id)).toEqual([]);

    await createSpaceMessage(space.id, owner.id, { minutesAgo: 9 });
    await db.insertInto("notification_preferences").values({ user_id: client.id, unread_messages: false }).execute();
    expect(await dueFor(space.id)).toEqual([]);
    expect(await sendUnreadNotice({ userId: client.id, spaceId: space.id }, ORIGIN)).toBe(false);
    expect(await mailsTo(client.email)).toHaveLength(0);
  });

  test("told once, a member is due again only after reading the space and new messages waiting", async () => {
    const { owner, client, space } = await spaceWithClient();
    await createSpaceMessage(space.id, owner.id, { minutesAgo: 30 });
    expect(await sendUnreadNotice({ userId: client.id, spaceId: space.id }, ORIGIN)).toBe(true);
    expect(await dueFor(space.id)).toEqual([]);

    // The mail went out 25 minutes ago; they read the space 20 minutes ago; a new message came 10 minutes ago.
    await db
      .updateTable("space_reads")
      .set({ notified_at: new Date(Date.now() - 25 * 60_000) })
      .where("user_id", "=", client.id)
      .execute();
    await markSpaceRead(space.id, client.id, new Date(Date.now() - 20 * 60_000));
    expect(await dueFor(space.id)).toEqual([]);
    await createSpaceMessage(space.id, owner.id, { minutesAgo: 10 });
    expect(await dueFor(space.id)).toEqual([client.id]);
    expect(await sendUnreadNotice({ userId: client.id, spaceId: space.id }, ORIGIN)).toBe(true);
    expect(await mailsTo(client.email)).toHaveLength(2);
  });

  test("two instances sending the same notice at once mail it once", async () => {
    const { owner, client, space } = await spaceWithClient();
    await createSpaceMessage(space.id, owner.id, { minutesAgo: 10 });
    const notice = { userId: client.id, spaceId: space.id };
    const sent = await Promise.all([sendUnreadNotice(notice, ORIGIN), sendUnreadNotice(notice, ORIGIN)]);
    expect(sent.filter(Boolean)).toHaveLength(1);
    expect(await mailsTo(client.email)).toHaveLength(1);
  });
});

async function dueFor(spaceId: string) {
  return (await findDueUnreadNotices())
    .filter((notice) => notice.spaceId === spaceId)
    .map((notice) => notice.userId)
    .sort();
}
