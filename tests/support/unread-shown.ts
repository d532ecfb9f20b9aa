import type { Actor } from "~/models/actors.server";
import { listVisibleSpaces } from "~/models/spaces.server";

/** The unread count the actor's list of spaces shows for a space; null when the list does not show it. */
export async function unreadShown(actor: Actor, spaceId: string): Promise<number | null> {
  const { items } = await listVisibleSpaces(actor);
  return items.find((space) => space.id === spaceId)?.unread ?? null;
}
