import crypto from "node:crypto";
import fc from "fast-check";
import { strFromU8 } from "fflate";
import { describe, expect, test } from "vitest";
import { getChatOverview, shareWithClient } from "~/models/chat-sides.server";
import { getDashboard } from "~/models/dashboard.server";
import { subscribe } from "~/models/events.server";
import { listMentionable } from "~/models/mentions.server";
import { sendMessage } from "~/models/message-sending.server";
import { listMessages } from "~/models/messages.server";
import { search } from "~/models/search.server";
import { unassignTeamMember } from "~/models/space-assignments.server";
import { findDueUnreadNotices, sendUnreadNotice } from "~/models/unread-notices.server";
import { changesSince } from "~/models/space-changes.server";
import { setClientOwnerExports } from "~/models/space-exports.server";
import { listSpaceFiles } from "~/models/space-files.server";
import { spaceMemberUserIds, teamSideOf } from "~/models/space-access.server";
import { spacesWithUnread } from "~/models/unread.server";
import { updateSpace } from "~/models/spaces.server";
import { db } from "~/services/db.server";
import { readOutbox } from "~/services/outbox.server";
import { download, exportNow } from "#tests/support/exports";
import { storage } from "~/services/storage.server";
import {
  actorOf,
  createAgency,
  createClient,
  createSpace,
  createSpaceMessage,
  createTeamMember,
} from "#tests/support/factories";

/*
 * Issue 38: every space has a team-only side. The agency's staff who see the space read and
 * write both; its clients only ever the client chat, and nothing of the other side reaches
 * them: not its messages, files, numbers, unread counts, names nor exports. Share with client
 * is the one way across. (The routes' and sockets' answers are the access matrix's.)
 */

const ORIGIN = "http://localhost:3000";
const ALL_FILES = { type: null, search: "", page: 1 };

/** An agency, a team member in the space and one outside it, the space's client owner and an employee. */
async function world() {
  const { owner, agencyId } = await createAgency({ firstName: "Nora" });
  const { user: designer, member } = await createTeamMember(agencyId, "DESIGNER", { name: "Dana Designer" });
  const { user: outsider } = await createTeamMember(agencyId, "DESIGNER", { name: "Otto Outside" });
  const { user: clientOwner, client } = await createClient(agencyId, { role: "OWNER", name: "Olivia Owner" });
  const { user: employee, client: employeeRecord } = await createClient(agencyId, { name: "Emil Employee" });
  const space = await createSpace(agencyId, {
    name: "Northwind Website",
    teamMemberIds: [member.id],
    clientIds: [client.id, employeeRecord.id],
  });
  await db.updateTable("spaces").set({ client_owner_id: client.id }).where("id", "=", space.id).execute();
  const teamSide = await teamSideOf(space.id);
  return { owner, designer, member, outsider, clientOwner, employee, space, teamSide };
}

let sent = 0;
const send = async (user: { id: string }, chatId: string, content: string, file: File | null = null) =>
  sendMessage(await actorOf(user), chatId, { clientId: `c${(sent += 1)}`, content, file });

describe("who reads the team side", () => {
  test("the agency's owner and the space's team member read and write it; its clients and other staff are told it does not exist", async () => {
    const { owner, designer, outsider, clientOwner, employee, space, teamSide } = await world();
    await send(designer, teamSide, "Their logo file is low-res, I'll ask");
    await send(owner, teamSide, "Can we push the launch?");
    for (const reader of [owner, designer]) {
      const page = await listMessages(await actorOf(reader), teamSide);
      expect(page.messages.map((message) => message.content)).toEqual([
        "Their logo file is low-res, I'll ask",
        "Can we push the launch?",
      ]);
      const sides = await getChatOverview(await actorOf(reader), teamSide);
      expect(sides).toMatchObject({
        spaceId: space.id,
        side: "team",
        tabs: { client: { id: space.id } },
        space: { id: space.id, name: "Northwind Website" },
      });
    }
    for (const stranger of [clientOwner, employee, outsider]) {
      const actor = await actorOf(stranger);
      await expect(listMessages(actor, teamSide)).rejects.toMatchObject({ status: 404, message: "Space not found" });
      await expect(send(stranger, teamSide, "let me in")).rejects.toMatchObject({ status: 404 });
      await expect(changesSince(actor, teamSide, 0)).rejects.toMatchObject({ status: 404 });
      await expect(listSpaceFiles(actor, teamSide, ALL_FILES)).rejects.toMatchObject({ status: 404 });
      await expect(getChatOverview(actor, teamSide)).rejects.toMatchObject({ status: 404 });
    }
    // A client on the client chat gets no tabs: nothing tells them there is another side.
    expect(await getChatOverview(await actorOf(clientOwner), space.id)).toMatchObject({
      spaceId: space.id,
      side: "client",
      tabs: null,
      space: { id: space.id, name: "Northwind Website" },
    });
  });

  test("its members, whom mentions suggest and pushes and notices reach, are the agency's staff of the space", async () => {
    const { owner, designer, space, teamSide } = await world();
    expect((await spaceMemberUserIds(teamSide)).sort()).toEqual([owner.id, designer.id].sort());
    // Everyone but the one typing.
    expect((await listMentionable(await actorOf(owner), teamSide)).map((person) => person.id)).toEqual([designer.id]);
    expect((await listMentionable(await actorOf(owner), space.id)).length).toBe(3);
  });

  test("a team member unassigned from the space loses its team side at once, and is told to leave both rooms", async () => {
    const { owner, designer, member, space, teamSide } = await world();
    const left: string[] = [];
    const stop = subscribe("space.access-removed", ({ spaceId }) => left.push(spaceId));
    await unassignTeamMember(await actorOf(owner), space.id, member.id);
    stop();
    expect(left).toEqual([space.id, teamSide]);
    await expect(listMessages(await actorOf(designer), teamSide)).rejects.toMatchObject({ status: 404 });
  });
});

describe("each side is a chat of its own", () => {
  test("numbers, catch-up and unread counts are per side: a client learns nothing of the team side's", async () => {
    const { owner, designer, clientOwner, space, teamSide } = await world();
    await send(clientOwner, space.id, "Hello!");
    await send(designer, teamSide, "Client is early today");
    await send(designer, teamSide, "And asks about the invoice");
    await send(designer, space.id, "Hi Olivia");

    const client = await actorOf(clientOwner);
    const replay = await changesSince(client, space.id, 0);
    expect(replay).toMatchObject({ reload: false, lastSeq: 2 });
    expect(replay.reload ? [] : replay.changes.map((change) => change.seq)).toEqual([1, 2]);
    expect(await changesSince(await actorOf(owner), teamSide, 0)).toMatchObject({ reload: false, lastSeq: 2 });

    // The bell's counts: the client's of the client side only, the owner's of both sides.
    const unreadOf = async (actor: Awaited<ReturnType<typeof actorOf>>) =>
      Object.fromEntries((await spacesWithUnread(actor)).map(({ id, count }) => [id, count]));
    expect(await unreadOf(client)).toEqual({ [space.id]: 1 });
    expect(await unreadOf(await actorOf(owner))).toEqual({ [space.id]: 2, [teamSide]: 2 });
    expect(await getChatOverview(await actorOf(owner), space.id)).toMatchObject({
      tabs: { client: { unread: 2 }, team: { id: teamSide, unread: 2 } },
    });
    // The bell names the side wherever a chat is named.
    expect((await spacesWithUnread(await actorOf(owner))).map((chat) => chat.name).sort()).toEqual([
      "Northwind Website",
      "Team only · Northwind Website",
    ]);
    expect((await spacesWithUnread(client)).map((chat) => chat.name)).toEqual(["Northwind Website"]);
  });

  test("a renamed space renames its team side, which is named after it everywhere", async () => {
    const { owner, clientOwner, space, teamSide } = await world();
    const client = (await actorOf(clientOwner)).client!;
    await updateSpace(await actorOf(owner), space.id, { name: "Northwind Shop", clientOwnerId: client.id });
    const side = await db.selectFrom("spaces").select("name").where("id", "=", teamSide).executeTakeFirstOrThrow();
    expect(side.name).toBe("Northwind Shop");
  });

  test("search finds team-only words for the staff, named by their side, and nothing for the space's clients", async () => {
    const { owner, clientOwner, employee, teamSide } = await world();
    await send(owner, teamSide, "Quietly renegotiating the retainer");
    const hits = (await search(await actorOf(owner), "renegotiating")).messages.hits;
    expect(hits.map((hit) => hit.spaceName)).toEqual(["Team only · Northwind Website"]);
    for (const client of [clientOwner, employee]) {
      expect((await search(await actorOf(client), "renegotiating")).messages.hits).toEqual([]);
    }
  });
});

describe("notices", () => {
  test("an unread-message mail about the team side goes to the staff only, and names the side", async () => {
    const { owner, designer, clientOwner, employee, space, teamSide } = await world();
    await createSpaceMessage(teamSide, designer.id, { content: "Budget is tight, keep it simple", minutesAgo: 10 });
    const due = await findDueUnreadNotices();
    expect(due).toEqual([{ userId: owner.id, spaceId: teamSide }]);
    for (const notice of due) expect(await sendUnreadNotice(notice, ORIGIN)).toBe(true);
    const mails = await readOutbox();
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [owner.email, "New messages in Team only · Northwind Website"],
    ]);
    for (const client of [clientOwner, employee]) {
      expect(mails.filter((mail) => mail.to === client.email)).toEqual([]);
      expect(await sendUnreadNotice({ userId: client.id, spaceId: teamSide }, ORIGIN)).toBe(false);
    }
    expect(space.id).not.toBe(teamSide);
  });
});

describe("Share with client", () => {
  const plan = () => new File(["Launch plan v2"], "launch-plan.txt", { type: "text/plain" });

  test("copies the text and the file into the client chat as the sharer's message, once, and the audit log says so", async () => {
    const { owner, designer, clientOwner, space, teamSide } = await world();
    const original = await send(designer, teamSide, "Here is the plan we agreed on", plan());

    const shared = await shareWithClient(await actorOf(owner), teamSide, original.message.id);
    const again = await shareWithClient(await actorOf(owner), teamSide, original.message.id);
    expect(again).toMatchObject({ duplicate: true, message: { id: shared.message.id } });

    const seen = (await listMessages(await actorOf(clientOwner), space.id)).messages;
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      senderId: owner.id,
      content: "Here is the plan we agreed on",
      attachment: { name: "launch-plan.txt" },
    });
    // A copy of the bytes: deleting the team's message later leaves the client's file whole.
    const rows = await db
      .selectFrom("space_messages")
      .select(["id", "attachment_key"])
      .where("id", "in", [shared.message.id, original.message.id])
      .execute();
    const copy = rows.find((row) => row.id === shared.message.id)!;
    const kept = rows.find((row) => row.id === original.message.id)!;
    expect(copy.attachment_key).not.toBe(kept.attachment_key);
    expect((await storage().get(copy.attachment_key!))?.body.toString()).toBe("Launch plan v2");

    const audit = await db
      .selectFrom("activity")
      .select(["action", "summary", "subject_id"])
      .where("action", "=", "message.shared_with_client")
      .execute();
    expect(audit).toEqual([
      {
        action: "message.shared_with_client",
        summary: expect.stringContaining("shared a team-only message with the client in Northwind Website"),
        subject_id: space.id,
      },
    ]);
    // The client's dashboard never mentions the team side; the agency's does.
    const clientFeed = (await getDashboard(await actorOf(clientOwner))).activity.map((line) => line.summary);
    expect(clientFeed.join("\n")).not.toContain("team-only");
    const ownerFeed = (await getDashboard(await actorOf(owner))).activity.map((line) => line.summary);
    expect(ownerFeed.join("\n")).toContain("shared a team-only message");
  });

  test("only a team-side message, by someone who reads it: a client-chat message, a deleted one or a client are refused", async () => {
    const { owner, clientOwner, space, teamSide } = await world();
    const clientSide = await send(owner, space.id, "Already public");
    await expect(shareWithClient(await actorOf(owner), teamSide, clientSide.message.id)).rejects.toMatchObject({
      status: 404,
    });
    await expect(shareWithClient(await actorOf(owner), space.id, clientSide.message.id)).rejects.toMatchObject({
      status: 404,
    });
    const secret = await send(owner, teamSide, "Internal only");
    await expect(shareWithClient(await actorOf(clientOwner), teamSide, secret.message.id)).rejects.toMatchObject({
      status: 404,
    });
    expect((await listMessages(await actorOf(clientOwner), space.id)).messages).toHaveLength(1);
  });
});

describe("the export", () => {
  async function exported(user: { id: string; email: string }, spaceId: string) {
    const { entries } = await download(user, await exportNow(user, spaceId));
    return {
      json: JSON.parse(strFromU8(entries["conversation.json"])) as Record<string, Array<{ text: string }>>,
      html: strFromU8(entries["conversation.html"]),
      files: Object.keys(entries).filter((name) => name.startsWith("files/")),
    };
  }

  test("the agency owner's holds both sides in sections of their own; the client owner's only the client chat", async () => {
    const { owner, designer, clientOwner, space, teamSide } = await world();
    await send(clientOwner, space.id, "When is the launch?");
    await send(designer, teamSide, "Not before the fonts arrive", new File(["fonts"], "fonts.txt"));
    await setClientOwnerExports(await actorOf(owner), true);

    const agency = await exported(owner, space.id);
    expect(agency.json.messages.map((message) => message.text)).toEqual(["When is the launch?"]);
    expect(agency.json.teamOnly.map((message) => message.text)).toEqual(["Not before the fonts arrive"]);
    expect(agency.html).toMatch(
      /<h2>Client chat<\/h2>[\s\S]*When is the launch\?[\s\S]*<h2>Team only<\/h2>[\s\S]*fonts arrive/,
    );
    expect(agency.files).toEqual(["files/fonts.txt"]);

    const client = await exported(clientOwner, space.id);
    expect(client.json.messages.map((message) => message.text)).toEqual(["When is the launch?"]);
    expect(client.json).not.toHaveProperty("teamOnly");
    expect(client.html).not.toContain("fonts");
    expect(client.html).not.toContain("Team only");
    expect(client.files).toEqual([]);
  });
});

describe("no output a client is given ever holds a team-only word (a property over random conversations)", () => {
  test("messages, search, unread, catch-up, the bell, the dashboard and files", async () => {
    const { owner, designer, clientOwner, employee, space, teamSide } = await world();
    const people = [owner, designer, clientOwner, employee];
    const staff = new Set([owner.id, designer.id]);
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({ by: fc.nat({ max: people.length - 1 }), team: fc.boolean(), words: fc.nat({ max: 999 }) }),
          { minLength: 1, maxLength: 8 },
        ),
        async (steps) => {
          const secrets: string[] = [];
          for (const step of steps) {
            const author = people[step.by];
            const team = step.team && staff.has(author.id);
            const word = `${team ? "Secret" : "Open"}${crypto.randomBytes(4).toString("hex")}w${step.words}`;
            if (team) secrets.push(word);
            const file = step.words % 3 === 0 ? new File([word], `${word}.txt`, { type: "text/plain" }) : null;
            await send(author, team ? teamSide : space.id, `note ${word}`, file);
          }
          for (const client of [clientOwner, employee]) {
            const actor = await actorOf(client);
            const outputs = [
              await listMessages(actor, space.id, { limit: 100 }),
              await changesSince(actor, space.id, 0, 1_000),
              await spacesWithUnread(actor),
              await getDashboard(actor),
              await listSpaceFiles(actor, space.id, ALL_FILES),
              // What a search finds (it says back what was asked, which the client typed themselves).
              ...(await Promise.all(secrets.map(async (secret) => ({ ...(await search(actor, secret)), query: "" })))),
            ];
            const shown = JSON.stringify(outputs);
            for (const secret of secrets) expect(shown).not.toContain(secret);
            expect(shown).not.toContain(teamSide);
          }
        },
      ),
      { numRuns: 12 },
    );
  });
});
