import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { unzipSync, strFromU8 } from "fflate";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { sendMessage } from "~/models/message-sending.server";
import { deleteMessage, editMessage } from "~/models/message-changes.server";
import { toggleReaction } from "~/models/message-reactions.server";
import { markRead } from "~/models/space-reads.server";
import type { ExportedMessage, ExportedSignOff } from "~/models/space-archive.server";
import { answerSignOff, askForSignOff } from "~/models/sign-offs.server";
import type { FormReply } from "~/shared/form-reply";
import {
  EXPORT_TEXT,
  findExportLink,
  pruneSpaceExports,
  requestSpaceExport,
  sendSpaceExport,
  setClientOwnerExports,
  takeSpaceExport,
} from "~/models/space-exports.server";
import { deleteSpace } from "~/models/spaces.server";
import { removePerson } from "~/models/people.server";
import { attachJobs, detachJobs } from "~/process/jobs.server";
import * as exportPage from "~/routes/spaces.$spaceId_.export";
import * as linkPage from "~/routes/space-export";
import * as downloadRoute from "~/routes/space-export_.download";
import { db } from "~/services/db.server";
import { readOutbox } from "~/services/outbox.server";
import { env } from "~/services/env.server";
import { newFileKey, storage } from "~/services/storage.server";
import { actorOf, createAgency, createClient, createSpace, createTeamMember } from "#tests/support/factories";
import { call, cookieFor, getRequest, postRequest, toastOf } from "#tests/support/requests";
import { whileWritesFail } from "#tests/support/faults";
import { download, exportNow, exportsOf, mailedToken } from "#tests/support/exports";

/* A space taken out as a ZIP (issue 17): who may, what it holds, and the single-use, expiring link that brings it. */

const ORIGIN = "http://localhost:3000";

/** An agency with a team member and two client owners in one space, which the first of them owns. */
async function agencyWithSpace(name = "Globex Launch") {
  const { owner, agencyId } = await createAgency();
  const { user: designer, member } = await createTeamMember(agencyId, "DESIGNER", { name: "Dana Designer" });
  const { user: clientOwner, client } = await createClient(agencyId, { role: "OWNER", name: "Olivia Owner" });
  const { user: otherOwner, client: otherClient } = await createClient(agencyId, {
    role: "OWNER",
    name: "Oscar Other",
  });
  const { user: employee, client: employeeRecord } = await createClient(agencyId, { name: "Emil Employee" });
  const space = await createSpace(agencyId, {
    name,
    teamMemberIds: [member.id],
    clientIds: [client.id, otherClient.id, employeeRecord.id],
  });
  await db.updateTable("spaces").set({ client_owner_id: client.id }).where("id", "=", space.id).execute();
  return { owner, agencyId, designer, clientOwner, client, otherOwner, employee, space };
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** Dates a space's export requests back, as if asked for `minutes` ago (the app never changes the time of asking). */
const askedMinutesAgo = (spaceId: string, minutes: number) =>
  sql`update space_exports set created_at = ${minutesAgo(minutes)} where space_id = ${spaceId}`.execute(db);

/** What the export page says when the export did not start: the form's error. */
async function refusalOf(response: Response) {
  const { result } = (await response.json()) as FormReply;
  return result.error?.[""];
}

describe("who may export a space", () => {
  test("the agency owner may, and the export is in the agency's activity", async () => {
    const { owner, space } = await agencyWithSpace();
    await requestSpaceExport(await actorOf(owner), space.id);
    expect(await exportsOf(space.id)).toHaveLength(1);
    const activity = await db.selectFrom("activity").selectAll().where("action", "=", "space.exported").execute();
    expect(activity).toMatchObject([
      {
        actor_id: owner.id,
        subject_type: "space",
        subject_id: space.id,
        summary: "Ada Owner exported the space Globex Launch",
      },
    ]);
  });

  test("a team member of the space may not, nor a client employee, nor another agency's owner", async () => {
    const { owner, designer, employee, space } = await agencyWithSpace();
    await setClientOwnerExports(await actorOf(owner), true);
    const { owner: stranger } = await createAgency({ agencyName: "Rival Digital" });
    for (const user of [designer, employee, stranger]) {
      await expect(requestSpaceExport(await actorOf(user), space.id)).rejects.toMatchObject({
        status: 404,
        message: "Space not found",
      });
    }
    expect(await exportsOf(space.id)).toEqual([]);
  });

  test("a client owner may export the space they own only once the agency lets client owners export", async () => {
    const { owner, clientOwner, otherOwner, space } = await agencyWithSpace();
    await expect(requestSpaceExport(await actorOf(clientOwner), space.id)).rejects.toMatchObject({ status: 404 });

    await setClientOwnerExports(await actorOf(owner), true);
    await requestSpaceExport(await actorOf(clientOwner), space.id);
    expect(await exportsOf(space.id)).toMatchObject([{ requested_by: clientOwner.id }]);
    // Another client owner takes part in the space but does not own it.
    await expect(requestSpaceExport(await actorOf(otherOwner), space.id)).rejects.toMatchObject({ status: 404 });
  });

  test("only the agency owner changes the setting, and it starts off", async () => {
    const { owner, designer, clientOwner, agencyId } = await agencyWithSpace();
    const setting = () =>
      db.selectFrom("agencies").select("client_owners_may_export").where("id", "=", agencyId).executeTakeFirstOrThrow();
    expect(await setting()).toEqual({ client_owners_may_export: false });
    for (const user of [designer, clientOwner]) {
      await expect(setClientOwnerExports(await actorOf(user), true)).rejects.toMatchObject({ status: 404 });
    }
    await setClientOwnerExports(await actorOf(owner), true);
    expect(await setting()).toEqual({ client_owners_may_export: true });
  });

  test("a client owner removed from the agency, or whose agency stops allowing it, gets no export", async () => {
    const { owner, clientOwner, client, space } = await agencyWithSpace();
    const ownerActor = await actorOf(owner);
    await setClientOwnerExports(ownerActor, true);
    await requestSpaceExport(await actorOf(clientOwner), space.id);
    await setClientOwnerExports(ownerActor, false);
    const [pending] = await exportsOf(space.id);
    // The job finds they may no longer: nothing is made or mailed, and the request is dropped.
    expect(await sendSpaceExport(pending.id, ORIGIN)).toBe(false);
    expect(await exportsOf(space.id)).toEqual([]);

    await setClientOwnerExports(ownerActor, true);
    const token = await exportNow(clientOwner, space.id);
    await setClientOwnerExports(ownerActor, false);
    // The link stops working, and its page says so rather than offer a download that fails.
    await expect(takeSpaceExport(await actorOf(clientOwner), token)).rejects.toMatchObject({ status: 404 });
    const page = await call(linkPage.loader, getRequest(`/space-export?token=${token}`, await cookieFor(clientOwner)));
    expect(await page.json()).toMatchObject({ state: "unknown" });
    await setClientOwnerExports(ownerActor, true);
    await removePerson(ownerActor, "client", client.id);
    await expect(takeSpaceExport(await actorOf(clientOwner), token)).rejects.toMatchObject({ status: 404 });
  });
});

describe("what an export holds", () => {
  let entries: Record<string, Uint8Array>;
  let conversation: { space: { name: string }; exportedBy: { name: string }; messages: ExportedMessage[] };
  let signOffs: { space: { name: string }; exportedBy: { name: string }; signOffs: ExportedSignOff[] };
  let html: string;
  let fileName: string;
  /** The agency owner, the client owner, and the message whose file the client owner approved. */
  let world: { owner: { id: string }; clientOwner: { id: string; email: string }; spaceId: string; approvedId: string };

  beforeAll(async () => {
    const { owner, clientOwner, designer, space } = await agencyWithSpace("Northwind <Rebrand>");
    const [ownerActor, clientActor, designerActor] = await Promise.all([
      actorOf(owner),
      actorOf(clientOwner),
      actorOf(designer),
    ]);
    const send = (actor: typeof ownerActor, content: string, file?: File, replyToId?: string) =>
      sendMessage(actor, space.id, { clientId: crypto.randomUUID(), content, file, replyToId });

    const script = await send(ownerActor, `<script>alert("hi")</script> & "quotes"`);
    const edited = await send(clientActor, "The first draft of my words");
    await editMessage(clientActor, edited.message.id, "My words, edited");
    const deleted = await send(ownerActor, "Words that were taken back");
    await deleteMessage(ownerActor, deleted.message.id);
    await send(clientActor, "The brief", new File(["Budget: 12k\n"], "brief.txt", { type: "text/plain" }));
    const secondFile = new File(["Second budget\n"], "brief.txt", { type: "text/plain" });
    const second = await send(designerActor, "", secondFile, edited.message.id);
    // Issue 39: the client owner approves the second brief, from a session the record keeps.
    const signOff = await askForSignOff(ownerActor, second.message.id, {
      askedIds: [clientOwner.id],
      dueOn: "2030-05-20",
      note: "The <final> budget",
      today: "2030-05-14",
    });
    await answerSignOff(
      clientActor,
      signOff.id,
      { answer: "approved", comment: "" },
      { sessionHandle: "s-4f2a", device: "Firefox on macOS", address: "203.0.113.7" },
    );
    world = { owner, clientOwner, spaceId: space.id, approvedId: second.message.id };
    await toggleReaction(designerActor, script.message.id, "heart");
    await toggleReaction(clientActor, script.message.id, "heart");
    await markRead(clientActor, space.id);

    const token = await exportNow(owner, space.id);
    ({ entries, fileName } = await download(owner, token));
    conversation = JSON.parse(strFromU8(entries["conversation.json"]));
    signOffs = JSON.parse(strFromU8(entries["sign-offs.json"]));
    html = strFromU8(entries["conversation.html"]);
  });

  test("the ZIP holds the conversation as a page and as JSON, and every file with its bytes", () => {
    expect(Object.keys(entries).sort()).toEqual([
      "conversation.html",
      "conversation.json",
      "files/brief (2).txt",
      "files/brief.txt",
      "sign-offs.json",
    ]);
    expect(strFromU8(entries["files/brief.txt"])).toBe("Budget: 12k\n");
    expect(strFromU8(entries["files/brief (2).txt"])).toBe("Second budget\n");
    expect(fileName).toMatch(/^Northwind -Rebrand- export \d{4}-\d{2}-\d{2}\.zip$/);
    expect(conversation).toMatchObject({ space: { name: "Northwind <Rebrand>" }, exportedBy: { name: "Ada Owner" } });
  });

  test("messages come in order with their sender, time, edits, reactions and readers; a deleted one is a tombstone", () => {
    const [script, edited, deleted, brief, second] = conversation.messages;
    expect(conversation.messages).toHaveLength(5);
    expect(script).toMatchObject({
      sender: { name: "Ada Owner" },
      deleted: false,
      text: `<script>alert("hi")</script> & "quotes"`,
      edited: false,
      reactions: [{ reaction: "heart", by: [{ name: "Dana Designer" }, { name: "Olivia Owner" }] }],
    });
    expect(new Date(script.sentAt).getTime()).not.toBeNaN();
    expect(edited).toMatchObject({ sender: { name: "Olivia Owner" }, text: "My words, edited", edited: true });
    expect(edited.deleted === false && edited.editedAt).toBeTruthy();
    expect(deleted).toEqual({
      id: expect.any(String),
      sender: { id: expect.any(String), name: "Ada Owner" },
      sentAt: expect.any(String),
      deleted: true,
      deletedAt: expect.any(String),
    });
    expect(JSON.stringify(conversation)).not.toContain("taken back");
    expect(brief).toMatchObject({
      text: "The brief",
      file: { name: "brief.txt", type: expect.stringMatching(/^text\/plain/), size: 12, path: "files/brief.txt" },
    });
    expect(second).toMatchObject({
      sender: { name: "Dana Designer" },
      file: { path: "files/brief (2).txt" },
      replyTo: { id: edited.id, sender: "Olivia Owner", excerpt: "My words, edited", deleted: false },
    });
    expect(brief).toMatchObject({ replyTo: null });
    // The client read up to the end: every message not their own lists them as a reader.
    expect(script).toMatchObject({
      readBy: expect.arrayContaining([{ id: expect.any(String), name: "Olivia Owner" }]),
    });
  });

  test("the page escapes what people wrote and runs no script", () => {
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt; &amp; &quot;quotes&quot;");
    expect(html).toContain("<title>Northwind &lt;Rebrand&gt; · Conversation</title>");
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`);
    expect(html).toContain("This message was deleted");
    expect(html).not.toContain("taken back");
    expect(html).toContain('<a href="files/brief%20(2).txt">brief.txt (14 B)</a>');
    expect(html).toContain("Heart (2): Dana Designer, Olivia Owner");
    expect(html).toMatch(/· edited <time/);
    expect(html).toContain("In reply to Olivia Owner: My words, edited");
  });

  test("the sign-offs are in sign-offs.json and on the page, each answer with the SHA-256 of the file's stored bytes", async () => {
    const { attachment_key } = await db
      .selectFrom("space_messages")
      .select("attachment_key")
      .where("id", "=", world.approvedId)
      .executeTakeFirstOrThrow();
    const stored = await storage().get(attachment_key!);
    const sha256 = createHash("sha256").update(stored!.body).digest("hex");
    // The stored bytes are the file's in the ZIP, too.
    expect(createHash("sha256").update(entries["files/brief (2).txt"]).digest("hex")).toBe(sha256);

    expect(signOffs).toMatchObject({ space: { name: "Northwind <Rebrand>" }, exportedBy: { name: "Ada Owner" } });
    expect(signOffs.signOffs).toEqual([
      expect.objectContaining({
        messageId: world.approvedId,
        state: "approved",
        askedBy: "Ada Owner",
        note: "The <final> budget",
        dueOn: "2030-05-20",
        asked: [{ id: world.clientOwner.id, name: "Olivia Owner" }],
        withdrawn: null,
        versions: [
          {
            number: 1,
            messageId: world.approvedId,
            file: { name: "brief.txt", path: "files/brief (2).txt" },
            createdAt: expect.any(String),
            answer: {
              answer: "approved",
              comment: "",
              by: "Olivia Owner",
              at: expect.any(String),
              files: [{ name: "brief.txt", size: 14, sha256 }],
              sessionHandle: "s-4f2a",
              device: "Firefox on macOS",
              address: "203.0.113.7",
            },
          },
        ],
      }),
    ]);

    const section = html.slice(html.indexOf("<h2>Sign-offs</h2>"));
    expect(section).toContain("<strong>brief.txt</strong> · Approved");
    expect(section).toContain("Ada Owner asked Olivia Owner on <time");
    expect(section).toContain("· due May 20, 2030");
    expect(section).toContain("The &lt;final&gt; budget");
    expect(section).toMatch(
      /Version 1 \(<time[^>]*>[^<]*<\/time>\): <a href="files\/brief%20\(2\)\.txt">brief\.txt<\/a>/,
    );
    expect(section).toMatch(
      /Approved by Olivia Owner on <time[^>]*>[^<]*<\/time> \(Firefox on macOS, 203\.0\.113\.7, session s-4f2a\)/,
    );
    expect(section).toContain(`SHA-256 of brief.txt (14 B): <code>${sha256}</code>`);
  });

  test("a client owner's export holds the same sign-offs: they are the client chat's", async () => {
    await setClientOwnerExports(await actorOf(world.owner), true);
    const { entries: theirs } = await download(world.clientOwner, await exportNow(world.clientOwner, world.spaceId));
    expect(JSON.parse(strFromU8(theirs["sign-offs.json"])).signOffs).toEqual(signOffs.signOffs);
    expect(strFromU8(theirs["conversation.html"])).toContain(
      `<code>${signOffs.signOffs[0].versions[0].answer?.files[0].sha256}</code>`,
    );
  });
});

describe("the files in an export", () => {
  test("text named like a page is in files/ as text, with a short name that keeps its extension", async () => {
    const { owner, space } = await agencyWithSpace();
    const actor = await actorOf(owner);
    const share = (file: File) => sendMessage(actor, space.id, { clientId: crypto.randomUUID(), content: "", file });
    await share(new File(["<script>steal()</script>"], "Invoice.html"));
    await share(new File(["<b>Pay now</b>"], `${"x".repeat(190)}.html`));

    const { entries } = await download(owner, await exportNow(owner, space.id));
    expect(Object.keys(entries).filter((name) => name.startsWith("files/"))).toEqual([
      "files/Invoice.html.txt",
      `files/${"x".repeat(146)}.txt`,
    ]);
    expect(strFromU8(entries["conversation.html"])).toContain(
      '<a href="files/Invoice.html.txt">Invoice.html.txt (24 B)</a>',
    );
  });
});

describe("the link in the mail", () => {
  test("works once, for the one who asked, and says so on its page", async () => {
    const { owner, clientOwner, space } = await agencyWithSpace();
    await setClientOwnerExports(await actorOf(owner), true);
    const token = await exportNow(owner, space.id);
    const { mail } = await mailedToken(owner.email);
    expect(mail.subject).toBe("Your export of Globex Launch is ready");
    expect(mail.text).toContain("expires in 3 days");

    // Someone else, even one who may export the space, cannot use it, and leaves it unused.
    await expect(takeSpaceExport(await actorOf(clientOwner), token)).rejects.toMatchObject({ status: 404 });
    const ownerCookie = await cookieFor(owner);
    const page = await call(linkPage.loader, getRequest(`/space-export?token=${token}`, ownerCookie));
    expect(await page.json()).toMatchObject({ state: "ready", spaceName: "Globex Launch" });

    const first = await call(downloadRoute.action, postRequest("/space-export/download", { token }, ownerCookie));
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toBe("application/zip");
    expect(first.headers.get("Content-Disposition")).toMatch(/^attachment; filename\*=UTF-8''Globex%20Launch%20export/);
    const bytes = new Uint8Array(await first.arrayBuffer());
    expect(Number(first.headers.get("Content-Length"))).toBe(bytes.byteLength);
    expect(Object.keys(unzipSync(bytes))).toContain("conversation.json");

    const second = await call(downloadRoute.action, postRequest("/space-export/download", { token }, ownerCookie));
    expect(second.headers.get("Location")).toBe(`/space-export?token=${token}`);
    const spent = await call(linkPage.loader, getRequest(`/space-export?token=${token}`, ownerCookie));
    expect(spent.status).toBe(410);
    expect(await spent.json()).toMatchObject({ state: "downloaded", spaceHref: `/spaces/${space.id}` });
  });

  test("expires, and an expired link downloads nothing", async () => {
    const { owner, space } = await agencyWithSpace();
    const token = await exportNow(owner, space.id);
    await db
      .updateTable("space_exports")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    await expect(takeSpaceExport(await actorOf(owner), token)).rejects.toMatchObject({ status: 404 });
    expect(await findExportLink(token)).toMatchObject({ state: "expired" });

    // Pruning then removes the archive from storage, and the link knows nothing any more.
    const [row] = await exportsOf(space.id);
    await pruneSpaceExports();
    expect(await storage().open(row.archive_key!)).toBeNull();
    expect(await findExportLink(token)).toBeNull();
  });

  test("needs its user signed in, and tells another account apart", async () => {
    const { owner, designer, space } = await agencyWithSpace();
    const token = await exportNow(owner, space.id);
    const signedOut = await call(linkPage.loader, getRequest(`/space-export?token=${token}`));
    expect(signedOut.headers.get("Location")).toBe(
      `/login?${new URLSearchParams({ redirectTo: `/space-export?token=${token}` })}`,
    );
    const other = await call(linkPage.loader, getRequest(`/space-export?token=${token}`, await cookieFor(designer)));
    expect(other.status).toBe(403);
    expect(await other.json()).toEqual({ state: "other-account", homeHref: "/teams/dashboard" });
    expect(await findExportLink(token)).toMatchObject({ state: "ready" });
  });

  test("deleting the space deletes its archives", async () => {
    const { owner, space } = await agencyWithSpace();
    const token = await exportNow(owner, space.id);
    const [row] = await exportsOf(space.id);
    await deleteSpace(await actorOf(owner), space.id);
    expect(await storage().open(row.archive_key!)).toBeNull();
    expect(await findExportLink(token)).toBeNull();
  });
});

describe("asking for an export", () => {
  test("the page answers at once with what will happen; asking twice while it is made asks once", async () => {
    const { owner, space } = await agencyWithSpace();
    const cookie = await cookieFor(owner);
    const page = await call(exportPage.loader, getRequest(`/spaces/${space.id}/export`, cookie), { spaceId: space.id });
    expect(await page.json()).toMatchObject({ space: { name: "Globex Launch" }, email: owner.email, days: 3 });

    for (let time = 0; time < 2; time += 1) {
      const asked = await call(exportPage.action, postRequest(`/spaces/${space.id}/export`, {}, cookie), {
        spaceId: space.id,
      });
      expect(asked.headers.get("Location")).toBe(`/spaces/${space.id}`);
      expect(await toastOf(asked)).toMatchObject({ type: "success", description: EXPORT_TEXT.requested });
    }
    expect(await exportsOf(space.id)).toHaveLength(1);
  });

  test("an unexpected failure keeps the page and says the export did not start, answered 500", async () => {
    const { owner, space } = await agencyWithSpace();
    await whileWritesFail("insert", "space_exports", async (logged) => {
      const failed = await call(
        exportPage.action,
        postRequest(`/spaces/${space.id}/export`, {}, await cookieFor(owner)),
        {
          spaceId: space.id,
        },
      );
      expect(failed.status).toBe(500);
      expect(await refusalOf(failed)).toEqual(["Could not start the export. Please try again."]);
      expect(logged).toHaveBeenCalled();
    });
  });

  test("two requests at the same moment make one export", async () => {
    const { owner, space } = await agencyWithSpace();
    const actor = await actorOf(owner);
    await Promise.all([requestSpaceExport(actor, space.id), requestSpaceExport(actor, space.id)]);
    expect(await exportsOf(space.id)).toHaveLength(1);
  });

  test("while an export of the space is being made, another is refused, however long it takes", async () => {
    const { owner, clientOwner, space } = await agencyWithSpace();
    const ownerActor = await actorOf(owner);
    await setClientOwnerExports(ownerActor, true);
    await requestSpaceExport(ownerActor, space.id);
    await askedMinutesAgo(space.id, 50);
    // Who asked, asking again, is still asking for the same one.
    await requestSpaceExport(ownerActor, space.id);
    expect(await exportsOf(space.id)).toHaveLength(1);

    const refused = await call(
      exportPage.action,
      postRequest(`/spaces/${space.id}/export`, {}, await cookieFor(clientOwner)),
      { spaceId: space.id },
    );
    expect(refused.status).toBe(409);
    expect(await refusalOf(refused)).toEqual([
      "An export of this space is already being prepared. Please try again once it is ready.",
    ]);
    expect(await exportsOf(space.id)).toMatchObject([{ requested_by: owner.id }]);
  });

  test("an export whose job has not been heard of for an hour no longer holds the space", async () => {
    const { owner, clientOwner, space } = await agencyWithSpace();
    await setClientOwnerExports(await actorOf(owner), true);
    await requestSpaceExport(await actorOf(owner), space.id);
    await askedMinutesAgo(space.id, 180);
    const attemptBegan = (minutes: number) =>
      db
        .updateTable("space_exports")
        .set({ job_started_at: minutesAgo(minutes) })
        .where("space_id", "=", space.id)
        .execute();
    // Asked three hours ago, and a retry of its job began half an hour ago: it is still being made.
    await attemptBegan(30);
    await expect(requestSpaceExport(await actorOf(clientOwner), space.id)).rejects.toMatchObject({
      status: 409,
      message: EXPORT_TEXT.inProgress,
    });
    // The queue gives an attempt an hour: one that began longer ago has died.
    await attemptBegan(61);
    await requestSpaceExport(await actorOf(clientOwner), space.id);
    expect((await exportsOf(space.id)).map((row) => row.requested_by)).toEqual([owner.id, clientOwner.id]);
  });

  test("an agency asks for at most 5 exports a day, all its spaces together, and is told when it may again", async () => {
    const { owner, agencyId, space } = await agencyWithSpace();
    const actor = await actorOf(owner);
    const others = [];
    for (let count = 1; count <= 5; count += 1) others.push(await createSpace(agencyId, { name: `Space ${count}` }));
    const spaces = [space, ...others];
    for (const each of spaces.slice(0, 5)) await requestSpaceExport(actor, each.id);
    const last = spaces[5];

    const ask = () =>
      call(exportPage.action, postRequest(`/spaces/${last.id}/export`, {}, cookie), { spaceId: last.id });
    const cookie = await cookieFor(owner);
    const refused = await ask();
    expect(refused.status).toBe(429);
    expect(await refusalOf(refused)).toEqual([
      "Your agency has made 5 exports in the last 24 hours. Please try again in 24 hours.",
    ]);
    expect(await exportsOf(last.id)).toEqual([]);

    // Another agency has its own five.
    const other = await createAgency({ agencyName: "Rival Digital" });
    const otherSpace = await createSpace(other.agencyId, { name: "Rival Space" });
    await requestSpaceExport(await actorOf(other.owner), otherSpace.id);

    // The oldest of the five was asked for 23 and a half hours ago: a slot opens in half an hour.
    await askedMinutesAgo(space.id, 23.5 * 60);
    expect(await refusalOf(await ask())).toEqual([
      "Your agency has made 5 exports in the last 24 hours. Please try again in 30 minutes.",
    ]);
    await askedMinutesAgo(space.id, 24 * 60 + 1);
    expect((await ask()).headers.get("Location")).toBe(`/spaces/${last.id}`);
    expect(await exportsOf(last.id)).toHaveLength(1);
  });

  test("two requests at the same moment for the agency's last export of the day make one", async () => {
    const { owner, agencyId } = await agencyWithSpace();
    const actor = await actorOf(owner);
    const spaces = [];
    for (let count = 1; count <= 6; count += 1) spaces.push(await createSpace(agencyId, { name: `Space ${count}` }));
    for (const each of spaces.slice(0, 4)) await requestSpaceExport(actor, each.id);
    const results = await Promise.allSettled(spaces.slice(4).map((each) => requestSpaceExport(actor, each.id)));
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(results.find((result) => result.status === "rejected")).toMatchObject({ reason: { status: 429 } });
  });

  describe("through the job queue", () => {
    beforeAll(async () => {
      await attachJobs();
    });
    afterAll(async () => {
      await detachJobs();
    });

    test("the job makes the archive and mails its link to who asked", async () => {
      const { owner, space } = await agencyWithSpace("Queued Space");
      await requestSpaceExport(await actorOf(owner), space.id);
      const { mail, token } = await vi.waitFor(() => mailedToken(owner.email), { timeout: 20_000, interval: 250 });
      expect(mail.subject).toBe("Your export of Queued Space is ready");
      expect((await download(owner, token)).entries).toHaveProperty("conversation.html");
    });
  });
});

describe("making the archive", () => {
  /** Where the local storage keeps a key's bytes. */
  const storedPath = (key: string) => path.join(env().dataDir, "uploads", key);
  const stagedExports = async () => (await fs.readdir(os.tmpdir())).filter((name) => name.startsWith("space-export"));
  const storedExports = async () => fs.readdir(storedPath("space-exports")).catch(() => []);

  /** A space with two files; returns the second's storage key, to make its reading wait or fail. */
  async function spaceWithTwoFiles() {
    const world = await agencyWithSpace();
    const actor = await actorOf(world.owner);
    const share = (file: File) =>
      sendMessage(actor, world.space.id, { clientId: crypto.randomUUID(), content: "", file });
    await share(new File(["Budget: 12k\n"], "brief.txt"));
    const minutes = await share(new File(["placeholder\n"], "minutes.txt"));
    const { attachment_key } = await db
      .selectFrom("space_messages")
      .select("attachment_key")
      .where("id", "=", minutes.message.id)
      .executeTakeFirstOrThrow();
    await requestSpaceExport(actor, world.space.id);
    const [request] = await exportsOf(world.space.id);
    return { ...world, request, secondFile: storedPath(attachment_key!) };
  }

  test("the ZIP goes into storage as it is made, nothing staged on disk, and holds the space meanwhile", async () => {
    const { owner, clientOwner, space, request, secondFile } = await spaceWithTwoFiles();
    await setClientOwnerExports(await actorOf(owner), true);
    // The second file is read from a pipe, so the job waits half-way through the archive until it is written.
    await fs.rm(secondFile);
    await promisify(execFile)("mkfifo", [secondFile]);
    const made = sendSpaceExport(request.id, ORIGIN);
    try {
      const building = await vi.waitFor(
        async () => {
          const [row] = await exportsOf(space.id);
          const stored = row.archive_key ? await fs.stat(storedPath(row.archive_key)).catch(() => null) : null;
          if (!stored?.size) throw new Error("nothing of the archive stored yet");
          return row;
        },
        { timeout: 10_000, interval: 50 },
      );
      expect(building).toMatchObject({ token_hash: null, job_started_at: expect.any(Date) });
      expect(await stagedExports()).toEqual([]);
      await expect(requestSpaceExport(await actorOf(clientOwner), space.id)).rejects.toMatchObject({ status: 409 });
    } finally {
      await fs.writeFile(secondFile, "Minutes of the call\n");
    }
    expect(await made).toBe(true);
    const { entries } = await download(owner, (await mailedToken(owner.email)).token);
    expect(strFromU8(entries["files/brief.txt"])).toBe("Budget: 12k\n");
    expect(strFromU8(entries["files/minutes.txt"])).toBe("Minutes of the call\n");
  });

  test("an export whose making fails half-way leaves nothing behind, and its next attempt makes it whole", async () => {
    const { owner, request, secondFile } = await spaceWithTwoFiles();
    // A folder where the file should be: opening it works, reading it fails, after the first file went into the ZIP.
    await fs.rm(secondFile);
    await fs.mkdir(secondFile);
    const stored = await storedExports();
    await expect(sendSpaceExport(request.id, ORIGIN)).rejects.toThrow(/EISDIR/);
    expect(await stagedExports()).toEqual([]);
    expect(await storedExports()).toEqual(stored);
    expect((await readOutbox()).filter((mail) => mail.to === owner.email)).toEqual([]);

    await fs.rmdir(secondFile);
    await fs.writeFile(secondFile, "Minutes of the call\n");
    expect(await sendSpaceExport(request.id, ORIGIN)).toBe(true);
    expect(await storedExports()).toHaveLength(stored.length + 1);
    const { entries } = await download(owner, (await mailedToken(owner.email)).token);
    expect(strFromU8(entries["files/minutes.txt"])).toBe("Minutes of the call\n");
  });

  test("what an attempt that died had stored goes with the next attempt, or with the request given up", async () => {
    const { owner, agencyId, space } = await agencyWithSpace();
    await requestSpaceExport(await actorOf(owner), space.id);
    const [request] = await exportsOf(space.id);
    // As an attempt killed half-way leaves it: part of an archive, under the key its row names.
    const killedHalfWay = async (id: string) => {
      const key = newFileKey("space-exports", "zip");
      await storage().put(key, Buffer.from("PK\x03\x04 part of an archive"), { contentType: "application/zip" });
      await db.updateTable("space_exports").set({ archive_key: key }).where("id", "=", id).execute();
      return key;
    };
    const partial = await killedHalfWay(request.id);
    expect(await sendSpaceExport(request.id, ORIGIN)).toBe(true);
    expect(await storage().open(partial)).toBeNull();
    const [ready] = await exportsOf(space.id);
    expect(await storage().open(ready.archive_key!)).not.toBeNull();

    const other = await createSpace(agencyId, { name: "Given Up" });
    await requestSpaceExport(await actorOf(owner), other.id);
    const [givenUp] = await exportsOf(other.id);
    const abandoned = await killedHalfWay(givenUp.id);
    await askedMinutesAgo(other.id, 25 * 60);
    await pruneSpaceExports();
    expect(await storage().open(abandoned)).toBeNull();
    expect(await exportsOf(other.id)).toEqual([]);
  });
});
