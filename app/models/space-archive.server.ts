import { sql } from "kysely";
import { db } from "~/services/db.server";
import { escapeHtml } from "~/services/mail-layout.server";
import { storage } from "~/services/storage.server";
import { streamZip } from "~/services/zip-files.server";
import { loadPeople } from "./actors.server";
import {
  REACTION_LABEL,
  REACTION_TYPES,
  UNKNOWN_USER,
  formatSize,
  type ChatMessage,
  type ReactionType,
} from "~/shared/chat-message";
import { toChatMessages } from "./messages.server";
import { DEFAULT_TIME_ZONE, formatDateTime, formatDay, type Clock } from "~/shared/time-format";
import { TEAM_ONLY } from "~/shared/chat-sides";
import {
  SIGN_OFF_STATE_LABEL,
  WITHDRAWN_FILE_DELETED,
  type SignOffAnswerView,
  type SignOffCard,
  type SignOffVersionView,
} from "~/shared/sign-offs";
import { answerSources, signOffRecords } from "./sign-off-cards.server";
import type { SignedFrom } from "./sign-offs.server";

/*
 * What a space's export holds (issue 17): the conversation as `conversation.html`, one
 * self-contained page to read in any browser, and as `conversation.json`, for other
 * tools, and under `files/` every file still shared in the chat. A deleted message is a
 * tombstone in both (decision 015): who sent it and when, never what it said. The client
 * chat's sign-offs (issue 39) are `sign-offs.json` and a section of the page: every
 * version, its answer, where it was given from and the SHA-256 of the files answered.
 * Messages are read a batch at a time, the files one at a time from storage, and every
 * entry streams into the ZIP, which streams into storage as it is made: a large space is
 * never held in memory, nor copied to the disk first.
 */

export const ARCHIVE_ENTRIES = {
  html: "conversation.html",
  json: "conversation.json",
  signOffs: "sign-offs.json",
  files: "files/",
} as const;

const BATCH_SIZE = 200;

/** `teamSideId`: the space's team-only side, exported in a section of its own (the agency's export only; issue 38). */
export type ArchivedSpace = { id: string; name: string; agencyName: string; teamSideId: string | null };
export type ArchiveReader = { id: string; name: string; timeZone: string | null };

type Named = { id: string | null; name: string };

/** A message as the export writes it: a tombstone says only who sent it and when. */
export type ExportedMessage =
  | { id: string; sender: Named; sentAt: string; deleted: true; deletedAt: string }
  | {
      id: string;
      sender: Named;
      sentAt: string;
      deleted: false;
      text: string;
      edited: boolean;
      editedAt: string | null;
      /** `path` is where the file is in the ZIP; null when it could not be read from storage. */
      file: { name: string; type: string; size: number; path: string | null } | null;
      reactions: Array<{ reaction: ReactionType; by: Named[] }>;
      readBy: Named[];
      /** The message it replies to (issue 21): its id, and as the chat quotes it. */
      replyTo: { id: string; sender: string; excerpt: string; deleted: boolean } | null;
    };

/**
 * A sign-off as the export records it: its card, each version's file as its path in the
 * ZIP (null when it could not be exported), and each answer with the session, device and
 * address it was given from.
 */
export type ExportedSignOff = Omit<SignOffCard, "versions"> & {
  versions: Array<
    Omit<SignOffVersionView, "file" | "answer"> & {
      file: { name: string; path: string | null } | null;
      answer: (SignOffAnswerView & SignedFrom) | null;
    }
  >;
};

/**
 * Makes the archive of the space as it stood at `asOf` into storage under `key`, as it
 * is made, and returns its size in bytes. When it fails, nothing is left under `key`.
 */
export async function storeSpaceArchive(
  key: string,
  space: ArchivedSpace,
  reader: ArchiveReader,
  asOf = new Date(),
): Promise<number> {
  const files = await filePaths([space.id, ...(space.teamSideId ? [space.teamSideId] : [])], asOf);
  return streamZip(
    (archive) => storage().putStream(key, archive, { contentType: "application/zip" }),
    async (add) => {
      // Files first: a file gone from storage is then known before the conversation links to it.
      for (const [messageId, file] of files) {
        const stored = await storage().open(file.key);
        if (!stored) {
          console.error(`space export: the file ${file.key} of message ${messageId} is missing from storage`);
          files.delete(messageId);
          continue;
        }
        // Images, PDFs and Word files are compressed already.
        await add(file.path, stored.stream, { compress: false, mtime: file.createdAt });
      }
      const exportedAt = new Date();
      const header = { space, reader, exportedAt };
      // Each side's messages, read afresh for each file they are written to.
      const sides = (): Sides => ({
        client: exportedMessages(space.id, asOf, files),
        team: space.teamSideId ? exportedMessages(space.teamSideId, asOf, files) : null,
      });
      // A few per space, unlike messages: read once, whole.
      const signOffs = await exportedSignOffs(space.id, asOf, files);
      await add(ARCHIVE_ENTRIES.json, conversationJson(header, sides()));
      await add(ARCHIVE_ENTRIES.signOffs, `${JSON.stringify({ ...headOf(header), signOffs }, null, 2)}\n`);
      await add(ARCHIVE_ENTRIES.html, conversationHtml(header, sides(), signOffs));
    },
  );
}

type StoredFile = { key: string; path: string; createdAt: Date };
/** The messages of the client chat and, in the agency's export, of the team side. */
type Sides = { client: AsyncIterable<ExportedMessage>; team: AsyncIterable<ExportedMessage> | null };

/**
 * Where each file of the space goes in the ZIP, by message: `files/` and its name, made
 * unique ("brief.pdf", "brief (2).pdf") and safe for any unzip tool (no folders, no
 * characters that a file system refuses).
 */
async function filePaths(chatIds: string[], asOf: Date): Promise<Map<string, StoredFile>> {
  const rows = await db
    .selectFrom("space_messages")
    .select(["id", "attachment_key", "attachment_name", "created_at"])
    .where("space_id", "in", chatIds)
    .where("created_at", "<=", asOf)
    .where("deleted_at", "is", null)
    .where("attachment_key", "is not", null)
    .orderBy("created_at")
    .orderBy("id")
    .$narrowType<{ attachment_key: string }>()
    .execute();
  const taken = new Set<string>();
  const paths = new Map<string, StoredFile>();
  for (const row of rows) {
    const name = safeFileName(row.attachment_name ?? "file");
    const dot = name.lastIndexOf(".");
    const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
    let unique = name;
    for (let count = 2; taken.has(unique.toLowerCase()); count += 1) unique = `${stem} (${count})${extension}`;
    taken.add(unique.toLowerCase());
    paths.set(row.id, {
      key: row.attachment_key,
      path: `${ARCHIVE_ENTRIES.files}${unique}`,
      createdAt: row.created_at,
    });
  }
  return paths;
}

/** A path in the ZIP as a link from the page beside it: each part encoded, so "#" or "?" in a name stays a name. */
function relativeUrl(filePath: string): string {
  return filePath.split("/").map(encodeURIComponent).join("/");
}

/** Shortened before its extension, which is the type the file's bytes proved (app/models/uploads.server.ts). */
function safeFileName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const cleaned = name.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, "_").replace(/^[.\s]+/, "");
  const extension = /\.[^.]{1,10}$/.exec(cleaned)?.[0] ?? "";
  const stem = cleaned.slice(0, cleaned.length - extension.length);
  return `${stem.slice(0, 150 - extension.length)}${extension}` || "file";
}

/** The space's messages up to `asOf`, oldest first, a batch at a time, as the export writes them. */
async function* exportedMessages(
  spaceId: string,
  asOf: Date,
  files: Map<string, StoredFile>,
): AsyncGenerator<ExportedMessage> {
  let after: string | null = null;
  for (;;) {
    let query = db
      .selectFrom("space_messages")
      .selectAll()
      .where("space_id", "=", spaceId)
      .where("created_at", "<=", asOf)
      .orderBy("created_at")
      .orderBy("id")
      .limit(BATCH_SIZE);
    // Compared in SQL, at the database's (microsecond) precision.
    if (after)
      query = query.where(
        sql<boolean>`(created_at, id) > (select created_at, id from space_messages where id = ${after})`,
      );
    const rows = await query.execute();
    if (!rows.length) return;
    const messages = await toChatMessages(rows);
    const reactors = await loadPeople(
      messages.flatMap((message) => REACTION_TYPES.flatMap((type) => message.reactions[type])),
    );
    for (const message of messages)
      yield exported(message, files.get(message.id)?.path ?? null, (id) => ({
        id,
        name: reactors.get(id)?.name ?? UNKNOWN_USER,
      }));
    if (rows.length < BATCH_SIZE) return;
    after = rows[rows.length - 1].id;
  }
}

function exported(message: ChatMessage, filePath: string | null, person: (id: string) => Named): ExportedMessage {
  const base = {
    id: message.id,
    sender: { id: message.senderId, name: message.senderName },
    sentAt: message.createdAt,
  };
  if (message.deletedAt) return { ...base, deleted: true, deletedAt: message.deletedAt };
  return {
    ...base,
    deleted: false,
    text: message.content,
    edited: message.editedAt !== null,
    editedAt: message.editedAt,
    file: message.attachment
      ? { name: message.attachment.name, type: message.attachment.type, size: message.attachment.size, path: filePath }
      : null,
    reactions: REACTION_TYPES.filter((type) => message.reactions[type].length).map((type) => ({
      reaction: type,
      by: message.reactions[type].map(person),
    })),
    readBy: message.readers.map((reader) => ({ id: reader.id, name: reader.name })),
    replyTo: message.replyTo
      ? {
          id: message.replyTo.id,
          sender: message.replyTo.senderName,
          excerpt: message.replyTo.excerpt,
          deleted: message.replyTo.deleted,
        }
      : null,
  };
}

/**
 * The client chat's sign-offs asked by the time the export was, each as it stands now: an
 * answer given since is part of its record. Oldest first.
 */
async function exportedSignOffs(
  spaceId: string,
  asOf: Date,
  files: Map<string, StoredFile>,
): Promise<ExportedSignOff[]> {
  const cards = (await signOffRecords(spaceId)).filter((card) => new Date(card.createdAt) <= asOf);
  // Read after the cards, and an answer is never taken back: every answer they hold has its source.
  const sources = await answerSources(cards.map((card) => card.id));
  return cards.map((card) => ({
    ...card,
    versions: card.versions.map((version) => ({
      ...version,
      file: version.file && { name: version.file.name, path: files.get(version.messageId)?.path ?? null },
      answer: version.answer && { ...version.answer, ...sources.get(`${card.id}:${version.number}`)! },
    })),
  }));
}

type Header = { space: ArchivedSpace; reader: ArchiveReader; exportedAt: Date };

/** What each JSON file of the export says first: whose space, when and by whom it was exported. */
function headOf({ space, reader, exportedAt }: Header) {
  return {
    space: { id: space.id, name: space.name, agency: space.agencyName },
    exportedAt: exportedAt.toISOString(),
    exportedBy: { id: reader.id, name: reader.name },
  };
}

async function* conversationJson(header: Header, sides: Sides) {
  // The object's head, then one message a line, so the file is written as the messages are read.
  yield `${JSON.stringify(headOf(header), null, 2).slice(0, -2)},\n  "messages": [`;
  yield* jsonLines(sides.client);
  if (sides.team) {
    yield `,\n  "teamOnly": [`;
    yield* jsonLines(sides.team);
  }
  yield "\n}\n";
}

/** The rest of a JSON array, one message a line, and its closing bracket. */
async function* jsonLines(messages: AsyncIterable<ExportedMessage>) {
  let first = true;
  for await (const message of messages) {
    yield `${first ? "" : ","}\n    ${JSON.stringify(message)}`;
    first = false;
  }
  yield `${first ? "" : "\n  "}]`;
}

const STYLE = `
  body { margin: 0; background: #f8fafc; color: #0f172a; font: 15px/1.5 -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; }
  main { max-width: 46rem; margin: 0 auto; padding: 2rem 1rem; }
  h1 { margin: 0 0 .25rem; font-size: 1.5rem; }
  h2 { margin: 2rem 0 .5rem; font-size: 1.125rem; }
  .about { margin: 0 0 1.5rem; color: #475569; font-size: .875rem; }
  ol { list-style: none; margin: 0; padding: 0; }
  li { margin: 0 0 .75rem; padding: .75rem 1rem; border: 1px solid #e2e8f0; border-radius: .75rem; background: #fff; }
  .meta { margin: 0; font-size: .8125rem; color: #475569; }
  .meta strong { color: #0f172a; font-size: .9375rem; }
  .text { margin: .25rem 0 0; white-space: pre-wrap; overflow-wrap: anywhere; }
  .deleted .text { color: #64748b; font-style: italic; }
  .detail { margin: .25rem 0 0; font-size: .8125rem; color: #475569; }
  code { font-size: .75rem; overflow-wrap: anywhere; }
  a { color: #4338ca; }
`;

async function* conversationHtml({ space, reader, exportedAt }: Header, sides: Sides, signOffs: ExportedSignOff[]) {
  const clock: Clock = { timeZone: reader.timeZone ?? DEFAULT_TIME_ZONE, locale: "en-US" };
  const time = (iso: string) => `<time datetime="${escapeHtml(iso)}">${escapeHtml(formatDateTime(iso, clock))}</time>`;
  const title = `${space.name} · Conversation`;
  // No script may run in it, whatever a message says: the text is escaped, and the policy forbids scripts anyway.
  yield `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(space.name)}</h1>
<p class="about">The conversation of ${escapeHtml(space.name)} with ${escapeHtml(space.agencyName)}, exported by ${escapeHtml(reader.name)} on ${time(exportedAt.toISOString())}. Times are in ${escapeHtml(clock.timeZone)}. Files are in the folder ${ARCHIVE_ENTRIES.files} beside this page.</p>
`;
  if (!sides.team) {
    yield* messageList(sides.client, time);
  } else {
    yield `<h2>Client chat</h2>\n`;
    yield* messageList(sides.client, time);
    yield `<h2>${TEAM_ONLY}</h2>
<p class="about">What the agency's team said among itself: its clients never saw these messages.</p>
`;
    yield* messageList(sides.team, time);
  }
  yield signOffSection(signOffs, time);
  yield `</main>
</body>
</html>
`;
}

/** One side's messages as a list, or "No messages yet". */
async function* messageList(messages: AsyncIterable<ExportedMessage>, time: (iso: string) => string) {
  const names = (people: Named[]) => escapeHtml(people.map((person) => person.name).join(", "));
  yield "<ol>\n";
  let count = 0;
  for await (const message of messages) {
    count += 1;
    const meta = `<p class="meta"><strong>${escapeHtml(message.sender.name)}</strong> · ${time(message.sentAt)}`;
    if (message.deleted) {
      yield `<li class="deleted">${meta}</p><p class="text">This message was deleted (${time(message.deletedAt)}).</p></li>\n`;
      continue;
    }
    const parts = [`<li>${meta}${message.editedAt ? ` · edited ${time(message.editedAt)}` : ""}</p>`];
    if (message.replyTo) {
      const { sender, excerpt, deleted } = message.replyTo;
      parts.push(
        `<p class="detail">In reply to ${deleted ? "a message since deleted" : `${escapeHtml(sender)}: ${escapeHtml(excerpt)}`}</p>`,
      );
    }
    if (message.text) parts.push(`<p class="text">${escapeHtml(message.text)}</p>`);
    if (message.file) {
      const label = `${escapeHtml(message.file.name)} (${formatSize(message.file.size)})`;
      parts.push(
        `<p class="detail">File: ${message.file.path ? `<a href="${escapeHtml(relativeUrl(message.file.path))}">${label}</a>` : `${label}, which could not be exported`}</p>`,
      );
    }
    for (const { reaction, by } of message.reactions) {
      parts.push(`<p class="detail">${REACTION_LABEL[reaction]} (${by.length}): ${names(by)}</p>`);
    }
    if (message.readBy.length) parts.push(`<p class="detail">Read by ${names(message.readBy)}</p>`);
    yield `${parts.join("")}</li>\n`;
  }
  yield `</ol>\n${count ? "" : "<p>No messages yet</p>\n"}`;
}

/** The sign-offs, each with every version, its answer and the SHA-256 of the files answered; nothing when there are none. */
function signOffSection(signOffs: ExportedSignOff[], time: (iso: string) => string): string {
  if (!signOffs.length) return "";
  const items = signOffs.map((signOff) => {
    const asked = escapeHtml(signOff.asked.map((person) => person.name).join(", "));
    const parts = [
      `<li><p class="meta"><strong>${escapeHtml(signOff.versions.at(-1)?.file?.name ?? "A file since deleted")}</strong> · ${SIGN_OFF_STATE_LABEL[signOff.state]}</p>`,
      `<p class="detail">${escapeHtml(signOff.askedBy)} asked ${asked} on ${time(signOff.createdAt)}${signOff.dueOn ? ` · due ${escapeHtml(formatDay(signOff.dueOn))}` : ""}</p>`,
    ];
    if (signOff.note) parts.push(`<p class="text">${escapeHtml(signOff.note)}</p>`);
    for (const version of signOff.versions) parts.push(...versionLines(version, time));
    if (signOff.withdrawn) {
      const { by, at } = signOff.withdrawn;
      parts.push(
        `<p class="detail">${by === WITHDRAWN_FILE_DELETED ? `Withdrawn on ${time(at)}. ${escapeHtml(by)}.` : `Withdrawn by ${escapeHtml(by)} on ${time(at)}.`}</p>`,
      );
    }
    return `${parts.join("")}</li>\n`;
  });
  return `<h2>Sign-offs</h2>
<p class="about">Each file the client was asked to sign off, with every version and its answer. An answer keeps the SHA-256 of each file's bytes as they were stored when it was given: a copy whose SHA-256 is the same is the file that was answered.</p>
<ol>
${items.join("")}</ol>
`;
}

function versionLines(version: ExportedSignOff["versions"][number], time: (iso: string) => string): string[] {
  const file = version.file
    ? version.file.path
      ? `<a href="${escapeHtml(relativeUrl(version.file.path))}">${escapeHtml(version.file.name)}</a>`
      : escapeHtml(version.file.name)
    : "a file since deleted from the chat";
  const head = `Version ${version.number} (${time(version.createdAt)}): ${file}`;
  const { answer } = version;
  if (!answer) return [`<p class="detail">${head}. Not answered.</p>`];
  const from = `${escapeHtml(answer.device)}, ${escapeHtml(answer.address)}, session ${escapeHtml(answer.sessionHandle)}`;
  return [
    `<p class="detail">${head}. ${SIGN_OFF_STATE_LABEL[answer.answer]} by ${escapeHtml(answer.by)} on ${time(answer.at)} (${from}).</p>`,
    ...(answer.comment ? [`<p class="text">${escapeHtml(answer.comment)}</p>`] : []),
    ...answer.files.map(
      (signed) =>
        `<p class="detail">SHA-256 of ${escapeHtml(signed.name)} (${formatSize(signed.size)}): <code>${escapeHtml(signed.sha256)}</code></p>`,
    ),
  ];
}
