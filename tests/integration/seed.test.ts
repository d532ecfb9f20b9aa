import fs from "node:fs";
import { beforeAll, describe, expect, test } from "vitest";
import { authenticate, findUserByEmail } from "~/models/accounts.server";
import { listMessages } from "~/models/messages.server";
import { changesSince } from "~/models/space-changes.server";
import { receiveMailReply } from "~/models/mail-replies.server";
import { listVisibleSpaces } from "~/models/spaces.server";
import { teamSideOf } from "~/models/space-access.server";
import { readOutbox } from "~/services/outbox.server";
import { actorOf } from "#tests/support/factories";
import { plainMail } from "#tests/support/mails";
import { DEMO_PASSWORD, TEAM_NOTE, demoLogins, seedDemoAgency } from "../../scripts/demo-agency";

/* npm run db:seed's demo agency, as the people it prints the logins of find it. */

const ORIGIN = "http://localhost:3000";
const printedEmails = demoLogins().flatMap((line) => line.match(/\S+@\S+/g) ?? []);

async function actorByEmail(email: string) {
  return actorOf((await findUserByEmail(email))!);
}

async function spaceNames(email: string) {
  const { items } = await listVisibleSpaces(await actorByEmail(email));
  return items.map((space) => space.name);
}

describe("the demo agency (npm run db:seed)", () => {
  beforeAll(async () => {
    expect(await seedDemoAgency(ORIGIN)).toBe(true);
  }, 60_000);

  test("every login it prints signs in with the demo password", async () => {
    expect(printedEmails).toHaveLength(6);
    for (const email of printedEmails) {
      await expect(authenticate(email, DEMO_PASSWORD, "203.0.113.7")).resolves.toMatchObject({ email });
    }
  });

  test("the agency owner sees both spaces, each with its welcome, the client owner's reply, a reaction and a plan waiting for sign-off", async () => {
    const clientOwners: Record<string, string> = {
      "Globex SEO Retainer": "Nora Blake",
      "Northwind Website Redesign": "Olivia Chen",
    };
    const owner = await actorByEmail("owner@demo.agency");
    const { items } = await listVisibleSpaces(owner);
    expect(items.map((space) => [space.name, space.teamMemberCount, space.clientCount])).toEqual([
      ["Globex SEO Retainer", 1, 1],
      ["Northwind Website Redesign", 2, 2],
    ]);
    for (const space of items) {
      const { messages } = await listMessages(owner, space.id);
      expect(messages.map((message) => [message.senderName, message.content])).toEqual([
        ["Alex Morgan", `Welcome to the ${space.name} space! Everything about the project lives here.`],
        [clientOwners[space.name], "Thanks! Happy to have one place for all of this."],
        ["Alex Morgan", "The launch plan, for your sign-off."],
      ]);
      expect(messages[1].reactions.heart).toEqual([owner.id]);
      expect(messages[2].attachment?.name).toBe("launch-plan.txt");
      expect(messages[2].signOff).toMatchObject({
        state: "waiting",
        asked: [{ name: clientOwners[space.name] }],
        note: "Please check the dates before we book the ads.",
      });
      const team = await listMessages(owner, await teamSideOf(space.id));
      expect(team.messages.map((message) => [message.senderName, message.content])).toEqual([
        ["Maya Patel", TEAM_NOTE],
      ]);
    }
  });

  test("each space's change log is numbered from 1 without gaps", async () => {
    const owner = await actorByEmail("owner@demo.agency");
    const { items } = await listVisibleSpaces(owner);
    for (const space of items) {
      const log = await changesSince(owner, space.id, 0);
      if (log.reload) throw new Error(`The log of ${space.name} asks for a reload`);
      expect(log.changes.map((change) => change.seq)).toEqual(
        Array.from({ length: log.lastSeq }, (_, index) => index + 1),
      );
      expect(log.changes.map((change) => change.kind)).toEqual([
        "message.created",
        "message.created",
        "reaction.changed",
        // The plan: sending it moves the owner's watermark past the client's reply, so no read of its own.
        "message.created",
        "sign-off.changed",
      ]);
    }
  });

  test("team members see the spaces they are assigned to; clients only their company's", async () => {
    expect(await spaceNames("maya@demo.agency")).toEqual(["Globex SEO Retainer", "Northwind Website Redesign"]);
    expect(await spaceNames("leo@demo.agency")).toEqual(["Northwind Website Redesign"]);
    expect(await spaceNames("olivia@northwind.example")).toEqual(["Northwind Website Redesign"]);
    expect(await spaceNames("sam@northwind.example")).toEqual(["Northwind Website Redesign"]);
    expect(await spaceNames("nora@globex.example")).toEqual(["Globex SEO Retainer"]);
  });

  test("the client employee's unread notice waits in the outbox, and a reply to it posts in the demo space", async () => {
    const notice = (await readOutbox()).find(
      (mail) => mail.to === "sam@northwind.example" && mail.subject.startsWith("New messages"),
    )!;
    expect(notice.subject).toBe("New messages in Northwind Website Redesign");
    expect(notice.text).toContain("Thanks! Happy to have one place for all of this.");
    const outcome = await receiveMailReply(
      plainMail({ from: "sam@northwind.example", to: notice.replyTo!, text: "Answered from my inbox." }),
    );
    expect(outcome).toMatchObject({ posted: true });
    const sam = await actorByEmail("sam@northwind.example");
    const { messages } = await listMessages(sam, (outcome as { spaceId: string }).spaceId);
    expect(messages.at(-1)).toMatchObject({
      senderName: "Sam Rivera",
      content: "Answered from my inbox.",
      viaEmail: true,
    });
  });

  test("running it again changes nothing", async () => {
    expect(await seedDemoAgency(ORIGIN)).toBe(false);
    expect(await spaceNames("owner@demo.agency")).toHaveLength(2);
  });

  test("the README's demo logins are the ones it prints", () => {
    const readme = fs.readFileSync("README.md", "utf8");
    const table = readme.slice(readme.indexOf("<!-- demo-logins -->"), readme.indexOf("<!-- /demo-logins -->"));
    expect(table.match(/\S+@\S+/g)).toEqual(printedEmails);
    expect(table.match(new RegExp(`\\| ${DEMO_PASSWORD} +\\|`, "g"))).toHaveLength(printedEmails.length);
  });
});
