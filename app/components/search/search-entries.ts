import type { UserType } from "~/shared/roles";
import type { MessageHit, PersonHit, SearchResults, SpaceHit } from "~/shared/search";
import { CLIENT_ROLE_LABELS, TEAM_ROLE_LABELS } from "~/shared/roles";
import { personPath, spacePath } from "~/shared/paths";

/** One search result as the results page and the suggestions show it. */
export type SearchEntry = {
  key: string;
  section: "Spaces" | "People" | "Messages";
  title: string;
  detail: string;
  href: string;
  imageKey: string | null;
  shape: "square" | "circle";
};

/** The results, in their sections, each linked where it opens for this user type. */
export function searchEntries(
  userType: UserType,
  results: Pick<SearchResults, "query" | "spaces" | "people" | "messages">,
): SearchEntry[] {
  return [
    ...results.spaces.map((space) => spaceEntry(userType, space)),
    ...results.people.map((person) => personEntry(userType, person)),
    ...results.messages.map((message) => messageEntry(userType, message, results.query)),
  ];
}

/** A message opens in its space's chat, searched for the same words. */
function messageEntry(userType: UserType, message: MessageHit, query: string): SearchEntry {
  const text = message.content.length > 120 ? `${message.content.slice(0, 117)}…` : message.content;
  return {
    key: `message:${message.id}`,
    section: "Messages",
    title: text,
    detail: `${message.senderName} in ${message.spaceName}`,
    href: `${spacePath(userType, message.spaceId)}?${new URLSearchParams({ q: query })}`,
    imageKey: message.senderAvatarKey,
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
    imageKey: person.avatarKey,
    shape: "circle",
  };
}
