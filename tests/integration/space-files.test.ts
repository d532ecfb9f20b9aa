import sharp from "sharp";
import { describe, expect, test } from "vitest";
import type { Actor } from "~/models/actors.server";
import { Refusal } from "~/models/errors.server";
import { subscribe } from "~/models/events.server";
import type { SpaceChange } from "~/shared/protocol";
import { listMessages } from "~/models/messages.server";
import { deleteMessage } from "~/models/message-changes.server";
import { readAttachment } from "~/models/message-files.server";
import { removePerson } from "~/models/people.server";
import { unassignTeamMember } from "~/models/space-assignments.server";
import { listSpaceFiles, readFileFilters, shareFile } from "~/models/space-files.server";
import type { FileFilters } from "~/shared/space-files";
import * as attachmentRoute from "~/routes/attachments.$messageId";
import * as clientFiles from "~/routes/client.chat.$spaceId_.files";
import * as spaceFiles from "~/routes/spaces.$spaceId_.files";
import { PER_PAGE } from "~/shared/paging";
import { db } from "~/services/db.server";
import { nameFilesForTheirType } from "#db/migrations/0022_export_jobs_and_file_names";
import {
  actorOf,
  createAgency,
  createClient,
  createSpace,
  createSpaceMessage,
  createTeamMember,
} from "#tests/support/factories";
import { call, cookieFor, getRequest, multipartRequest, toastOf } from "#tests/support/requests";

/*
 * A space's files (the Files tab): who may see them (the chat's own rule), what leaves
 * the list, the filters and pages, and a file shared from the tab, which is a chat message.
 */

async function world() {
  const agency = await createAgency();
  const designer = await createTeamMember(agency.agencyId, "DESIGNER", { name: "Dana Designer" });
  const idle = await createTeamMember(agency.agencyId, "CONTENT_WRITER", { name: "Ivy Idle" });
  const client = await createClient(agency.agencyId, { role: "OWNER", name: "Cleo Client", company: "Globex" });
  const neighbour = await createClient(agency.agencyId, { role: "OWNER", name: "Nina Neighbour", company: "Initech" });
  const space = await createSpace(agency.agencyId, {
    name: "Launch",
    teamMemberIds: [designer.member.id],
    clientIds: [client.client.id],
  });
  await createSpace(agency.agencyId, { name: "Initech Site", clientIds: [neighbour.client.id] });
  const foreign = await createAgency({ agencyName: "Elsewhere" });
  const foreignClient = await createClient(foreign.agencyId, { role: "OWNER", company: "Globex" });
  await createSpace(foreign.agencyId, { clientIds: [foreignClient.client.id] });
  return {
    agency,
    space,
    designer,
    client,
    owner: await actorOf(agency.owner),
    designerActor: await actorOf(designer.user),
    idleActor: await actorOf(idle.user),
    clientActor: await actorOf(client.user),
    neighbourActor: await actorOf(neighbour.user),
    foreignOwner: await actorOf(foreign.owner),
    foreignClient: await actorOf(foreignClient.user),
  };
}

const textFile = (name: string, text = "The launch brief: ship on Friday.\n") =>
  new File([text], name, { type: "text/plain" });

const share = (actor: Actor, spaceId: string, file: File | null, clientId = crypto.randomUUID()) =>
  shareFile(actor, spaceId, { clientId, file });

const filters = (changes: Partial<FileFilters> = {}): FileFilters => ({ type: null, search: "", page: 1, ...changes });
const names = async (actor: Actor, spaceId: string, changes: Partial<FileFilters> = {}) =>
  (await listSpaceFiles(actor, spaceId, filters(changes))).files.map((file) => file.name);

const notFound = (message = "Space not found") => expect.objectContaining({ status: 404, message });

describe("who may see a space's files", () => {
  test("the agency owner, an assigned team member and the space's client see every file, with who shared it", async () => {
    const { space, owner, designerActor, clientActor } = await world();
    await share(owner, space.id, textFile("brief.txt"));
    await share(clientActor, space.id, textFile("notes.txt", "Notes"));

    for (const actor of [owner, designerActor, clientActor]) {
      const page = await listSpaceFiles(actor, space.id);
      expect(page.total).toBe(2);
      expect(page.files).toEqual([
        expect.objectContaining({
          name: "notes.txt",
          size: 5,
          isImage: false,
          sharedBy: expect.objectContaining({ name: "Cleo Client" }),
        }),
        expect.objectContaining({
          name: "brief.txt",
          type: "text/plain; charset=utf-8",
          size: 34,
          sharedBy: expect.objectContaining({ id: owner.id, name: "Ada Owner" }),
        }),
      ]);
    }
  });

  test("a team member not assigned, a client of another space and another agency's people are refused", async () => {
    const { space, owner, idleActor, neighbourActor, foreignOwner, foreignClient } = await world();
    await share(owner, space.id, textFile("brief.txt"));
    for (const actor of [idleActor, neighbourActor, foreignOwner, foreignClient]) {
      await expect(listSpaceFiles(actor, space.id), actor.email).rejects.toEqual(notFound());
    }
    // A malformed id is only not found.
    await expect(listSpaceFiles(owner, "not-a-space")).rejects.toEqual(notFound());
  });

  test("a member taken off the space, or removed from the agency, loses its files as the chat", async () => {
    const { space, owner, designer, client, designerActor, clientActor } = await world();
    const sent = await share(owner, space.id, textFile("brief.txt"));
    expect(await names(designerActor, space.id)).toEqual(["brief.txt"]);
    expect(await names(clientActor, space.id)).toEqual(["brief.txt"]);

    await unassignTeamMember(owner, space.id, designer.member.id);
    await removePerson(owner, "client", client.client.id);
    for (const user of [designer.user, client.user]) {
      const actor = await actorOf(user);
      await expect(listSpaceFiles(actor, space.id)).rejects.toEqual(notFound());
      await expect(listMessages(actor, space.id)).rejects.toEqual(notFound());
      await expect(readAttachment(actor, sent.message.id)).rejects.toEqual(notFound("Message not found"));
    }
  });

  test("another agency's file does not download, though its message id is known", async () => {
    const { space, owner, clientActor, foreignOwner, foreignClient, idleActor } = await world();
    await share(owner, space.id, textFile("brief.txt"));
    const [file] = (await listSpaceFiles(clientActor, space.id)).files;
    expect(file.url).toBe(`/attachments/${file.messageId}`);
    const download = await readAttachment(clientActor, file.messageId);
    expect(Buffer.from(download.body).toString()).toBe("The launch brief: ship on Friday.\n");
    for (const actor of [foreignOwner, foreignClient, idleActor]) {
      await expect(readAttachment(actor, file.messageId)).rejects.toEqual(notFound("Message not found"));
    }
  });
});

describe("what the list holds", () => {
  test("a deleted message's file leaves the list (and storage); text messages were never in it", async () => {
    const { space, owner, clientActor } = await world();
    const kept = await share(owner, space.id, textFile("kept.txt"));
    const gone = await share(owner, space.id, textFile("gone.txt"));
    await createSpaceMessage(space.id, owner.id, { content: "Only words" });
    expect(await names(clientActor, space.id)).toEqual(["gone.txt", "kept.txt"]);

    await deleteMessage(owner, gone.message.id);
    expect(await names(clientActor, space.id)).toEqual(["kept.txt"]);
    expect((await listSpaceFiles(clientActor, space.id)).total).toBe(1);
    await expect(readAttachment(clientActor, gone.message.id)).rejects.toEqual(notFound("File not found"));
    expect((await readAttachment(clientActor, kept.message.id)).name).toBe("kept.txt");
  });

  test("an image is marked as one, for its preview", async () => {
    const { space, designerActor } = await world();
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#3366ff" } })
      .png()
      .toBuffer();
    await share(designerActor, space.id, new File([new Uint8Array(png)], "mockup.png"));
    const [image] = (await listSpaceFiles(designerActor, space.id)).files;
    expect(image).toMatchObject({ name: "mockup.png", type: "image/png", isImage: true, size: png.byteLength });
    expect(image.sharedBy.name).toBe("Dana Designer");
  });
});

describe("filters, search and pages", () => {
  /** 60 files, a minute apart, newest first by number: 20 images and 40 documents. */
  async function sixtyFiles() {
    const setup = await world();
    for (let index = 60; index >= 1; index--) {
      const image = index % 3 === 0;
      await createSpaceMessage(setup.space.id, setup.owner.id, {
        content: "",
        minutesAgo: index,
        file: image
          ? { name: `photo-${index}.png`, type: "image/png" }
          : { name: `report-${index}.pdf`, type: "application/pdf" },
      });
    }
    return setup;
  }

  test("pages of 50, newest first; a page past the last shows the last", async () => {
    const { space, clientActor } = await sixtyFiles();
    const first = await listSpaceFiles(clientActor, space.id, filters());
    expect(first).toMatchObject({ total: 60, pageCount: 2, pageSize: PER_PAGE, filters: { page: 1 } });
    expect(first.files).toHaveLength(50);
    expect(first.files.slice(0, 3).map((file) => file.name)).toEqual(["report-1.pdf", "report-2.pdf", "photo-3.png"]);
    expect(first.files[49].name).toBe("report-50.pdf");

    const second = await listSpaceFiles(clientActor, space.id, filters({ page: 2 }));
    expect(second.files.map((file) => file.name)).toEqual([
      "photo-51.png",
      "report-52.pdf",
      "report-53.pdf",
      "photo-54.png",
      "report-55.pdf",
      "report-56.pdf",
      "photo-57.png",
      "report-58.pdf",
      "report-59.pdf",
      "photo-60.png",
    ]);
    const beyond = await listSpaceFiles(clientActor, space.id, filters({ page: 99 }));
    expect(beyond.filters.page).toBe(2);
    expect(beyond.files).toEqual(second.files);
  });

  test("images and documents apart, and a search by name that takes % and _ as typed", async () => {
    const { space, owner, clientActor } = await sixtyFiles();
    const images = await listSpaceFiles(clientActor, space.id, filters({ type: "images" }));
    expect(images.total).toBe(20);
    expect(images.files.every((file) => file.isImage)).toBe(true);
    const documents = await listSpaceFiles(clientActor, space.id, filters({ type: "documents" }));
    expect(documents).toMatchObject({ total: 40, pageCount: 1 });
    expect(documents.files.some((file) => file.isImage)).toBe(false);

    expect(await names(clientActor, space.id, { search: "REPORT-1" })).toEqual([
      "report-1.pdf",
      "report-10.pdf",
      "report-11.pdf",
      "report-13.pdf",
      "report-14.pdf",
      "report-16.pdf",
      "report-17.pdf",
      "report-19.pdf",
    ]);
    expect(await names(clientActor, space.id, { search: "-1", type: "images" })).toEqual([
      "photo-12.png",
      "photo-15.png",
      "photo-18.png",
    ]);
    await createSpaceMessage(space.id, owner.id, { file: { name: "budget 100%_final.txt", type: "text/plain" } });
    expect(await names(clientActor, space.id, { search: "100%_" })).toEqual(["budget 100%_final.txt"]);
    expect(await names(clientActor, space.id, { search: "%" })).toEqual(["budget 100%_final.txt"]);
    expect(await names(clientActor, space.id, { search: "nothing like it" })).toEqual([]);
  });

  test("an address's filters as anyone may type them", () => {
    const read = (query: string) => readFileFilters(new URLSearchParams(query));
    expect(read("")).toEqual({ type: null, search: "", page: 1 });
    expect(read("type=images&q=%20brief%20&page=3")).toEqual({ type: "images", search: "brief", page: 3 });
    expect(read("type=documents")).toMatchObject({ type: "documents" });
    for (const odd of ["type=videos&page=abc", "type=&page=-2", "page=1.5", "page=0", "page=1e400"]) {
      expect(read(odd)).toMatchObject({ type: null, page: 1 });
    }
    expect(read(`q=${"a".repeat(500)}`).search).toHaveLength(200);
  });
});

describe("sharing a file from the Files tab", () => {
  test("posts it in the chat with no text, logged and broadcast as any message", async () => {
    const { space, owner, clientActor } = await world();
    const seen: SpaceChange[] = [];
    const stop = subscribe("space.changed", ({ change }) => seen.push(change));
    const sent = await share(clientActor, space.id, textFile("signed-contract.txt"));
    stop();

    expect(sent.message).toMatchObject({ content: "", senderName: "Cleo Client" });
    expect(sent.message.attachment).toMatchObject({
      name: "signed-contract.txt",
      url: `/attachments/${sent.message.id}`,
    });
    expect(seen).toEqual([expect.objectContaining({ kind: "message.created", messageId: sent.message.id })]);
    expect(seen[0].payload).toMatchObject({ content: "", attachment: { name: "signed-contract.txt" } });
    const chat = await listMessages(owner, space.id);
    expect(chat.messages.map((message) => message.attachment?.name)).toEqual(["signed-contract.txt"]);
  });

  test("a post sent twice is one message; a post without a file says so, after the space is checked", async () => {
    const { space, owner, foreignOwner } = await world();
    const clientId = crypto.randomUUID();
    const first = await share(owner, space.id, textFile("brief.txt"), clientId);
    const again = await share(owner, space.id, textFile("brief.txt"), clientId);
    expect(again).toMatchObject({ duplicate: true, message: { id: first.message.id } });

    const empty = new File([], "nothing.txt");
    for (const file of [null, empty]) {
      await expect(share(owner, space.id, file)).rejects.toEqual(
        new Refusal("Please choose a file to upload.", { field: "file", title: "No file selected" }),
      );
      await expect(share(foreignOwner, space.id, file)).rejects.toEqual(notFound());
    }
    await expect(share(foreignOwner, space.id, textFile("sneaky.txt"))).rejects.toEqual(notFound());
    expect((await listSpaceFiles(owner, space.id)).total).toBe(1);
  });
});

describe("a file's name", () => {
  test("text named like a page, a picture or a program is listed, shown and downloaded as text", async () => {
    const { space, agency, owner, clientActor } = await world();
    const sent = await share(clientActor, space.id, textFile("Invoice.html", "<script>steal()</script>"));
    expect(sent.message.attachment).toMatchObject({ name: "Invoice.html.txt" });
    await share(clientActor, space.id, textFile("notes.txt"));
    expect(await names(owner, space.id)).toEqual(["notes.txt", "Invoice.html.txt"]);

    const download = await call(
      attachmentRoute.loader,
      getRequest(`/attachments/${sent.message.id}`, await cookieFor(agency.owner)),
      { messageId: sent.message.id },
    );
    expect(download.headers.get("Content-Disposition")).toBe("attachment; filename*=UTF-8''Invoice.html.txt");
    expect(download.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
  });

  test("a file shared before is renamed by the migration for the type its bytes proved, once", async () => {
    const { space, owner } = await world();
    const stored = async (name: string, extension: string) => {
      const message = await createSpaceMessage(space.id, owner.id, { content: "", file: { name, type: "" } });
      await db
        .updateTable("space_messages")
        .set({ attachment_key: `${message.attachment_key}.${extension}` })
        .where("id", "=", message.id)
        .execute();
    };
    await stored("Invoice.html", "txt");
    await stored("run.bat", "txt");
    await stored("notes.TXT", "txt");
    await stored("holiday.jpeg", "jpg");
    await stored("scan.png", "jpg");
    await stored(`${"r".repeat(196)}.pdf`, "pdf");
    await stored(`${"s".repeat(196)}.svg`, "txt");
    const renamed = [
      "Invoice.html.txt",
      "run.bat.txt",
      "notes.TXT",
      "holiday.jpeg",
      "scan.png.jpg",
      `${"r".repeat(196)}.pdf`,
      // At most 200 characters, as an upload's name.
      `${"s".repeat(196)}.txt`,
    ];

    await nameFilesForTheirType(db);
    expect(await names(owner, space.id)).toEqual(expect.arrayContaining(renamed));
    await nameFilesForTheirType(db);
    expect((await names(owner, space.id)).sort()).toEqual([...renamed].sort());
  });
});

describe("the Files pages", () => {
  const storedFiles = (spaceId: string) =>
    db
      .selectFrom("space_messages")
      .select(["content", "attachment_name"])
      .where("space_id", "=", spaceId)
      .where("attachment_key", "is not", null)
      .execute();

  test("an upload without JavaScript comes back to the Files tab with the chat's toast; a refused one says why", async () => {
    const { space, agency, client } = await world();
    const path = `/spaces/${space.id}/files`;
    const cookie = await cookieFor(agency.owner);
    const params = { spaceId: space.id };
    const sent = await call(
      spaceFiles.action,
      multipartRequest(path, { clientId: crypto.randomUUID(), file: textFile("brief.txt") }, cookie),
      params,
    );
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(path);
    expect(await toastOf(sent)).toMatchObject({ description: "File uploaded successfully" });
    expect(await storedFiles(space.id)).toEqual([{ content: "", attachment_name: "brief.txt" }]);

    const program = new File([new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00])], "tool.exe");
    const refused = await call(
      spaceFiles.action,
      multipartRequest(path, { clientId: crypto.randomUUID(), file: program }, cookie),
      params,
    );
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain("Please upload an image, PDF, Word document or text file.");
    expect(await storedFiles(space.id)).toHaveLength(1);

    // A client shares from their own Files tab, and is sent there from the agency's address.
    const clientCookie = await cookieFor(client.user);
    const clientPath = `/client/chat/${space.id}/files`;
    const fromClient = await call(
      clientFiles.action,
      multipartRequest(clientPath, { clientId: crypto.randomUUID(), file: textFile("reply.txt") }, clientCookie),
      params,
    );
    expect(fromClient.headers.get("Location")).toBe(clientPath);
    const redirected = await call(spaceFiles.loader, getRequest(`${path}?type=documents`, clientCookie), params);
    expect(redirected.headers.get("Location")).toBe(clientPath);
    const page = await call(clientFiles.loader, getRequest(`${clientPath}?q=reply`, clientCookie), params);
    const data = (await page.json()) as { files: { total: number; files: Array<{ name: string }> } };
    expect(data.files.total).toBe(1);
    expect(data.files.files.map((file) => file.name)).toEqual(["reply.txt"]);
  });
});
