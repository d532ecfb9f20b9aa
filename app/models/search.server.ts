import { sql } from "kysely";
import { db } from "~/services/db.server";
import {
  SEARCH_PAGE_SIZE,
  type HitPage,
  type MessageHit,
  type ParsedSearch,
  type PersonHit,
  type SearchResults,
  type SearchSort,
  type Snippet,
  type SpaceHit,
} from "~/shared/search";
import { isEmptySearch, parseSearch, tsQueryOf, typedText } from "~/shared/search-query";
import { likePattern } from "./messages.server";
import { loadPeople, type Actor } from "./actors.server";
import { visibleClientIds } from "./clients.server";
import { UNKNOWN_USER } from "~/shared/chat-message";
import { hasMembership } from "./policy.server";
import { visibleChatIds, visibleSpaceIds } from "./space-access.server";
import { chatName, sideOf } from "~/shared/chat-sides";

/*
 * The top bar's search: spaces and people the actor may see, matched by name, email or
 * company. Spaces follow SPEC §6; people are the agency's team for agency staff, the
 * agency team of their spaces for a client, and the clients the rosters' rule lets
 * each see (`visibleClientIds`). Each kind of result is its own section; messages of
 * the actor's spaces are the third.
 */

export const SEARCH_QUERY_MAX = 200;

export type SearchOptions = {
  sort?: SearchSort;
  /** The page of message results, and of file results, 1 first. */
  messagesPage?: number;
  filesPage?: number;
  /** Message and file results per page; the as-you-type list asks for a few. */
  perPage?: number;
  /** Spaces and people at most. */
  peopleLimit?: number;
  /** The reader's zone: `before:` and `after:` are days of their calendar. */
  timeZone?: string;
  /** Filters chosen in the page's form, over those typed in the box. */
  filters?: Partial<Omit<ParsedSearch, "words" | "phrases">>;
};

/**
 * What the actor may see that matches the search: spaces and people by name, email or
 * company, and messages and files by their words, best match or newest first, a page at a
 * time. What the actor may see is part of each query (the chats of `visibleChatIds`), never
 * a filter applied to results afterwards.
 */
export async function search(actor: Actor, text: string, options: SearchOptions = {}): Promise<SearchResults> {
  const query = text.trim().slice(0, SEARCH_QUERY_MAX);
  const parsed: ParsedSearch = { ...parseSearch(query), ...definedOnly(options.filters ?? {}) };
  const perPage = options.perPage ?? SEARCH_PAGE_SIZE;
  const messagesPage = Math.max(1, options.messagesPage ?? 1);
  const filesPage = Math.max(1, options.filesPage ?? 1);
  const none = { query, spaces: [], people: [], messages: emptyPage(messagesPage), files: emptyPage(filesPage) };
  if (isEmptySearch(parsed) || !actor.agencyId || !hasMembership(actor)) return none;
  const limit = options.peopleLimit ?? 20;
  // Spaces and people by the text as typed, without its filters ("Nora Blake", an email).
  const typed = typedText(query);
  const pattern = typed ? likePattern(typed) : null;
  const found = { sort: options.sort ?? "best", perPage, timeZone: options.timeZone ?? "UTC" } as const;
  const [spaces, teamMembers, clients, messages, files] = await Promise.all([
    pattern ? searchSpaces(actor, pattern, limit) : [],
    pattern ? searchTeamMembers(actor, actor.agencyId, pattern, limit) : [],
    pattern ? searchClients(actor, actor.agencyId, pattern, limit) : [],
    searchMessages(actor, parsed, { ...found, page: messagesPage, files: false }),
    searchMessages(actor, parsed, { ...found, page: filesPage, files: true }),
  ]);
  const people = [...teamMembers, ...clients].sort((a, b) => a.name.localeCompare(b.name)).slice(0, limit);
  return { query, spaces, people, messages, files };
}

const emptyPage = (page: number): HitPage => ({ hits: [], page, hasMore: false });

function definedOnly<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(
      ([, value]) => value !== undefined && value !== null && value !== "" && value !== false,
    ),
  ) as Partial<T>;
}

async function searchSpaces(actor: Actor, pattern: string, limit: number): Promise<SpaceHit[]> {
  const rows = await db
    .selectFrom("spaces")
    .select(["id", "name", "company", "email", "logo"])
    .where("id", "in", visibleSpaceIds(actor))
    .where((eb) =>
      eb.or([eb("name", "ilike", pattern), eb("company", "ilike", pattern), eb("email", "ilike", pattern)]),
    )
    .orderBy("name")
    .limit(limit)
    .execute();
  return rows.map(({ logo, ...row }) => ({ ...row, logoKey: logo }));
}

// ts_headline's marks around a match (the text is split at them, never shown as HTML).
const MARK_START = "\u0001";
const MARK_END = "\u0002";
// Words of any length at a fragment's ends (ShortWord=0): "Message 35" keeps its 35.
const HEADLINE = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=30, MinWords=12, ShortWord=0`;
const FILE_HEADLINE = `StartSel=${MARK_START}, StopSel=${MARK_END}, HighlightAll=true`;
/*
 * Stand-ins, given to ts_headline in place of characters its parser would not leave as
 * words: "<" and ">", since it drops what it takes for a tag ("Dear <client name>"), and
 * in a file's name the dots, dashes and underscores between its words ("launch-plan.pdf"
 * is one word to it, so "plan" would not be highlighted). The snippet puts each back.
 * The text's own marks and stand-ins go first, so that no message can fake a match.
 */
const STAND_INS: Record<string, string> = { "<": "\u0003", ">": "\u0004", "-": "\u0005", _: "\u0006", ".": "\u0007" };
const OWN_MARKS = "\u0001\u0002\u0003\u0004\u0005\u0006\u0007";

/** The text as ts_headline is given it: the marks taken out, the characters in `standIn` replaced. */
function forHeadline(text: ReturnType<typeof sql.ref>, standIn: string) {
  const from = `${standIn}${OWN_MARKS}`;
  const to = [...standIn].map((character) => STAND_INS[character]).join("");
  return sql<string>`translate(${text}, ${from}, ${to})`;
}

/**
 * A page of the messages (or, with `files`, of the messages whose file's name matches)
 * of the chats the actor may see: their words as a GIN-indexed tsvector (message_words,
 * migration 0027), the filters in the same query; best match (ts_rank_cd) or newest first.
 * The page's rows are found first and only they are given their highlighted snippet.
 */
async function searchMessages(
  actor: Actor,
  parsed: ParsedSearch,
  {
    sort,
    page,
    perPage,
    timeZone,
    files,
  }: { sort: SearchSort; page: number; perPage: number; timeZone: string; files: boolean },
): Promise<HitPage> {
  const tsQuery = tsQueryOf(parsed);
  if (files && !tsQuery) return emptyPage(page);
  const words = tsQuery ? sql`to_tsquery('search_words', ${tsQuery})` : null;
  let matches = db
    .selectFrom("message_words")
    .select(["message_words.message_id", "message_words.created_at"])
    .where("message_words.space_id", "in", visibleChatIds(actor));
  if (words) matches = matches.where(sql<boolean>`message_words.words @@ ${words}`);
  if (files) {
    matches = matches
      .where("message_words.has_file", "=", true)
      .where(
        sql<boolean>`exists (select from space_messages m where m.id = message_words.message_id and message_words(null, m.attachment_name) @@ ${words})`,
      );
  }
  if (parsed.hasFile) matches = matches.where("message_words.has_file", "=", true);
  if (parsed.inSpace) {
    matches = matches.where("message_words.space_id", "in", (eb) =>
      eb.selectFrom("spaces").select("spaces.id").where("spaces.name", "ilike", likePattern(parsed.inSpace!)),
    );
  }
  if (parsed.from) matches = matches.where("message_words.sender_id", "in", usersNamed(parsed.from));
  if (parsed.before) matches = matches.where("message_words.created_at", "<", startOfDay(parsed.before, timeZone, 0));
  if (parsed.after) matches = matches.where("message_words.created_at", ">=", startOfDay(parsed.after, timeZone, 1));
  const rank = sort === "best" && words ? sql<number>`ts_rank_cd(message_words.words, ${words})` : sql<number>`0`;
  const onePage = matches
    .select(rank.as("rank"))
    .orderBy("rank", "desc")
    .orderBy("message_words.created_at", "desc")
    .orderBy("message_words.message_id", "desc")
    .limit(perPage + 1)
    .offset((page - 1) * perPage);
  const rows = await db
    .selectFrom(onePage.as("found"))
    .innerJoin("space_messages", "space_messages.id", "found.message_id")
    .innerJoin("spaces", "spaces.id", "space_messages.space_id")
    .select([
      "space_messages.id",
      "space_messages.space_id",
      "space_messages.sender_id",
      "space_messages.created_at",
      "space_messages.attachment_name",
      "spaces.name as space_name",
      "spaces.team_side_of",
      words
        ? sql<string>`ts_headline('search_words', ${
            files
              ? forHeadline(sql.ref("space_messages.attachment_name"), "<>-_.")
              : forHeadline(sql.ref("space_messages.content"), "<>")
          }, ${words}, ${files ? FILE_HEADLINE : HEADLINE})`.as("snippet")
        : sql<string>`left(${forHeadline(sql.ref("space_messages.content"), "")}, 200)`.as("snippet"),
    ])
    // The page's order again: a join keeps none.
    .orderBy("found.rank", "desc")
    .orderBy("found.created_at", "desc")
    .orderBy("found.message_id", "desc")
    .execute();
  const senders = await loadPeople(rows.flatMap((row) => (row.sender_id ? [row.sender_id] : [])));
  const hits = rows.slice(0, perPage).map((row): MessageHit => {
    const sender = row.sender_id ? senders.get(row.sender_id) : undefined;
    return {
      id: row.id,
      spaceId: row.space_id,
      spaceName: chatName(row.space_name, sideOf(row)),
      snippet: snippetOf(row.snippet),
      senderName: sender?.name ?? UNKNOWN_USER,
      senderAvatarKey: sender?.avatarKey ?? null,
      createdAt: row.created_at.toISOString(),
      fileName: row.attachment_name,
    };
  });
  return { hits, page, hasMore: rows.length > perPage };
}

const STOOD_IN = new Map(Object.entries(STAND_INS).map(([character, standIn]) => [standIn, character]));

/** ts_headline's text, split at its marks into the plain pieces and the matched ones, its stand-ins put back. */
function snippetOf(headline: string): Snippet {
  const pieces: Snippet = [];
  // eslint-disable-next-line no-control-regex -- the marks are control characters, so that no text holds them
  for (const [index, part] of headline.split(/[\u0001\u0002]/).entries()) {
    // eslint-disable-next-line no-control-regex -- and so are the stand-ins
    const text = part.replace(/[\u0003-\u0007]/g, (standIn) => STOOD_IN.get(standIn)!);
    if (text) pieces.push(index % 2 === 1 ? { match: text } : text);
  }
  return pieces;
}

/** The users whose name contains this (the agency's owner, a team member or a client), for `from:`. */
function usersNamed(name: string) {
  const pattern = likePattern(name);
  return db
    .selectFrom("agencies")
    .select("agencies.id as user_id")
    .where(sql<string>`agencies.first_name || ' ' || agencies.last_name`, "ilike", pattern)
    .union(
      db
        .selectFrom("team_members")
        .select("team_members.user_id")
        .where("team_members.name", "ilike", pattern)
        .where("team_members.user_id", "is not", null)
        .$narrowType<{ user_id: string }>(),
    )
    .union(
      db
        .selectFrom("clients")
        .select("clients.user_id")
        .where("clients.name", "ilike", pattern)
        .where("clients.user_id", "is not", null)
        .$narrowType<{ user_id: string }>(),
    );
}

/** The instant a day of the reader's calendar starts (`plusDays` after it), for `before:` and `after:`. */
function startOfDay(day: string, timeZone: string, plusDays: number) {
  return sql<Date>`((${day}::date + ${plusDays}::int)::timestamp at time zone ${timeZone})`;
}

async function searchTeamMembers(actor: Actor, agencyId: string, pattern: string, limit: number): Promise<PersonHit[]> {
  const rows = await db
    .selectFrom("team_members")
    .select(["id", "name", "email", "role", "profile_picture"])
    .where("agency_id", "=", agencyId)
    .where((eb) => eb.or([eb("name", "ilike", pattern), eb("email", "ilike", pattern)]))
    // SPEC §6: clients see only the team members assigned to their spaces.
    .$if(actor.type === "CLIENT", (query) =>
      query.where(
        "id",
        "in",
        db.selectFrom("team_member_spaces").select("team_member_id").where("space_id", "in", visibleSpaceIds(actor)),
      ),
    )
    .orderBy("name")
    .limit(limit)
    .execute();
  return rows.map(({ profile_picture, ...row }) => ({ kind: "team_member", ...row, avatarKey: profile_picture }));
}

async function searchClients(actor: Actor, agencyId: string, pattern: string, limit: number): Promise<PersonHit[]> {
  const rows = await db
    .selectFrom("clients")
    .innerJoin("client_companies", "client_companies.id", "clients.company_id")
    .select([
      "clients.id",
      "clients.name",
      "clients.email",
      "client_companies.name as company",
      "clients.role",
      "clients.avatar",
    ])
    .where("clients.agency_id", "=", agencyId)
    .where("clients.id", "in", visibleClientIds(actor))
    .where((eb) =>
      eb.or([
        eb("clients.name", "ilike", pattern),
        eb("clients.email", "ilike", pattern),
        eb("client_companies.name", "ilike", pattern),
      ]),
    )
    .orderBy("clients.name")
    .limit(limit)
    .execute();
  return rows.map(({ avatar, ...row }) => ({ kind: "client", ...row, avatarKey: avatar }));
}
