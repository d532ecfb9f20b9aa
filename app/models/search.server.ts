import { sql, type SqlBool } from "kysely";
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
  const found = { sort: options.sort ?? "best", perPage, timeZone: options.timeZone ?? "UTC" } as const;
  const [spaces, teamMembers, clients, { messages, files }] = await Promise.all([
    typed ? searchSpaces(actor, typed, limit) : [],
    typed ? searchTeamMembers(actor, actor.agencyId, typed, limit) : [],
    typed ? searchClients(actor, actor.agencyId, typed, limit) : [],
    searchWords(actor, parsed, { ...found, messagesPage, filesPage }),
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

/*
 * Whether a name (or an email, a company) holds the typed text, as `ilike '%text%'` would
 * say, found through the column's trigram index (migration 0028). For text of several words
 * the index is asked for the longest word alone and the whole text is checked on the rows
 * it finds: asked for a sentence, the index intersects its thirty-odd trigrams, most of them
 * in many names (35 ms of a search on PGlite, for "where did the client send the new logo").
 */
function holdsText(column: string, typed: string) {
  const longest = typed.split(/\s+/).reduce((a, b) => (b.length > a.length ? b : a), "");
  if (longest === typed || longest.length < 3) return sql<SqlBool>`${sql.ref(column)} ilike ${likePattern(typed)}`;
  return sql<SqlBool>`(${sql.ref(column)} ilike ${likePattern(longest)} and position(lower(${typed}) in lower(${sql.ref(column)})) > 0)`;
}

async function searchSpaces(actor: Actor, typed: string, limit: number): Promise<SpaceHit[]> {
  const rows = await db
    .selectFrom("spaces")
    .select(["id", "name", "company", "email", "logo"])
    .where("id", "in", visibleSpaceIds(actor))
    .where((eb) => eb.or([holdsText("name", typed), holdsText("company", typed), holdsText("email", typed)]))
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

/*
 * How a page of matches is found (ADR 036). A common word is in a tenth of all messages:
 * through the GIN index every one of them is found and read before the newest thirty, or the
 * best of them, are known. So a search first walks the newest messages, newest first
 * (migration 0028's indexes), testing each for the actor's chats, the words and the filters,
 * and stops as soon as it has the matches it needs; it walks RECENT messages at most. When
 * they hold too few (a rare word, a narrow filter, a reader of a few chats among everyone's),
 * the search is made over all the messages of the actor's chats instead, through those chats
 * or through the GIN index, as the planner sees fit. Which of the two answers is decided in
 * the statement itself: the walk is taken only if the first PROBE messages hold their share
 * of the matches needed, and the second part runs only if the walk found too few.
 *
 * Why it is written so. Asked for "the newest 300 matches" alone, the planner guesses from
 * the word's frequency whether to walk or to read every match through the GIN index, and for
 * a few hundred it reads every match (300 ms for "logo", as the owner of 5,000 spaces). The
 * walk is the plain top of one index, so its plan is certain. The chats are a column of each
 * row walked (`space_id in visible`, the actor's chats found once for the statement and
 * hashed), not a join: a join would hash them too but lose the walk's order, so the whole
 * walk would be read and sorted before the first match is known.
 *
 * Best match is the best among the newest RANKED matches, not among all of them: ranking
 * every match of a common word reads every one. What was said lately is found among the
 * newest few hundred matches; newest first pages through all of them.
 */
const RECENT = 20_000;
const PROBE = RECENT / 20;
const RANKED = 300;

/**
 * A page of the messages, and a page of the messages whose file's name matches, of the chats
 * the actor may see: their words as a GIN-indexed tsvector (message_words, migration 0027),
 * the filters in the same query; best match among the newest RANKED matches (ts_rank_cd), or
 * newest first. One statement for both pages, so that the actor's chats are found once. The
 * pages' rows are found first and only they are given their highlighted snippet.
 */
async function searchWords(
  actor: Actor,
  parsed: ParsedSearch,
  {
    sort,
    perPage,
    timeZone,
    messagesPage,
    filesPage,
  }: { sort: SearchSort; perPage: number; timeZone: string; messagesPage: number; filesPage: number },
): Promise<{ messages: HitPage; files: HitPage }> {
  const tsQuery = tsQueryOf(parsed);
  const words = tsQuery ? sql`to_tsquery('search_words', ${tsQuery})` : null;
  const ranked = sort === "best" && words !== null;
  // The actor's chats, found once for the statement (the CTE `visible`).
  const visible = sql<string>`(select visible.id from visible)`;

  /** The rows (id, time, rank) of one page of messages, or with `files` of files, in the page's order. */
  const pageOf = (files: boolean, page: number) => {
    // The newest matches that decide the page: those ranked, or those up to the page's end and one more.
    const needed = ranked ? RANKED : page * perPage + 1;
    // The messages searched: in the days asked for, with a file if asked.
    const messages = db
      .selectFrom("message_words")
      .select([
        "message_words.message_id",
        "message_words.space_id",
        "message_words.sender_id",
        "message_words.created_at",
        "message_words.words",
      ])
      .$if(files || Boolean(parsed.hasFile), (query) => query.where("message_words.has_file", "=", true))
      .$if(Boolean(parsed.before), (query) =>
        query.where("message_words.created_at", "<", startOfDay(parsed.before!, timeZone, 0)),
      )
      .$if(Boolean(parsed.after), (query) =>
        query.where("message_words.created_at", ">=", startOfDay(parsed.after!, timeZone, 1)),
      );
    // Walked: the newest of all messages, each with whether it is in one of the actor's chats.
    const newest = (count: number) =>
      messages
        .select((eb) => eb("message_words.space_id", "in", visible).as("visible"))
        .orderBy("message_words.created_at", "desc")
        .orderBy("message_words.message_id", "desc")
        .limit(count);
    // Searched through: the messages of the actor's chats, all of them.
    const ofVisibleChats = messages
      .select(sql<SqlBool>`true`.as("visible"))
      .where("message_words.space_id", "in", visibleChatIds(actor));
    /*
     * The messages of the senders asked for (`from:`), each with whether it is in one of the
     * actor's chats. `offset 0` keeps the words' test outside, on these rows: let in, the
     * planner intersected the senders' index with the GIN index's every message holding the
     * word (10,000 of "invoice" for 500 files of Nora's, 32 ms).
     */
    const ofSenders = (name: string) =>
      messages
        .select((eb) => eb("message_words.space_id", "in", visible).as("visible"))
        .where("message_words.sender_id", "in", usersNamed(name))
        .offset(0);
    /** The newest `needed` of these messages that the actor may see and that match the words and the filters, each with its rank. */
    const newestMatches = (candidates: typeof ofVisibleChats) => {
      let matches = db
        .selectFrom(candidates.as("message_words"))
        .select([
          "message_words.message_id",
          "message_words.created_at",
          (ranked ? sql<number>`ts_rank_cd(message_words.words, ${words})` : sql<number>`0`).as("rank"),
        ])
        .where("message_words.visible", "=", true);
      if (words) matches = matches.where(sql<boolean>`message_words.words @@ ${words}`);
      if (files)
        matches = matches.where(
          sql<boolean>`message_words.words @@ to_tsquery('search_words', ${inFileName(tsQuery!)})`,
        );
      if (parsed.inSpace) {
        matches = matches.where("message_words.space_id", "in", (eb) =>
          eb.selectFrom("spaces").select("spaces.id").where("spaces.name", "ilike", likePattern(parsed.inSpace!)),
        );
      }
      return matches
        .orderBy("message_words.created_at", "desc")
        .orderBy("message_words.message_id", "desc")
        .limit(needed);
    };
    // The walk is taken only if its first twentieth held a twentieth of the matches needed.
    const foundInProbe = sql<number>`(select count(*) from probe)`;
    const foundRecently = sql<number>`(select count(*) from recent)`;
    return (
      db
        .with("probe", () => newestMatches(newest(PROBE)))
        .with("recent", () =>
          newestMatches(newest(RECENT)).where(sql<number>`${foundInProbe} * ${RECENT / PROBE}`, ">=", needed),
        )
        /*
         * `from:` asks for the messages of a person or two, which their own index finds at once
         * (thousands at most, where everyone's are a million): those are searched whole, and
         * everyone's newest are not walked (the probe and the walk, unused, are not run).
         */
        .with("found", (qb) =>
          parsed.from
            ? qb.selectFrom(newestMatches(ofSenders(parsed.from)).as("theirs")).selectAll()
            : qb
                .selectFrom("recent")
                .selectAll()
                .where(foundRecently, ">=", needed)
                .unionAll(
                  qb
                    .selectFrom(newestMatches(ofVisibleChats).as("everywhere"))
                    .selectAll()
                    .where(foundRecently, "<", needed),
                ),
        )
        .selectFrom("found")
        .select(["found.message_id", "found.created_at", "found.rank", sql.lit(files).as("is_file")])
        .orderBy("found.rank", "desc")
        .orderBy("found.created_at", "desc")
        .orderBy("found.message_id", "desc")
        .limit(perPage + 1)
        .offset((page - 1) * perPage)
    );
  };

  const messagesFound = db.selectFrom(pageOf(false, messagesPage).as("page")).selectAll();
  // No words, no files: the filters alone list messages.
  const found = tsQuery
    ? messagesFound.unionAll(db.selectFrom(pageOf(true, filesPage).as("page")).selectAll())
    : messagesFound;
  const snippet = (text: "content" | "attachment_name") =>
    words
      ? sql<string>`ts_headline('search_words', ${
          text === "attachment_name"
            ? forHeadline(sql.ref("space_messages.attachment_name"), "<>-_.")
            : forHeadline(sql.ref("space_messages.content"), "<>")
        }, ${words}, ${text === "attachment_name" ? FILE_HEADLINE : HEADLINE})`
      : sql<string>`left(${forHeadline(sql.ref("space_messages.content"), "")}, 200)`;
  const rows = await db
    .with("visible", () => visibleChatIds(actor))
    .selectFrom(found.as("found"))
    .innerJoin("space_messages", "space_messages.id", "found.message_id")
    .innerJoin("spaces", "spaces.id", "space_messages.space_id")
    .select([
      "found.is_file",
      "space_messages.id",
      "space_messages.space_id",
      "space_messages.sender_id",
      "space_messages.created_at",
      "space_messages.attachment_name",
      "spaces.name as space_name",
      "spaces.team_side_of",
      sql<string>`case when found.is_file then ${snippet("attachment_name")} else ${snippet("content")} end`.as(
        "snippet",
      ),
    ])
    // Each page's order again: a join keeps none.
    .orderBy("found.is_file")
    .orderBy("found.rank", "desc")
    .orderBy("found.created_at", "desc")
    .orderBy("found.message_id", "desc")
    .execute();
  const senders = await loadPeople(rows.flatMap((row) => (row.sender_id ? [row.sender_id] : [])));
  const hitPage = (isFile: boolean, page: number): HitPage => {
    const ofPage = rows.filter((row) => row.is_file === isFile);
    const hits = ofPage.slice(0, perPage).map((row): MessageHit => {
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
    return { hits, page, hasMore: ofPage.length > perPage };
  };
  return { messages: hitPage(false, messagesPage), files: hitPage(true, filesPage) };
}

/*
 * The query for the words of a file's name alone: each of its words asks for weight B, which
 * only the name's words have in message_words (migration 0027; the text's are A), so the
 * file's results are found in the row itself, without reading the message. A name's word is
 * still counted when the text holds it too, up to the 256 places a tsvector keeps per word.
 */
function inFileName(tsQuery: string) {
  return tsQuery.replace(/([\p{L}\p{N}]+)(:\*)?/gu, (_, word: string, prefix?: string) =>
    prefix ? `${word}:*B` : `${word}:B`,
  );
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

async function searchTeamMembers(actor: Actor, agencyId: string, typed: string, limit: number): Promise<PersonHit[]> {
  const rows = await db
    .selectFrom("team_members")
    .select(["id", "name", "email", "role", "profile_picture"])
    .where("agency_id", "=", agencyId)
    .where((eb) => eb.or([holdsText("name", typed), holdsText("email", typed)]))
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

async function searchClients(actor: Actor, agencyId: string, typed: string, limit: number): Promise<PersonHit[]> {
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
    // Those by their name or email, and those by their company's name, each found through its
    // trigram index (migration 0028); one condition over both tables would read every client.
    .where("clients.id", "in", (eb) =>
      eb
        .selectFrom("clients as named")
        .select("named.id")
        .where((named) => named.or([holdsText("named.name", typed), holdsText("named.email", typed)]))
        .union(
          eb
            .selectFrom("client_companies as company")
            .innerJoin("clients as employed", "employed.company_id", "company.id")
            .select("employed.id")
            .where(holdsText("company.name", typed)),
        ),
    )
    .orderBy("clients.name")
    .limit(limit)
    .execute();
  return rows.map(({ avatar, ...row }) => ({ kind: "client", ...row, avatarKey: avatar }));
}
