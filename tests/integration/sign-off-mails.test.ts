import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { sendMessage } from "~/models/message-sending.server";
import { DEFAULT_PREFERENCES, saveNotificationPreferences } from "~/models/notification-preferences.server";
import { sendSignOffRequest } from "~/models/sign-off-notices.server";
import { sendSignOffReminders } from "~/models/sign-off-reminders.server";
import { answerSignOff, askForSignOff, withdrawSignOff, type SignedFrom } from "~/models/sign-offs.server";
import { removeClientFromSpace } from "~/models/space-assignments.server";
import { attachJobs, detachJobs } from "~/process/jobs.server";
import { db } from "~/services/db.server";
import { readOutbox } from "~/services/outbox.server";
import { addDays } from "~/shared/time-format";
import * as conversationLink from "~/routes/conversation-link";
import { actorOf, createAgency, createClient, createSpace } from "#tests/support/factories";
import { context, postRequest, respond } from "#tests/support/requests";

/*
 * Issue 39: the mails of a sign-off. The people asked hear of it by mail, with a link that
 * opens the card, and are reminded the day before it is due and on the day, by their own
 * calendar, once each, while it waits for them and they still take part in the space.
 */

const ORIGIN = "http://localhost:3000";
const TODAY = "2030-05-14";
const DUE = "2030-05-20";
const FROM: SignedFrom = { sessionHandle: "h", device: "Chrome on macOS", address: "203.0.113.9" };

/** An agency's space with three client members: Olivia in Auckland, Emil in Los Angeles, Cleo with no zone set (UTC). */
async function world() {
  const { owner, agencyId } = await createAgency({ agencyName: "Acme <Digital>" });
  const { user: olivia, client: oliviaRecord } = await createClient(agencyId, { role: "OWNER", name: "Olivia Owner" });
  const { user: emil, client: emilRecord } = await createClient(agencyId, { name: "Emil Employee" });
  const { user: cleo, client: cleoRecord } = await createClient(agencyId, { name: "Cleo Colleague" });
  const space = await createSpace(agencyId, { clientIds: [oliviaRecord.id, emilRecord.id, cleoRecord.id] });
  await db.updateTable("users").set({ time_zone: "Pacific/Auckland" }).where("id", "=", olivia.id).execute();
  await db.updateTable("users").set({ time_zone: "America/Los_Angeles" }).where("id", "=", emil.id).execute();
  return { owner, olivia, emil, emilRecord, cleo, space };
}

type World = Awaited<ReturnType<typeof world>>;

/** The agency owner shares brief.txt in the chat and asks these people to sign it off. */
async function askFor(
  { owner, space }: World,
  asked: Array<{ id: string }>,
  { dueOn = DUE, note = "", today = TODAY }: { dueOn?: string | null; note?: string; today?: string } = {},
) {
  const actor = await actorOf(owner);
  const { message } = await sendMessage(actor, space.id, {
    clientId: crypto.randomUUID(),
    content: "",
    file: new File(["The brief, version 1\n"], "brief.txt", { type: "text/plain" }),
  });
  return askForSignOff(actor, message.id, {
    askedIds: asked.map((person) => person.id),
    dueOn,
    note,
    today,
  });
}

const mailsTo = async (user: { email: string }) => (await readOutbox()).filter((mail) => mail.to === user.email);
const subjectsTo = async (user: { email: string }) => (await mailsTo(user)).map((mail) => mail.subject);
const request = (signOffId: string, user: { id: string }) => sendSignOffRequest({ signOffId, userId: user.id }, ORIGIN);

describe("the mail when asked", () => {
  test("reaches each person asked with the note, the due date and a link that opens the card", async () => {
    const people = await world();
    const { olivia, emil, cleo, owner, space } = people;
    const card = await askFor(people, [olivia, emil], { note: "Please check the <colours> & fonts" });

    expect(await request(card.id, olivia)).toBe(true);
    expect(await request(card.id, emil)).toBe(true);
    // Neither a client member who was not asked, nor the staff, hears of it.
    expect(await request(card.id, cleo)).toBe(false);
    expect(await request(card.id, owner)).toBe(false);
    expect(await mailsTo(cleo)).toEqual([]);
    expect(await mailsTo(owner)).toEqual([]);

    const [mail] = await mailsTo(olivia);
    expect(mail.subject).toBe("Acme <Digital> asks you to sign off brief.txt");
    expect(mail.text).toContain("Ada Owner asks you to approve brief.txt in Globex Launch, or to request changes.");
    expect(mail.text).toContain("Due May 20, 2030.");
    expect(mail.text).toContain("Please check the <colours> & fonts");
    expect(mail.html).toContain("Please check the &lt;colours&gt; &amp; fonts");
    expect(mail.html).not.toContain("<colours>");
    // Answerable by mail (issue 37): the reply posts in the chat.
    expect(mail.replyTo).toMatch(/^reply\+[0-9a-f]{32}@reply\.agency-workspace\.local$/);
    expect(mail.text).toContain("/client/settings/notifications");

    // The link signs Olivia in and opens the chat at the card, however old (?message=, which survives the sign-in).
    const link = new URL(mail.text.match(/http:\/\/localhost:3000\/conversation-link\?\S+/)![0]);
    expect(link.searchParams.get("message")).toBe(card.messageId);
    const opened = await respond(() =>
      conversationLink.action({
        request: postRequest("/conversation-link", {
          token: link.searchParams.get("token")!,
          message: link.searchParams.get("message")!,
        }),
        context: context(),
        params: {},
      }),
    );
    expect(opened.headers.get("Location")).toBe(`/client/chat/${space.id}?message=${card.messageId}`);
    expect(await subjectsTo(emil)).toEqual(["Acme <Digital> asks you to sign off brief.txt"]);
  });

  test("none to a person whose sign-off mails are off, nor once it was answered or withdrawn", async () => {
    const people = await world();
    const { owner, olivia, emil, cleo } = people;
    await saveNotificationPreferences(await actorOf(cleo), { ...DEFAULT_PREFERENCES, signOffs: false });
    const card = await askFor(people, [olivia, emil, cleo]);
    expect(await request(card.id, cleo)).toBe(false);

    await answerSignOff(await actorOf(emil), card.id, { answer: "approved", comment: "" }, FROM);
    expect(await request(card.id, olivia)).toBe(false);

    const withdrawn = await askFor(people, [olivia]);
    await withdrawSignOff(await actorOf(owner), withdrawn.id);
    expect(await request(withdrawn.id, olivia)).toBe(false);

    for (const user of [olivia, emil, cleo]) expect(await mailsTo(user)).toEqual([]);
  });
});

describe("reminders", () => {
  const sweep = (iso: string) => sendSignOffReminders(new Date(iso), ORIGIN);
  const DAY_BEFORE = "Reminder: Acme <Digital> asks you to sign off brief.txt, due tomorrow";
  const DUE_DAY = "Reminder: Acme <Digital> asks you to sign off brief.txt, due today";

  test("come the day before the due date and on it, in each person's time zone, once each however often the sweep runs", async () => {
    const people = await world();
    const { olivia, emil, cleo } = people;
    const card = await askFor(people, [olivia, emil, cleo]);

    // 13:00 UTC on the 18th: already the 19th, the day before, in Auckland; still the 18th in Los Angeles and in UTC.
    await sweep("2030-05-18T13:00:00Z");
    await sweep("2030-05-18T14:00:00Z");
    expect(await subjectsTo(olivia)).toEqual([DAY_BEFORE]);
    expect(await subjectsTo(emil)).toEqual([]);
    expect(await subjectsTo(cleo)).toEqual([]);

    // The 19th in UTC: the due day in Auckland, the day before in Los Angeles and in UTC.
    await sweep("2030-05-19T13:00:00Z");
    await sweep("2030-05-19T13:00:00Z");
    expect(await subjectsTo(olivia)).toEqual([DAY_BEFORE, DUE_DAY]);
    expect(await subjectsTo(emil)).toEqual([DAY_BEFORE]);
    expect(await subjectsTo(cleo)).toEqual([DAY_BEFORE]);

    // The 20th: the due day in Los Angeles and in UTC; already the 21st in Auckland.
    await sweep("2030-05-20T13:00:00Z");
    await sweep("2030-05-20T23:00:00Z");
    expect(await subjectsTo(olivia)).toEqual([DAY_BEFORE, DUE_DAY]);
    expect(await subjectsTo(emil)).toEqual([DAY_BEFORE, DUE_DAY]);
    expect(await subjectsTo(cleo)).toEqual([DAY_BEFORE, DUE_DAY]);

    const [, dueDay] = await mailsTo(emil);
    expect(dueDay.text).toContain("Ada Owner is waiting for your answer on brief.txt in Globex Launch");
    expect(dueDay.text).toContain("Due today, May 20, 2030.");
    expect(dueDay.text).toContain(`/conversation-link?token=`);
    expect(dueDay.text).toContain(`&message=${card.messageId}`);
    const reminders = await db
      .selectFrom("sign_off_reminders")
      .select("kind")
      .where("sign_off_id", "=", card.id)
      .execute();
    expect(reminders).toHaveLength(6);
  });

  test("none once it was answered or withdrawn", async () => {
    const people = await world();
    const { owner, olivia, emil } = people;
    const answered = await askFor(people, [olivia, emil]);
    await answerSignOff(
      await actorOf(olivia),
      answered.id,
      { answer: "changes_requested", comment: "Bigger logo" },
      FROM,
    );
    const withdrawn = await askFor(people, [emil]);
    await withdrawSignOff(await actorOf(owner), withdrawn.id);

    await sweep("2030-05-19T13:00:00Z");
    await sweep("2030-05-20T13:00:00Z");
    expect(await mailsTo(olivia)).toEqual([]);
    expect(await mailsTo(emil)).toEqual([]);
  });

  test("none to a person removed from the space, or whose sign-off mails are off", async () => {
    const people = await world();
    const { owner, olivia, emil, emilRecord, cleo, space } = people;
    await askFor(people, [olivia, emil, cleo]);
    await removeClientFromSpace(await actorOf(owner), space.id, emilRecord.id);
    await saveNotificationPreferences(await actorOf(cleo), { ...DEFAULT_PREFERENCES, signOffs: false });

    await sweep("2030-05-19T13:00:00Z");
    expect(await subjectsTo(olivia)).toEqual([DUE_DAY]);
    expect(await mailsTo(emil)).toEqual([]);
    expect(await mailsTo(cleo)).toEqual([]);
  });

  test("none on the day of asking: the request's own mail says when it is due", async () => {
    const people = await world();
    const { cleo } = people;
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = addDays(today, 1);
    const card = await askFor(people, [cleo], { dueOn: tomorrow, today });

    // The very moment it was asked, on Cleo's calendar (UTC) the day before it is due.
    await sendSignOffReminders(new Date(card.createdAt), ORIGIN);
    expect(await mailsTo(cleo)).toEqual([]);
    await sweep(`${tomorrow}T09:00:00Z`);
    expect(await subjectsTo(cleo)).toEqual([DUE_DAY]);
  });
});

describe("mails sent by the job queue", () => {
  beforeAll(async () => {
    await attachJobs();
  });
  afterAll(async () => {
    await detachJobs();
  });

  test("asking for a sign-off mails the people asked", async () => {
    const people = await world();
    const { olivia, emil, cleo } = people;
    await askFor(people, [olivia, emil]);
    await vi.waitFor(
      async () => {
        expect(await mailsTo(olivia)).toHaveLength(1);
        expect(await mailsTo(emil)).toHaveLength(1);
      },
      { timeout: 20_000, interval: 250 },
    );
    expect(await mailsTo(cleo)).toEqual([]);
  });
});
