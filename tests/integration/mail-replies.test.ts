import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { MAIL_REPLY_LIMITS, REPLY_REFUSED, receiveMailReply } from "~/models/mail-replies.server";
import { replyAddressFor, resetReplyAddresses } from "~/models/reply-addresses.server";
import { removeClientFromSpace } from "~/models/space-assignments.server";
import { sendUnreadNotice } from "~/models/unread-notices.server";
import * as clientNotifications from "~/routes/client.settings.notifications";
import { takeInbox } from "~/process/mail-inbox.server";
import { db } from "~/services/db.server";
import { env } from "~/services/env.server";
import { readOutbox } from "~/services/outbox.server";
import { actorOf, createSpaceMessage } from "#tests/support/factories";
import { fixtureMail, plainMail } from "#tests/support/mails";
import { call, cookieFor, getRequest, postRequest, toastOf } from "#tests/support/requests";
import { clientSpace } from "#tests/support/space-worlds";

/* A reply to a notice mail, posted in its space on the chat's rules (issue 37). */

async function world() {
  const { owner, agencyId, alice, launch } = await clientSpace();
  const address = (await replyAddressFor(alice.id, launch.id))!;
  return { owner, agencyId, alice, launch, address };
}

const messagesIn = (spaceId: string) =>
  db
    .selectFrom("space_messages")
    .select(["sender_id", "content", "attachment_name", "attachment_type", "via_email"])
    .where("space_id", "=", spaceId)
    .orderBy("created_at")
    .execute();

const answersTo = async (email: string) => (await readOutbox()).filter((mail) => mail.to === email);

describe("a reply from a mail app posts only its new text, as its sender", () => {
  test.each([
    ["gmail-quoted", "Sounds good, the new logo works for us.\n\nThanks,\nCleo"],
    ["outlook-top-posted", "Approved. Please go ahead with the print run."],
    ["iphone-html-only", "Can we move the call to Thursday?"],
  ])("%s", async (fixture, expected) => {
    const { alice, launch, address } = await world();
    const outcome = await receiveMailReply(fixtureMail(fixture, { from: alice.email, to: address }));
    expect(outcome).toMatchObject({ posted: true, spaceId: launch.id });
    const [message] = await messagesIn(launch.id);
    expect(message).toMatchObject({ sender_id: alice.id, via_email: true });
    expect(message.content.startsWith(expected)).toBe(true);
    // Nothing of the notice it quotes comes along.
    expect(message.content).not.toMatch(/Agency Workspace|unread message|wrote:/);
  });

  test("Apple Mail's attached picture and PDF become the messages' files, after its text", async () => {
    const { alice, launch, address } = await world();
    const outcome = await receiveMailReply(fixtureMail("apple-mail-attachments", { from: alice.email, to: address }));
    expect(outcome).toMatchObject({ posted: true, leftOut: [] });
    expect(await messagesIn(launch.id)).toMatchObject([
      { content: "Here are the files you asked for.\n\nCleo", attachment_name: null, via_email: true },
      { content: "", attachment_name: "mockup.png", attachment_type: "image/png", via_email: true },
      { content: "", attachment_name: "brief.pdf", attachment_type: "application/pdf", via_email: true },
    ]);
  });

  test("a file over the chat's limit or of a refused type is left out, and the sender is told which and why", async () => {
    const { alice, launch, address } = await world();
    const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    const outcome = await receiveMailReply(
      plainMail({
        from: alice.email,
        to: address,
        text: "Two files",
        files: [
          { name: "huge.txt", type: "text/plain", bytes: new Uint8Array(11 * 1024 * 1024).fill(65) },
          { name: "tool.exe", type: "application/octet-stream", bytes: new Uint8Array([0x4d, 0x5a, 0x90, 0, 3]) },
          { name: "dot.png", type: "image/png", bytes: image },
        ],
      }),
    );
    expect(outcome).toMatchObject({ posted: true, leftOut: [{ name: "huge.txt" }, { name: "tool.exe" }] });
    expect((await messagesIn(launch.id)).map((message) => message.attachment_name ?? message.content)).toEqual([
      "Two files",
      "dot.png",
    ]);
    const [told] = await answersTo(alice.email);
    expect(told.subject).toBe("Re: Re: New messages in Launch");
    expect(told.text).toContain("huge.txt");
    expect(told.text).toContain("tool.exe");
  });
});

describe("what is never posted", () => {
  test("a mail from another address than the person's own, even with their reply address", async () => {
    const { launch, address } = await world();
    const outcome = await receiveMailReply(plainMail({ from: "mallory@evil.example", to: address, text: "Pay here" }));
    expect(outcome).toEqual({ posted: false, reason: "notThePerson" });
    expect(await messagesIn(launch.id)).toEqual([]);
    expect((await answersTo("mallory@evil.example"))[0].text).toContain(REPLY_REFUSED.notThePerson);
  });

  test("an unknown token, and every address once the person resets them", async () => {
    const { alice, launch, address } = await world();
    const unknown = address.replace(/reply\+[0-9a-f]{32}/, `reply+${"0".repeat(32)}`);
    expect(await receiveMailReply(plainMail({ from: alice.email, to: unknown, text: "Hello" }))).toEqual({
      posted: false,
      reason: "unknownAddress",
    });
    await resetReplyAddresses(alice);
    expect(await receiveMailReply(plainMail({ from: alice.email, to: address, text: "Hello" }))).toEqual({
      posted: false,
      reason: "unknownAddress",
    });
    expect(await messagesIn(launch.id)).toEqual([]);
    // A new address works again.
    const renewed = (await replyAddressFor(alice.id, launch.id))!;
    expect(renewed).not.toBe(address);
    expect(await receiveMailReply(plainMail({ from: alice.email, to: renewed, text: "Hello" }))).toMatchObject({
      posted: true,
    });
  });

  test("Settings › Notifications › Reset my reply addresses, posted as a form without JavaScript", async () => {
    const { alice, launch, address } = await world();
    const cookie = await cookieFor(alice);
    const page = await call(clientNotifications.loader, getRequest("/client/settings/notifications", cookie));
    expect(await page.json()).toMatchObject({ replyByEmail: true });
    const reset = await call(
      clientNotifications.action,
      postRequest("/client/settings/notifications", { intent: "reset-reply-addresses" }, cookie),
    );
    expect(reset.headers.get("Location")).toBe("/client/settings/notifications");
    expect(await toastOf(reset)).toMatchObject({ type: "success", title: "Reply addresses reset" });
    expect(await receiveMailReply(plainMail({ from: alice.email, to: address, text: "Hello" }))).toEqual({
      posted: false,
      reason: "unknownAddress",
    });
    expect(await messagesIn(launch.id)).toEqual([]);
  });

  test("a reply from someone taken out of the space since", async () => {
    const { owner, alice, launch, address } = await world();
    const client = await db
      .selectFrom("clients")
      .select("id")
      .where("user_id", "=", alice.id)
      .executeTakeFirstOrThrow();
    await removeClientFromSpace(await actorOf(owner), launch.id, client.id);
    expect(await receiveMailReply(plainMail({ from: alice.email, to: address, text: "Still here?" }))).toEqual({
      posted: false,
      reason: "notAMember",
    });
    expect(await messagesIn(launch.id)).toEqual([]);
  });

  test("auto-replies, lists and out-of-office mails: not posted and not answered", async () => {
    const { alice, launch, address } = await world();
    const automatic: Array<{ headers?: Record<string, string>; subject?: string; from?: string; messageId?: string }> =
      [
        // Our own mails coming back: our sender, our Message-IDs (APP_URL's host).
        { from: "no-reply@agency-workspace.local" },
        { messageId: "<a-notice@localhost>" },
        { headers: { "Auto-Submitted": "auto-replied" } },
        { headers: { Precedence: "bulk" } },
        { headers: { "X-Autoreply": "yes" } },
        { subject: "Out of Office: New messages in Launch" },
        { subject: "Automatic reply: New messages in Launch" },
      ];
    for (const mail of automatic) {
      expect(await receiveMailReply(plainMail({ from: alice.email, to: address, text: "I am away", ...mail }))).toEqual(
        {
          posted: false,
          reason: "automatic",
        },
      );
    }
    expect(await messagesIn(launch.id)).toEqual([]);
    expect(await answersTo(alice.email)).toEqual([]);
  });

  test("a mail over 25 MB, and a text over the chat's length", async () => {
    const { alice, launch, address } = await world();
    const big = new Uint8Array(MAIL_REPLY_LIMITS.maxBytes).fill(65);
    expect(
      await receiveMailReply(
        plainMail({
          from: alice.email,
          to: address,
          text: "Big",
          files: [{ name: "big.txt", type: "text/plain", bytes: big }],
        }),
      ),
    ).toEqual({ posted: false, reason: "tooLarge" });
    expect(await receiveMailReply(plainMail({ from: alice.email, to: address, text: "word ".repeat(2_500) }))).toEqual({
      posted: false,
      reason: "tooLong",
    });
    expect(await messagesIn(launch.id)).toEqual([]);
  });

  test("a mail with nothing new once the quote is cut", async () => {
    const { alice, launch, address } = await world();
    const outcome = await receiveMailReply(
      plainMail({
        from: alice.email,
        to: address,
        text: "On Mon, Agency Workspace wrote:\n\n> Agency Workspace\n> Hi",
      }),
    );
    expect(outcome).toEqual({ posted: false, reason: "empty" });
    expect(await messagesIn(launch.id)).toEqual([]);
  });
});

describe("nothing doubled, nothing flooded", () => {
  test("the same mail delivered twice, even at once, posts once", async () => {
    const { alice, launch, address } = await world();
    const mail = plainMail({ from: alice.email, to: address, text: "Once only", messageId: "<same@mail.example>" });
    const outcomes = await Promise.all([receiveMailReply(mail), receiveMailReply(mail)]);
    expect(outcomes.map((outcome) => outcome.posted).sort()).toEqual([false, true]);
    expect(await receiveMailReply(mail)).toEqual({ posted: false, reason: "duplicate" });
    expect(await messagesIn(launch.id)).toHaveLength(1);
  });

  test("a person posts so many replies a minute by mail; the refusals are answered once an hour", async () => {
    const { alice, launch, address } = await world();
    for (let index = 1; index <= 5; index++) {
      expect(
        await receiveMailReply(plainMail({ from: alice.email, to: address, text: `Reply ${index}` })),
      ).toMatchObject({ posted: true });
    }
    for (const text of ["Reply 6", "Reply 7"]) {
      expect(await receiveMailReply(plainMail({ from: alice.email, to: address, text }))).toEqual({
        posted: false,
        reason: "tooMany",
      });
    }
    expect(await messagesIn(launch.id)).toHaveLength(5);
    const answers = await answersTo(alice.email);
    expect(answers).toHaveLength(1);
    expect(answers[0].text).toContain(REPLY_REFUSED.tooMany);
  });
});

describe("an agency's cap", () => {
  test("past so many replies an hour in an agency's spaces, the next is refused and said why", async () => {
    const { alice, launch, address } = await world();
    await db
      .insertInto("inbound_mails")
      .values(
        Array.from({ length: MAIL_REPLY_LIMITS.perAgencyPerHour }, (_, index) => ({
          key: `earlier-${launch.id}-${index}`,
          sender: "someone@example.test",
          space_id: launch.id,
          outcome: "posted",
        })),
      )
      .execute();
    expect(await receiveMailReply(plainMail({ from: alice.email, to: address, text: "One more" }))).toEqual({
      posted: false,
      reason: "agencyBusy",
    });
    expect((await answersTo(alice.email))[0].text).toContain(REPLY_REFUSED.agencyBusy);
  });
});

describe("the inbox folder of the embedded default", () => {
  test("a running server takes each .eml put in $DATA_DIR/inbox and keeps it in done/", async () => {
    const { alice, launch, address } = await world();
    const inbox = path.join(env().dataDir, "inbox");
    await fs.mkdir(inbox, { recursive: true });
    await fs.writeFile(path.join(inbox, "answer.eml"), fixtureMail("gmail-quoted", { from: alice.email, to: address }));
    await fs.writeFile(path.join(inbox, "notes.txt"), "not a mail");
    expect(await takeInbox()).toBe(1);
    expect((await messagesIn(launch.id))[0].content).toMatch(/^Sounds good/);
    expect((await fs.readdir(inbox)).sort()).toEqual(["done", "notes.txt"]);
    expect(await fs.readdir(path.join(inbox, "done"))).toEqual(["answer.eml"]);
  });
});

describe("the notice a person replies to", () => {
  test("quotes the messages, says where a reply goes, and threads the space's notices", async () => {
    const { owner, alice, launch } = await world();
    await createSpaceMessage(launch.id, owner.id, {
      content: "Here is the new logo, what do you think?",
      minutesAgo: 10,
    });
    expect(await sendUnreadNotice({ userId: alice.id, spaceId: launch.id }, "http://localhost:3000")).toBe(true);
    const notice = (await answersTo(alice.email)).find((mail) => mail.subject === "New messages in Launch")!;
    expect(notice.replyTo).toBe(await replyAddressFor(alice.id, launch.id));
    expect(notice.text).toContain("Reply to this email to answer in Launch.");
    expect(notice.text).toContain("Here is the new logo, what do you think?");
    expect(notice.headers).toMatchObject({
      "In-Reply-To": `<space-${launch.id}@localhost>`,
      References: `<space-${launch.id}@localhost>`,
    });

    // Answered from the notice itself, quoting it whole: only the answer is posted.
    const reply = plainMail({
      from: alice.email,
      to: notice.replyTo!,
      text: `Love it, ship it.\n\nOn Mon, 23 Nov 2026, Agency Workspace wrote:\n${notice.text
        .split("\n")
        .map((line) => `> ${line}`)
        .join("\n")}`,
    });
    expect(await receiveMailReply(reply)).toMatchObject({ posted: true });
    expect((await messagesIn(launch.id)).at(-1)).toMatchObject({ content: "Love it, ship it.", via_email: true });
  });
});
