import type { ClientSummary, TeamMemberSummary } from "./people";

/* The top bar's and /search's results (app/models/search.server.ts), and the words of a search. */

/** Text around a match, the matched words apart (`{ match }`): the page renders them, so nothing is HTML. */
export type Snippet = Array<string | { match: string }>;

export type MessageHit = {
  id: string;
  spaceId: string;
  spaceName: string;
  /** The words around the match, the match highlighted (Postgres's ts_headline). */
  snippet: Snippet;
  senderName: string;
  senderAvatarKey: string | null;
  /** ISO time the message was sent; the page shows it in the reader's zone. */
  createdAt: string;
  /** The message's file, if it has one. */
  fileName: string | null;
};

export type PersonHit = ({ kind: "team_member" } & TeamMemberSummary) | ({ kind: "client" } & ClientSummary);

export type SpaceHit = {
  id: string;
  name: string;
  company: string | null;
  email: string | null;
  logoKey: string | null;
};

/** A page of message or file results: 30 at most, and whether there is a next one. */
export type HitPage = { hits: MessageHit[]; page: number; hasMore: boolean };

export type SearchResults = {
  query: string;
  spaces: SpaceHit[];
  people: PersonHit[];
  messages: HitPage;
  /** Messages whose file's name matches. */
  files: HitPage;
};

/** Best match first, or newest first. */
export type SearchSort = "best" | "newest";

export const SEARCH_PAGE_SIZE = 30;

/**
 * What a search box's text asks for: the words (with "exact phrases" in quotes) and the
 * filters typed among them: `in:` a space, `from:` a person (`from:Nora` or
 * `from:"Nora Blake"`), `has:file`, `before:` and `after:` a day (YYYY-MM-DD).
 */
export type ParsedSearch = {
  /** The words, each matched as typed or as the start of a word ("inv" finds "invoice"). */
  words: string[];
  /** Phrases in quotes, matched word after word. */
  phrases: string[][];
  inSpace: string | null;
  from: string | null;
  hasFile: boolean;
  /** Days "YYYY-MM-DD", in the reader's zone: before is exclusive, after inclusive of the next day. */
  before: string | null;
  after: string | null;
};
