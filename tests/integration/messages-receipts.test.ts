import { describe, expect, test } from "vitest";
import { toggleReaction } from "~/models/message-reactions.server";
import { listMessages } from "~/models/messages.server";
import { sendMessage } from "~/models/message-sending.server";
import { deleteMessage } from "~/models/message-changes.server";
import { removeClientFromSpace } from "~/models/space-assignments.server";
import { markRead } from "~/models/space-reads.server";
import { spacesWithUnread } from "~/models/unread.server";
import { unreadShown } from "#tests/support/unread-shown";
import { db } from "~/services/db.server";
import { unreadNotifications } from "~/web/shell.server";
import { UNREAD_SHOWN_UP_TO } from "~/shared/unread";
import { actorOf, createAgency, createClient, createSpace, createTeamMember } from "#tests/support/factories";

type TestActor = Awaited<ReturnType<typeof actorOf>>;

async function world() {
  const agency = await createAgency();
  const designer = await createTeamMember(agency.agencyId, "DESIGNER", { name: "Dana Designer" });
  const client = await createClient(agency.agencyId, { role: "OWNER", name: "Cleo Client" });
  const employee = await createClient(agency.agencyId, { name: "Eve Employee" });
  const space = await createSpace(agency.agencyId, {
    name: "Launch",
    teamMemberIds: [designer.member.id],
    clientIds: [client.client.id, employee.client.id],
  });
  return {
    space,
    client,
    owner: await actorOf(agency.owner),
    designerActor: await actorOf(designer.user),
    clientActor: await actorOf(client.user),
    employeeActor: await actorOf(employee.user),
  };
}

const send = (actor: TestActor, spaceId: string, content: string) =>
  sendMessage(actor, spaceId, { clientId: crypto.randomUUID(), content });

describe("reactions", () => {
  test("each member toggles a reaction; counts add up per type and a second click removes it", async () => {
    const { space, owner, clientActor, designerActor } = await world();
    const { message } = await send(owner, space.id, "Launch is live");
    await toggleReaction(clientActor, message.id, "heart");
    await toggleReaction(designerActor, message.id, "heart");
    const changed = await toggleReaction(clientActor, message.id, "thumbsup");
    expect(changed.reactions).toEqual({
      smile: [],
      heart: [clientActor.id, designerActor.id],
      thumbsup: [clientActor.id],
      angry: [],
    });
    const undone = await toggleReaction(clientActor, message.id, "heart");
    expect(undone.reactions.heart).toEqual([designerActor.id]);
    expect(undone.seq).toBe(5);
    const [shown] = (await listMessages(owner, space.id)).messages;
    expect(shown.reactions.heart).toEqual([designerActor.id]);
  });

  test("a foreign agency or a removed member cannot react (404, nothing changed)", async () => {
    const { space, owner, client, clientActor } = await world();
    const foreign = await world();
    const { message } = await send(owner, space.id, "Hello");
    await expect(toggleReaction(foreign.owner, message.id, "angry")).rejects.toMatchObject({ status: 404 });
    await removeClientFromSpace(owner, space.id, client.client.id);
    await expect(toggleReaction(clientActor, message.id, "smile")).rejects.toMatchObject({ status: 404 });
    expect(await db.selectFrom("message_reactions").selectAll().where("message_id", "=", message.id).execute()).toEqual(
      [],
    );
  });

  test("a deleted message takes no reactions", async () => {
    const { space, owner, clientActor } = await world();
    const { message } = await send(owner, space.id, "Soon gone");
    await deleteMessage(owner, message.id);
    await expect(toggleReaction(clientActor, message.id, "smile")).rejects.toMatchObject({ status: 404 });
  });
});

describe("read receipts and unread counts", () => {
  test("a member who reads the latest messages shows as a reader of each; the sender never reads their own", async () => {
    const { space, owner, clientActor, designerActor } = await world();
    await send(owner, space.id, "One");
    await send(owner, space.id, "Two");
    const read = await markRead(clientActor, space.id);
    expect(read).toMatchObject({ userId: clientActor.id, seq: 3 });
    expect(await markRead(clientActor, space.id)).toBeNull();
    await send(owner, space.id, "Three");
    await markRead(designerActor, space.id);

    const { messages } = await listMessages(owner, space.id);
    expect(messages.map((message) => message.readers.map((reader) => reader.name))).toEqual([
      ["Cleo Client", "Dana Designer"],
      ["Cleo Client", "Dana Designer"],
      ["Dana Designer"],
    ]);
  });

  test("a member removed from the space no longer shows as a reader of what they read", async () => {
    const { space, owner, client, clientActor, designerActor } = await world();
    await send(owner, space.id, "One");
    await markRead(clientActor, space.id);
    await markRead(designerActor, space.id);
    await removeClientFromSpace(owner, space.id, client.client.id);

    const [shown] = (await listMessages(owner, space.id)).messages;
    expect(shown.readers.map((reader) => reader.name)).toEqual(["Dana Designer"]);
  });

  test("reading up to a message leaves later ones unread", async () => {
    const { space, owner, clientActor } = await world();
    const { message: first } = await send(owner, space.id, "One");
    await new Promise((resolve) => setTimeout(resolve, 5));
    await send(owner, space.id, "Two");
    await markRead(clientActor, space.id, first.id);
    expect(await unreadShown(clientActor, space.id)).toBe(1);
  });

  test("unread counts: others' messages after the watermark (which sending moves), not deleted", async () => {
    const { space, owner, clientActor, employeeActor } = await world();
    const other = await createSpace(owner.agencyId ?? "", { name: "Quiet" });
    await send(clientActor, space.id, "Mine");
    await send(owner, space.id, "One");
    const { message } = await send(owner, space.id, "Two");
    expect(await unreadShown(clientActor, space.id)).toBe(2);
    expect(await unreadShown(employeeActor, space.id)).toBe(3);
    expect(await spacesWithUnread(employeeActor)).toEqual([{ id: space.id, name: "Launch", count: 3, mentions: 0 }]);

    await deleteMessage(owner, message.id);
    expect(await unreadShown(employeeActor, space.id)).toBe(2);
    await markRead(employeeActor, space.id);
    expect(await spacesWithUnread(employeeActor)).toEqual([]);
    expect(await unreadShown(owner, other.id)).toBe(0);
  });

  test("a backlog past 99 is said 99+ in the lists and the bell; a mention far back in it still counts", async () => {
    const { space, owner, clientActor } = await world();
    await send(owner, space.id, "@Cleo Client the brief is in");
    for (let index = 1; index <= UNREAD_SHOWN_UP_TO + 1; index++) await send(owner, space.id, `Update ${index}`);

    expect(await unreadShown(clientActor, space.id)).toBe(UNREAD_SHOWN_UP_TO + 1);
    expect(await unreadNotifications(clientActor)).toEqual([
      {
        id: `unread:${space.id}`,
        text: "99+ unread messages in Launch, 1 mentions you",
        href: `/client/chat/${space.id}`,
      },
    ]);
    await markRead(clientActor, space.id);
    expect(await unreadNotifications(clientActor)).toEqual([]);
  });

  test("a foreign agency cannot count or mark a space read, and removed members lose its counts", async () => {
    const { space, owner, client, clientActor } = await world();
    const foreign = await world();
    await send(owner, space.id, "Hello");
    expect(await unreadShown(foreign.owner, space.id)).toBeNull();
    await expect(markRead(foreign.owner, space.id)).rejects.toMatchObject({ status: 404 });
    expect(await db.selectFrom("space_reads").selectAll().where("user_id", "=", foreign.owner.id).execute()).toEqual(
      [],
    );
    await removeClientFromSpace(owner, space.id, client.client.id);
    expect(await unreadShown(clientActor, space.id)).toBeNull();
    await expect(markRead(clientActor, space.id)).rejects.toMatchObject({ status: 404 });
  });
});
