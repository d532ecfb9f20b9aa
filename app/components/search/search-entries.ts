import {
  type UserType,
  type MessageHit,
  type PersonHit,
  type SearchResults,
  type Snippet,
  type SpaceHit,
  CLIENT_ROLE_LABELS,
  TEAM_ROLE_LABELS,
  personPath,
  spacePath,
} from "~/shared";

export type SearchSection = "Spaces" | "People" | "Messages" | "Files";

/** The order the sections of results come in, on the results page and in the suggestions. */
export const SEARCH_SECTIONS: SearchSection[] = ["Spaces", "People", "Messages", "Files"];

/** One search result as the results page and the suggestions show it. */
export type SearchEntry = {
  key: string;
  section: SearchSection;
  title: string;
  detail: string;
  href: string;
  /** Whose picture it shows, and whose initials without one: a message's or a file's sender. */
  imageName: string;
  imageKey: string | null;
  shape: "square" | "circle";
};

/** The suggestions: the results of every section, each linked where it opens for this user type. */
export function searchEntries(
  userType: UserType,
  results: Pick<SearchResults, "spaces" | "people" | "messages" | "files">,
): SearchEntry[] {
  return [
    ...directoryEntries(userType, results),
    ...results.messages.hits.map((message) => messageEntry(userType, message)),
    ...results.files.hits.map((file) => fileEntry(userType, file)),
  ];
}

/** The spaces and people found; the results page lays out messages and files itself, with their snippets and pages. */
export function directoryEntries(userType: UserType, results: Pick<SearchResults, "spaces" | "people">): SearchEntry[] {
  return [
    ...results.spaces.map((space) => spaceEntry(userType, space)),
    ...results.people.map((person) => personEntry(userType, person)),
  ];
}

/** A message found opens its chat at that message (the chat loads the page it is on and highlights it). */
export function messageHref(userType: UserType, message: Pick<MessageHit, "id" | "spaceId">): string {
  return `${spacePath(userType, message.spaceId)}?message=${message.id}#message-${message.id}`;
}

/** A snippet as plain text, its matches unmarked. */
export function snippetText(snippet: Snippet): string {
  return snippet.map((piece) => (typeof piece === "string" ? piece : piece.match)).join("");
}

function messageEntry(userType: UserType, message: MessageHit): SearchEntry {
  return {
    key: `message:${message.id}`,
    section: "Messages",
    // A message of a file alone has no words around a match: its file names it.
    title: snippetText(message.snippet) || message.fileName || "",
    detail: `${message.senderName} in ${message.spaceName}`,
    href: messageHref(userType, message),
    imageName: message.senderName,
    imageKey: message.senderAvatarKey,
    shape: "circle",
  };
}

function fileEntry(userType: UserType, file: MessageHit): SearchEntry {
  return {
    key: `file:${file.id}`,
    section: "Files",
    title: file.fileName ?? snippetText(file.snippet),
    detail: `${file.senderName} in ${file.spaceName}`,
    href: messageHref(userType, file),
    imageName: file.senderName,
    imageKey: file.senderAvatarKey,
    shape: "circle",
  };
}

function spaceEntry(userType: UserType, space: SpaceHit): SearchEntry {
  return {
    key: `space:${space.id}`,
    section: "Spaces",
    title: space.name,
    detail: [space.company, space.email].filter(Boolean).join(" · ") || "Space",
    href: spacePath(userType, space.id),
    imageName: space.name,
    imageKey: space.logoKey,
    shape: "square",
  };
}

function personEntry(userType: UserType, person: PersonHit): SearchEntry {
  const role =
    person.kind === "team_member"
      ? `${TEAM_ROLE_LABELS[person.role]} · Team`
      : `${CLIENT_ROLE_LABELS[person.role]}${person.company ? ` · ${person.company}` : ""}`;
  return {
    key: `${person.kind}:${person.id}`,
    section: "People",
    title: person.name,
    detail: `${role} · ${person.email}`,
    href: personPath(userType, person.kind),
    imageName: person.name,
    imageKey: person.avatarKey,
    shape: "circle",
  };
}
