import fc from "fast-check";
import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import type { Actor } from "~/models/actors.server";
import { removeLinkPreview } from "~/models/link-previews.server";
import { deleteMessage, editMessage } from "~/models/message-changes.server";
import { search, type SearchOptions } from "~/models/search.server";
import { assignTeamMember } from "~/models/space-assignments.server";
import { canSeeChat, listVisibleChatIds, teamSideOf } from "~/models/space-access.server";
import { createSpace } from "~/models/spaces.server";
import { db } from "~/services/db.server";
import type { MessageHit, Snippet } from "~/shared/search";
import * as factories from "#tests/support/factories";
import { actorOf, createAgency, createClient, createSpaceMessage, createTeamMember } from "#tests/support/factories";

/*
 * Issue 40: search finds the spaces, people, messages and files a person may see. Messages
 * and files by their words (a tsvector kept by a trigger, migration 0027): best match or
 * newest first, a page at a time, with the filters typed in the box or chosen in the form;
 * what the person may see is part of the query, checked here over random worlds too.
 */

async function world(agencyName = "Acme Digital") {
  const agency = await createAgency({ agencyName });
  const admin = await actorOf(agency.owner);
  const designer = await createTeamMember(agency.agencyId, "DESIGNER", { name: "Dana Designer" });
  const writer = await createTeamMember(agency.agencyId, "CONTENT_WRITER", { name: "Wes Writer" });
  const globex = await createClient(agency.agencyId, { role: "OWNER", company: "Globex", name: "Olivia Owner" });
  const colleague = await createClient(agency.agencyId, { role: "EMPLOYEE", company: "Globex", name: "Gus Colleague" });
  const initech = await createClient(agency.agencyId, { role: "OWNER", company: "Initech", name: "Ivan Initech" });
  const launch = await createSpace(admin, { clientOwnerId: globex.client.id, name: "Globex Launch" });
  await createSpace(admin, { clientOwnerId: initech.client.id, name: "Initech Secret" });
  await assignTeamMember(admin, launch.id, designer.member.id);
  return { admin, designer, writer, globex, colleague, initech, launch };
}

const foundByName = async (actor: Awaited<ReturnType<typeof actorOf>>, query: string) => {
  const results = await search(actor, query);
  return { spaces: results.spaces.map((space) => space.name), people: results.people.map((person) => person.name) };
};

describe("search finds the spaces and people the user may see", () => {
  test("the agency finds its spaces and people by name, company or email, and nothing of another agency", async () => {
    const { admin, globex } = await world();
    await world("Other Agency");
    expect(await foundByName(admin, "globex")).toEqual({
      spaces: ["Globex Launch"],
      people: ["Gus Colleague", "Olivia Owner"],
    });
    expect(await foundByName(admin, globex.user.email.toUpperCase())).toEqual({
      spaces: ["Globex Launch"],
      people: ["Olivia Owner"],
    });
    expect(await foundByName(admin, "writer")).toEqual({ spaces: [], people: ["Wes Writer"] });
  });

  test("a team member finds only their own spaces", async () => {
    const { designer } = await world();
    expect((await foundByName(await actorOf(designer.user), "e")).spaces).toEqual(["Globex Launch"]);
  });

  test("a client finds their spaces, the team of their spaces and their colleagues, and no one else", async () => {
    const { globex } = await world();
    expect(await foundByName(await actorOf(globex.user), "e")).toEqual({
      spaces: ["Globex Launch"],
      people: ["Dana Designer", "Gus Colleague", "Olivia Owner"],
    });
  });

  test("words typed together are found together, in their order, as a piece of a name; each word alone is not enough", async () => {
    const { admin } = await world();
    expect(await foundByName(admin, "globex launch")).toEqual({ spaces: ["Globex Launch"], people: [] });
    expect(await foundByName(admin, "x Laun")).toEqual({ spaces: ["Globex Launch"], people: [] });
    expect(await foundByName(admin, "OLIVIA OWNER")).toEqual({ spaces: [], people: ["Olivia Owner"] });
    // Each of these holds a word of a space or person ("Initech", "Globex"), never the whole text.
    expect(await foundByName(admin, "Initech Launch")).toEqual({ spaces: [], people: [] });
    expect(await foundByName(admin, "launch globex")).toEqual({ spaces: [], people: [] });
    expect(await foundByName(admin, "Globex Laun_h")).toEqual({ spaces: [], people: [] });
  });

  test("wildcards are searched as text, and an empty query finds nothing", async () => {
    const { admin } = await world();
    expect(await foundByName(admin, "%")).toEqual({ spaces: [], people: [] });
    expect(await foundByName(admin, "Glo_ex")).toEqual({ spaces: [], people: [] });
    expect(await foundByName(admin, "Glo%Launch")).toEqual({ spaces: [], people: [] });
    expect(await foundByName(admin, "   ")).toEqual({ spaces: [], people: [] });
  });
});

/*
 * Messages and files. An agency's owner (Ada Owner), Nora Blake and Nora Quinn on the team
 * of Globex Launch with its client Olivia, and Initech Rebrand, Nora Blake's alone.
 */
async function chatWorld() {
  const { owner, agencyId } = await createAgency({ firstName: "Ada" });
  const { user: blake, member: blakeRecord } = await createTeamMember(agencyId, "DESIGNER", { name: "Nora Blake" });
  const { user: quinn, member: quinnRecord } = await createTeamMember(agencyId, "DESIGNER", { name: "Nora Quinn" });
  const { user: olivia, client } = await createClient(agencyId, { name: "Olivia Owner" });
  const launch = await factories.createSpace(agencyId, {
    name: "Globex Launch",
    teamMemberIds: [blakeRecord.id, quinnRecord.id],
    clientIds: [client.id],
  });
  const rebrand = await factories.createSpace(agencyId, { name: "Initech Rebrand", teamMemberIds: [blakeRecord.id] });
  return { owner, blake, quinn, olivia, launch, rebrand, reader: await actorOf(owner) };
}

type Sent = { id: string };
const PDF = "application/pdf";

/** A message in the chat by the user; `minutesAgo` dates it, `file` gives it a file of that name. */
const say = (
  chatId: string,
  sender: { id: string },
  content: string,
  { minutesAgo = 0, file }: { minutesAgo?: number; file?: string } = {},
) => createSpaceMessage(chatId, sender.id, { content, minutesAgo, file: file ? { name: file, type: PDF } : undefined });

/** The text of each message found, in the order found. */
async function textsOf(hits: MessageHit[]): Promise<string[]> {
  if (!hits.length) return [];
  const ids = hits.map((hit) => hit.id);
  const rows = await db.selectFrom("space_messages").select(["id", "content"]).where("id", "in", ids).execute();
  const content = new Map(rows.map((row) => [row.id, row.content]));
  return hits.map((hit) => content.get(hit.id)!);
}

/** The messages found, by their text. */
const found = async (actor: Actor, text: string, options?: SearchOptions) =>
  textsOf((await search(actor, text, options)).messages.hits);

/** The messages whose file's name matches, by the file's name. */
const filesFound = async (actor: Actor, text: string, options?: SearchOptions) =>
  (await search(actor, text, options)).files.hits.map((hit) => hit.fileName);

/** A snippet as the reader sees it, the matches in [brackets]. */
const shown = (snippet: Snippet) =>
  snippet.map((piece) => (typeof piece === "string" ? piece : `[${piece.match}]`)).join("");

describe("messages are found by their words, best match first", () => {
  test("a message with the word twice in its text ranks above one with it once, and both above a file's name", async () => {
    const { blake, launch, reader } = await chatWorld();
    await say(launch.id, blake, "Here it is", { minutesAgo: 1, file: "invoice.pdf" });
    await say(launch.id, blake, "One question about the invoice", { minutesAgo: 2 });
    await say(launch.id, blake, "The invoice is attached; the invoice is due Friday", { minutesAgo: 3 });
    await say(launch.id, blake, "Nothing to do with it", { minutesAgo: 4 });
    expect(await found(reader, "invoice")).toEqual([
      "The invoice is attached; the invoice is due Friday",
      "One question about the invoice",
      "Here it is",
    ]);
    expect(await found(reader, "invoice", { sort: "newest" })).toEqual([
      "Here it is",
      "One question about the invoice",
      "The invoice is attached; the invoice is due Friday",
    ]);
  });

  test("every word is needed, in any order; a word matches as the start of a word, never inside one", async () => {
    const { blake, launch, reader } = await chatWorld();
    await say(launch.id, blake, "Invoice date moved to Friday", { minutesAgo: 2 });
    await say(launch.id, blake, "The invoice is paid", { minutesAgo: 1 });
    expect(await found(reader, "inv")).toEqual(["The invoice is paid", "Invoice date moved to Friday"]);
    expect(await found(reader, "INV")).toEqual(["The invoice is paid", "Invoice date moved to Friday"]);
    expect(await found(reader, "date inv")).toEqual(["Invoice date moved to Friday"]);
    expect(await found(reader, "voice")).toEqual([]);
    expect(await found(reader, "invoices")).toEqual([]);
  });

  test("words match without their accents: resume finds résumé, and résumé finds resume", async () => {
    const { blake, launch, reader } = await chatWorld();
    await say(launch.id, blake, "My résumé is attached", { minutesAgo: 2 });
    await say(launch.id, blake, "Resume the work on Monday", { minutesAgo: 1 });
    await say(launch.id, blake, "Ärger mit dem Drucker", { minutesAgo: 3 });
    const both = ["Resume the work on Monday", "My résumé is attached"];
    expect(await found(reader, "resume")).toEqual(both);
    expect(await found(reader, "résumé")).toEqual(both);
    expect(await found(reader, "RÉS")).toEqual(both);
    expect(await found(reader, "arger")).toEqual(["Ärger mit dem Drucker"]);
  });

  test('"an exact phrase" is its words in that order, side by side', async () => {
    const { blake, launch, reader } = await chatWorld();
    await say(launch.id, blake, "Sending the final logo today", { minutesAgo: 3 });
    await say(launch.id, blake, "The logo final cut is late", { minutesAgo: 2 });
    await say(launch.id, blake, "Final colours, then the logo", { minutesAgo: 1 });
    expect(await found(reader, '"final logo"')).toEqual(["Sending the final logo today"]);
    expect(await found(reader, '"logo final"')).toEqual(["The logo final cut is late"]);
    // Its last word as a start, as it is being typed.
    expect(await found(reader, '"final lo"')).toEqual(["Sending the final logo today"]);
    expect(await found(reader, "final logo", { sort: "newest" })).toEqual([
      "Final colours, then the logo",
      "The logo final cut is late",
      "Sending the final logo today",
    ]);
  });

  test("thirty to a page: the first says there are more, the second has the rest", async () => {
    const { blake, launch, reader } = await chatWorld();
    const sent: Sent[] = [];
    for (let index = 1; index <= 34; index += 1) {
      sent.push(await say(launch.id, blake, `Milestone ${index} reached`, { minutesAgo: 100 - index }));
    }
    for (const sort of ["best", "newest"] as const) {
      const first = (await search(reader, "milestone", { sort })).messages;
      const second = (await search(reader, "milestone", { sort, messagesPage: 2 })).messages;
      expect(first).toMatchObject({ page: 1, hasMore: true });
      expect(first.hits).toHaveLength(30);
      expect(second).toMatchObject({ page: 2, hasMore: false });
      expect(second.hits).toHaveLength(4);
      // Newest first, with nothing twice and nothing left out.
      expect([...first.hits, ...second.hits].map((hit) => hit.id)).toEqual(sent.map((message) => message.id).reverse());
    }
    expect((await search(reader, "milestone", { messagesPage: 3 })).messages).toEqual({
      hits: [],
      page: 3,
      hasMore: false,
    });
    expect((await search(reader, "milestone", { perPage: 5 })).messages).toMatchObject({ hasMore: true });
  });

  test("a result names its space, sender and time, and holds the words around the match", async () => {
    const { blake, launch, reader } = await chatWorld();
    const message = await say(launch.id, blake, "Please check the invoice before Friday");
    const [hit] = (await search(reader, "invoice")).messages.hits;
    expect(hit).toEqual({
      id: message.id,
      spaceId: launch.id,
      spaceName: "Globex Launch",
      snippet: ["Please check the ", { match: "invoice" }, " before Friday"],
      senderName: "Nora Blake",
      senderAvatarKey: null,
      createdAt: message.created_at.toISOString(),
      fileName: null,
    });
  });
});

/** Messages in the chat by the user, one a minute, the first `minutesAgo`, each saying what `texts` gives it (set-based: thousands at once). */
async function sayMany(
  chatId: string,
  sender: { id: string },
  texts: string[],
  { minutesAgo }: { minutesAgo: number },
) {
  await sql`
    insert into space_messages (space_id, sender_id, client_id, content, created_at)
    select ${chatId}, ${sender.id}, gen_random_uuid()::text, text, now() - (${minutesAgo} - n + 1) * interval '1 minute'
    from unnest(${texts}::text[]) with ordinality as texts(text, n)
  `.execute(db);
}

const numbered = (count: number, text: (index: number) => string) =>
  Array.from({ length: count }, (_, index) => text(index + 1));

describe("a common word, a rare one: the newest matches first, then all of them (ADR 036)", () => {
  test("best match is the best of the newest 300 matches; newest first goes on to the older ones", async () => {
    const { blake, launch, reader } = await chatWorld();
    await say(launch.id, blake, "Logo, logo, logo: the logo at last", { minutesAgo: 100_000 });
    const logos = numbered(300, (index) => (index === 150 ? "The logo and the logo again" : `Logo ${index}`));
    await sayMany(launch.id, blake, logos, { minutesAgo: 1_000 });
    const best: MessageHit[] = [];
    for (let page = 1; ; page += 1) {
      const { hits, hasMore } = (await search(reader, "logo", { messagesPage: page })).messages;
      best.push(...hits);
      if (!hasMore) break;
    }
    const texts = await textsOf(best);
    expect(texts).toHaveLength(300);
    expect(texts[0]).toBe("The logo and the logo again");
    expect(texts).not.toContain("Logo, logo, logo: the logo at last");
    const newest = (await search(reader, "logo", { sort: "newest", messagesPage: 11 })).messages;
    expect(newest.hasMore).toBe(false);
    expect((await textsOf(newest.hits)).at(-1)).toBe("Logo, logo, logo: the logo at last");
  });

  test("a word among the newest messages and in older ones is found in both, past thousands of newer messages", async () => {
    const { blake, launch, reader } = await chatWorld();
    const other = await chatWorld();
    await sayMany(
      launch.id,
      blake,
      numbered(30, (index) => `Kumquat order ${index}`),
      { minutesAgo: 100_000 },
    );
    await sayMany(
      other.launch.id,
      other.blake,
      numbered(20_001, () => "Nothing to see"),
      { minutesAgo: 30_000 },
    );
    await sayMany(
      launch.id,
      blake,
      numbered(5, (index) => `Kumquat order ${30 + index}`),
      { minutesAgo: 10 },
    );
    for (const sort of ["best", "newest"] as const) {
      const first = (await search(reader, "kumquat", { sort })).messages;
      const second = (await search(reader, "kumquat", { sort, messagesPage: 2 })).messages;
      expect(first).toMatchObject({ hasMore: true });
      expect([...first.hits, ...second.hits]).toHaveLength(35);
      expect(second.hasMore).toBe(false);
    }
  });
});

describe("files are found by the words of their names", () => {
  test('"plan" finds launch-plan.pdf among the files; a message that only says it is no file', async () => {
    const { blake, launch, reader } = await chatWorld();
    await say(launch.id, blake, "Here you go", { minutesAgo: 2, file: "launch-plan.pdf" });
    await say(launch.id, blake, "The plan is set", { minutesAgo: 1 });
    await say(launch.id, blake, "The planning doc", { minutesAgo: 3, file: "notes.pdf" });
    expect(await filesFound(reader, "plan")).toEqual(["launch-plan.pdf"]);
    expect(await filesFound(reader, "launch")).toEqual(["launch-plan.pdf"]);
    expect(await filesFound(reader, "pdf", { sort: "newest" })).toEqual(["launch-plan.pdf", "notes.pdf"]);
    const [file] = (await search(reader, "plan")).files.hits;
    expect(shown(file.snippet)).toBe("launch-[plan].pdf");
    // As a message, by its file's name too, below those that say it.
    expect(await found(reader, "plan")).toEqual(["The plan is set", "The planning doc", "Here you go"]);
    // No words, no files: the filters alone list messages.
    expect(await filesFound(reader, "has:file")).toEqual([]);
  });

  test("the files page apart from the messages'", async () => {
    const { blake, launch, reader } = await chatWorld();
    for (let index = 1; index <= 3; index += 1) {
      await say(launch.id, blake, `Sketch ${index}`, { minutesAgo: 10 - index, file: `sketch-${index}.pdf` });
    }
    const page = await search(reader, "sketch", { perPage: 2, filesPage: 2 });
    expect(page.messages).toMatchObject({ page: 1, hasMore: true });
    expect(page.files).toMatchObject({ page: 2, hasMore: false });
    expect(page.files.hits).toHaveLength(1);
  });
});

describe("filters, typed in the box or chosen in the form", () => {
  test("from: a person by first name, or by full name in quotes", async () => {
    const { owner, blake, quinn, launch, reader } = await chatWorld();
    await say(launch.id, blake, "Logo draft one", { minutesAgo: 3 });
    await say(launch.id, quinn, "Logo draft two", { minutesAgo: 2 });
    await say(launch.id, owner, "Logo draft three", { minutesAgo: 1 });
    expect(await found(reader, "logo from:Nora")).toEqual(["Logo draft two", "Logo draft one"]);
    expect(await found(reader, 'from:"Nora Blake" logo')).toEqual(["Logo draft one"]);
    expect(await found(reader, "from:nora")).toEqual(["Logo draft two", "Logo draft one"]);
    expect(await found(reader, 'from:"Ada Owner"')).toEqual(["Logo draft three"]);
    expect(await found(reader, "logo", { filters: { from: "Nora Quinn" } })).toEqual(["Logo draft two"]);
    expect(await found(reader, "from:Nobody logo")).toEqual([]);
  });

  test("in: a space by its name; its team-only side is in it for the staff, never for its clients", async () => {
    const { owner, blake, olivia, launch, rebrand, reader } = await chatWorld();
    await say(launch.id, olivia, "Budget approved", { minutesAgo: 3 });
    await say(rebrand.id, blake, "Budget for the rebrand", { minutesAgo: 2 });
    await say(await teamSideOf(launch.id), owner, "Budget is tight, keep it simple", { minutesAgo: 1 });
    expect(await found(reader, "budget in:Initech")).toEqual(["Budget for the rebrand"]);
    expect(await found(reader, 'budget in:"Globex Launch"')).toEqual([
      "Budget is tight, keep it simple",
      "Budget approved",
    ]);
    expect(await found(reader, "budget", { filters: { inSpace: "initech rebrand" } })).toEqual([
      "Budget for the rebrand",
    ]);
    expect(await found(await actorOf(olivia), 'in:"Globex Launch"')).toEqual(["Budget approved"]);
    const [teamHit] = (await search(reader, "tight")).messages.hits;
    expect(teamHit.spaceName).toBe("Team only · Globex Launch");
  });

  test("has:file: only messages with a file", async () => {
    const { blake, launch, reader } = await chatWorld();
    await say(launch.id, blake, "Brief attached", { minutesAgo: 2, file: "brief.pdf" });
    await say(launch.id, blake, "Brief to follow", { minutesAgo: 1 });
    expect(await found(reader, "brief has:file")).toEqual(["Brief attached"]);
    expect(await found(reader, "has:file")).toEqual(["Brief attached"]);
    expect(await found(reader, "brief", { filters: { hasFile: true } })).toEqual(["Brief attached"]);
    // Without the filter both, the one with the word in its file's name too first.
    expect(await found(reader, "brief")).toEqual(["Brief attached", "Brief to follow"]);
  });

  test("before: and after: are days of the reader's calendar: 23:30 UTC on Nov 30 is Dec 1 in Berlin", async () => {
    const { blake, launch, reader } = await chatWorld();
    const minutesAgo = (iso: string) => (Date.now() - Date.parse(iso)) / 60_000;
    await say(launch.id, blake, "Report late at night", { minutesAgo: minutesAgo("2024-11-30T23:30:00Z") });
    await say(launch.id, blake, "Report at noon", { minutesAgo: minutesAgo("2024-11-30T12:00:00Z") });
    await say(launch.id, blake, "Report on Monday", { minutesAgo: minutesAgo("2024-12-02T09:00:00Z") });
    const berlin = { timeZone: "Europe/Berlin", sort: "newest" } as const;
    const utc = { timeZone: "UTC", sort: "newest" } as const;
    // "After the 30th" is from Dec 1 on; "before Dec 1" up to its start.
    expect(await found(reader, "report after:2024-11-30", berlin)).toEqual([
      "Report on Monday",
      "Report late at night",
    ]);
    expect(await found(reader, "report after:2024-11-30", utc)).toEqual(["Report on Monday"]);
    expect(await found(reader, "report before:2024-12-01", berlin)).toEqual(["Report at noon"]);
    expect(await found(reader, "report before:2024-12-01", utc)).toEqual(["Report late at night", "Report at noon"]);
    expect(await found(reader, "after:2024-11-30 before:2024-12-02", berlin)).toEqual(["Report late at night"]);
    expect(await found(reader, "report", { ...berlin, filters: { before: "2024-12-01" } })).toEqual(["Report at noon"]);
  });

  test("a day that is no day of the calendar is searched for as words, not refused by the database", async () => {
    const { blake, launch, reader } = await chatWorld();
    await say(launch.id, blake, "Report before the 30th");
    for (const text of ["report before:2024-02-30", "report after:2023-02-29", "report before:0000-01-01"]) {
      expect(await found(reader, text), text).toEqual([]);
    }
  });
});

describe("what search shows is plain text", () => {
  test("a message's HTML comes back as the text it is, around a { match } piece", async () => {
    const { blake, launch, reader } = await chatWorld();
    const content = `invoice <script>alert(1)</script> <img src=x onerror="alert(2)"> & "quotes" <b>today</b>`;
    await say(launch.id, blake, content);
    const [hit] = (await search(reader, "invoice")).messages.hits;
    expect(hit.snippet[0]).toEqual({ match: "invoice" });
    expect(hit.snippet.slice(1).every((piece) => typeof piece === "string")).toBe(true);
    // As much of the text as the headline shows, as it is (ts_headline leaves out a tag's ends).
    expect(shown(hit.snippet)).toMatch(
      /^\[invoice\] <script>alert\(1\)<\/script> <img src=x onerror="alert\(2\)"> & "quotes/,
    );
    expect(`[invoice]${content.slice("invoice".length)}`.startsWith(shown(hit.snippet))).toBe(true);
    // What looks like a tag is text too.
    await say(launch.id, blake, "Dear <client name>, your invoice is attached");
    const [letter] = (await search(reader, "your invoice")).messages.hits;
    expect(shown(letter.snippet)).toBe("Dear <client name>, [your] [invoice] is attached");
  });

  test("the marks and stand-ins search uses, in a message or a file's name, make no match and are not shown", async () => {
    const { blake, launch, reader } = await chatWorld();
    await say(launch.id, blake, "Your invoice\u0003 is \u0001not\u0002 late\u0004\u0005\u0006\u0007 today", {
      file: "invoice-\u0001final\u0002.pdf",
    });
    const { messages, files } = await search(reader, "invoice");
    expect(messages.hits.map((hit) => hit.snippet)).toEqual([["Your ", { match: "invoice" }, " is not late today"]]);
    expect(files.hits.map((hit) => hit.snippet)).toEqual([[{ match: "invoice" }, "-final.pdf"]]);
    // Listed by a filter alone, it shows its text as it is, without them.
    expect((await search(reader, "has:file")).messages.hits.map((hit) => hit.snippet)).toEqual([
      ["Your invoice is not late today"],
    ]);
  });
});

describe("only what the chat shows is found", () => {
  test("a deleted message never appears, nor its file, by its words or by filters alone", async () => {
    const { blake, launch, reader } = await chatWorld();
    const gone = await say(launch.id, blake, "Secret pineapple recipe", { file: "pineapple.pdf" });
    await say(launch.id, blake, "Pineapple is fine");
    await deleteMessage(await actorOf(blake), gone.id);
    expect(await found(reader, "pineapple")).toEqual(["Pineapple is fine"]);
    expect(await filesFound(reader, "pineapple")).toEqual([]);
    expect(await found(reader, "has:file")).toEqual([]);
    expect(await found(reader, 'from:"Nora Blake"')).toEqual(["Pineapple is fine"]);
  });

  test("an edited message is found by its new text only", async () => {
    const { blake, launch, reader } = await chatWorld();
    const message = await say(launch.id, blake, "Meet on Tuesday");
    await editMessage(await actorOf(blake), message.id, "Meet on Thursday");
    expect(await found(reader, "tuesday")).toEqual([]);
    const [hit] = (await search(reader, "thursday")).messages.hits;
    expect(hit.id).toBe(message.id);
    expect(shown(hit.snippet)).toBe("Meet on [Thursday]");
  });

  test("a link preview's words are never searched, shown or removed", async () => {
    const { blake, launch, reader } = await chatWorld();
    const message = await say(launch.id, blake, "Roadmap https://example.test/q3");
    await db
      .updateTable("space_messages")
      .set({
        link_preview: JSON.stringify({
          url: "https://example.test/q3",
          title: "Quarterly zeppelin plans",
          description: "Everything about airships",
          siteName: "Blimpsite",
          image: null,
        }),
      })
      .where("id", "=", message.id)
      .execute();
    const previewWords = ["zeppelin", "airships", "blimpsite", "quarterly"];
    for (const word of previewWords) expect(await found(reader, word), word).toEqual([]);
    await removeLinkPreview(await actorOf(blake), message.id);
    for (const word of previewWords) expect(await found(reader, word), word).toEqual([]);
    expect(await found(reader, "roadmap")).toEqual(["Roadmap https://example.test/q3"]);
  });
});

/*
 * Isolation, over random worlds: a few agencies whose spaces and people share names, team
 * members assigned to some spaces or none, clients added to some, messages on both sides
 * of each space (some deleted) with words from a small vocabulary, some with a file. For
 * every person and random searches (a word's start, in:, from:, has:file, typed or chosen
 * in the form), the messages and files found are exactly those a model of the rules
 * finds in the chats the person may see; none is of another chat, and no client is ever
 * shown the team-only side.
 */
describe("search finds nothing of a chat the reader may not see (a property over random worlds)", () => {
  const VOCABULARY = ["apple", "apricot", "banana", "band", "résumé", "rescue", "logo"];
  const FIRST_NAMES = ["Nora", "Dana", "Olly"];
  const SPACE_NAMES = ["Alpha", "Alpha Beta", "Beta"];
  /** Accents and case folded, as the search's words are (unaccent, lowercase). */
  const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

  const twoOf = fc.array(fc.boolean(), { minLength: 2, maxLength: 2 });
  const agencyPlan = fc.record({
    owner: fc.constantFrom(...FIRST_NAMES),
    members: fc.array(fc.constantFrom(...FIRST_NAMES), { minLength: 1, maxLength: 2 }),
    clients: fc.array(fc.constantFrom(...FIRST_NAMES), { minLength: 1, maxLength: 2 }),
    spaces: fc.array(fc.record({ name: fc.constantFrom(...SPACE_NAMES), members: twoOf, clients: twoOf }), {
      minLength: 1,
      maxLength: 2,
    }),
    messages: fc.array(
      fc.record({
        space: fc.nat(),
        teamSide: fc.boolean(),
        sender: fc.nat(),
        words: fc.subarray(VOCABULARY, { minLength: 1, maxLength: 3 }),
        file: fc.option(fc.subarray(VOCABULARY, { minLength: 1, maxLength: 2 }), { freq: 3 }),
        // One in five deleted.
        deleted: fc.integer({ min: 0, max: 4 }).map((draw) => draw === 0),
      }),
      { minLength: 1, maxLength: 8 },
    ),
  });
  const wordStart = fc
    .constantFrom(...VOCABULARY)
    .chain((word) => fc.integer({ min: 1, max: word.length }).map((length) => word.slice(0, length)));
  /** A filter in one search of three or so. */
  const sometimes = <T>(arbitrary: fc.Arbitrary<T>) =>
    fc.oneof({ arbitrary: fc.constant(null), weight: 2 }, { arbitrary, weight: 1 });
  const searchPlan = fc.record({
    word: fc.option(wordStart, { freq: 4 }),
    inSpace: sometimes(fc.constantFrom("Alpha", "beta", "alp")),
    from: sometimes(fc.constantFrom(...FIRST_NAMES, "Nora Member", "Dana Client", "Owner", "client")),
    hasFile: fc.integer({ min: 0, max: 3 }).map((draw) => draw === 0),
    // The filters typed in the box, or chosen in the page's form.
    inForm: fc.boolean(),
  });

  type AgencyPlan = typeof agencyPlan extends fc.Arbitrary<infer Plan> ? Plan : never;
  type Person = { user: { id: string }; name: string };
  type Chat = { id: string; name: string; teamSide: boolean; staff: Set<string>; clients: Set<string> };
  type Message = {
    id: string;
    chat: Chat;
    sender: Person;
    words: string[];
    fileWords: string[] | null;
    deleted: boolean;
  };

  /** An agency as planned: its people, its spaces' two chats each, and its messages. */
  async function buildAgency(plan: AgencyPlan) {
    const { owner, agencyId } = await createAgency({ firstName: plan.owner });
    const ownerPerson: Person = { user: owner, name: `${plan.owner} Owner` };
    const members: Array<Person & { recordId: string }> = [];
    for (const first of plan.members) {
      const { user, member } = await createTeamMember(agencyId, "DESIGNER", { name: `${first} Member` });
      members.push({ user, name: member.name, recordId: member.id });
    }
    const clients: Array<Person & { recordId: string }> = [];
    for (const first of plan.clients) {
      const { user, client } = await createClient(agencyId, { name: `${first} Client` });
      clients.push({ user, name: client.name, recordId: client.id });
    }
    const chats: Array<{ client: Chat; team: Chat }> = [];
    for (const spacePlan of plan.spaces) {
      const staff = members.filter((_, index) => spacePlan.members[index]);
      const inSpace = clients.filter((_, index) => spacePlan.clients[index]);
      const space = await factories.createSpace(agencyId, {
        name: spacePlan.name,
        teamMemberIds: staff.map((member) => member.recordId),
        clientIds: inSpace.map((client) => client.recordId),
      });
      const staffIds = new Set([owner.id, ...staff.map((member) => member.user.id)]);
      const clientIds = new Set(inSpace.map((client) => client.user.id));
      chats.push({
        client: { id: space.id, name: spacePlan.name, teamSide: false, staff: staffIds, clients: clientIds },
        team: {
          id: await teamSideOf(space.id),
          name: spacePlan.name,
          teamSide: true,
          staff: staffIds,
          clients: new Set(),
        },
      });
    }
    const people = [ownerPerson, ...members, ...clients];
    const messages: Message[] = [];
    for (const messagePlan of plan.messages) {
      const sides = chats[messagePlan.space % chats.length];
      const chat = messagePlan.teamSide ? sides.team : sides.client;
      const senders = people.filter((person) => chat.staff.has(person.user.id) || chat.clients.has(person.user.id));
      const sender = senders[messagePlan.sender % senders.length];
      const file = messagePlan.file && `${messagePlan.file.join("-")}.pdf`;
      const { id } = await say(chat.id, sender.user, messagePlan.words.join(" "), { file: file ?? undefined });
      if (messagePlan.deleted) await deleteMessage(await actorOf(sender.user), id);
      messages.push({
        id,
        chat,
        sender,
        words: messagePlan.words,
        fileWords: messagePlan.file && [...messagePlan.file, "pdf"],
        deleted: messagePlan.deleted,
      });
    }
    return { people, chats: chats.flatMap((sides) => [sides.client, sides.team]), messages };
  }

  /** The chats the person may see, by the rules rather than by the model's query. */
  const visibleTo = (person: Person, chats: Chat[]) =>
    new Set(
      chats
        .filter((chat) => chat.staff.has(person.user.id) || (!chat.teamSide && chat.clients.has(person.user.id)))
        .map((chat) => chat.id),
    );

  test(
    "every person finds exactly the messages and files of the chats they may see",
    { timeout: 240_000 },
    async () => {
      const admin = await factories.createUser({ type: "ADMIN" });
      await fc.assert(
        fc.asyncProperty(
          fc.array(agencyPlan, { minLength: 2, maxLength: 3 }),
          fc.array(searchPlan, { minLength: 2, maxLength: 3 }),
          async (plans, searches) => {
            const agencies = [];
            for (const plan of plans) agencies.push(await buildAgency(plan));
            const chats = agencies.flatMap((agency) => agency.chats);
            const teamSides = new Set(chats.filter((chat) => chat.teamSide).map((chat) => chat.id));
            const messages = agencies.flatMap((agency) => agency.messages);
            const readers = [...agencies.flatMap((agency) => agency.people), { user: admin, name: "Admin" }];
            for (const reader of readers) {
              const actor = await actorOf(reader.user);
              const visible = visibleTo(reader, chats);
              // The rules above are the model's own (visibleChatIds).
              expect(new Set(await listVisibleChatIds(actor))).toEqual(visible);
              for (const { word, inSpace, from, hasFile, inForm } of searches) {
                const filters = [
                  from && (from.includes(" ") ? `from:"${from}"` : `from:${from}`),
                  inSpace && `in:${inSpace}`,
                  hasFile && "has:file",
                ];
                const text = [...(inForm ? [] : filters), word].filter(Boolean).join(" ");
                const options: SearchOptions = { perPage: 100, ...(inForm && { filters: { from, inSpace, hasFile } }) };
                const asked = Boolean(word || from || inSpace || hasFile);
                const matches = (message: Message, words: string[] | null) =>
                  asked &&
                  !message.deleted &&
                  visible.has(message.chat.id) &&
                  (!word || (words ?? []).some((each) => fold(each).startsWith(fold(word)))) &&
                  (!inSpace || fold(message.chat.name).includes(fold(inSpace))) &&
                  (!from || fold(message.sender.name).includes(fold(from))) &&
                  (!hasFile || message.fileWords !== null);
                const expected = {
                  messages: messages
                    .filter((message) => matches(message, [...message.words, ...(message.fileWords ?? [])]))
                    .map((message) => message.id)
                    .sort(),
                  files: messages
                    .filter((message) => word && message.fileWords && matches(message, message.fileWords))
                    .map((message) => message.id)
                    .sort(),
                };
                const results = await search(actor, text, options);
                const where = `${reader.name} searching ${JSON.stringify(text)} ${JSON.stringify(options)}`;
                const hits = [...results.messages.hits, ...results.files.hits];
                for (const hit of hits) {
                  expect(visible.has(hit.spaceId), `${where}: a message of a chat not theirs`).toBe(true);
                  expect(await canSeeChat(actor, hit.spaceId), where).toBe(true);
                  if (actor.type === "CLIENT")
                    expect(teamSides.has(hit.spaceId), `${where}: the team side`).toBe(false);
                }
                expect(
                  {
                    messages: results.messages.hits.map((hit) => hit.id).sort(),
                    files: results.files.hits.map((hit) => hit.id).sort(),
                  },
                  where,
                ).toEqual(expected);
              }
            }
          },
        ),
        { numRuns: 12 },
      );
    },
  );
});
