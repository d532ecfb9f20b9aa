import { db, type Executor } from "~/services/db.server";
import { loadPeople, type Actor, type Person } from "./actors.server";
import type { ChatPerson } from "~/shared/chat-message";
import { imageUrl } from "~/shared/image-urls";
import { findMentions, type MentionAt } from "~/shared/mentions";
import { findVisibleChat, spaceMemberUserIds } from "./space-access.server";

/* Mentions (issue 17) on the server: whom a text names, and whom the message box may suggest. */

/**
 * The members of the space that the text names ("@Full Name", app/shared/mentions.ts),
 * and who they are. Only a text with an "@" costs the lookup of the members.
 */
export async function mentionsIn(
  spaceId: string,
  content: string,
  executor: Executor = db,
): Promise<{ at: MentionAt[]; people: Map<string, Person> }> {
  if (!content.includes("@")) return { at: [], people: new Map() };
  const people = await loadPeople(await spaceMemberUserIds(spaceId, executor), executor);
  return { at: findMentions(content, [...people.values()]), people };
}

/** The other members of the space, by name, for the message box to suggest after an "@"; a 404 refusal for anyone else. */
export async function listMentionable(actor: Actor, spaceId: string): Promise<ChatPerson[]> {
  await findVisibleChat(actor, spaceId);
  const people = await loadPeople(await spaceMemberUserIds(spaceId));
  return [...people.values()]
    .filter((person) => person.id !== actor.id)
    .map((person) => ({ id: person.id, name: person.name, avatar: imageUrl(person.avatarKey) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
