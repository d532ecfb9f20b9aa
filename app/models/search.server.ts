import { db } from "~/services/db.server";
import type { MessageHit, PersonHit, SearchResults, SpaceHit } from "~/shared/search";
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

export const SEARCH_QUERY_MAX = 100;

/** What the actor may see that matches the query, at most `limit` of each kind. */
export async function search(actor: Actor, rawQuery: string, { limit = 20 } = {}): Promise<SearchResults> {
  const query = rawQuery.trim().slice(0, SEARCH_QUERY_MAX);
  if (!query || !actor.agencyId || !hasMembership(actor)) return { query, spaces: [], people: [], messages: [] };
  const pattern = `%${query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const [spaces, teamMembers, clients, messages] = await Promise.all([
    searchSpaces(actor, pattern, limit),
    searchTeamMembers(actor, actor.agencyId, pattern, limit),
    searchClients(actor, actor.agencyId, pattern, limit),
    searchMessages(actor, pattern, limit),
  ]);
  const people = [...teamMembers, ...clients].sort((a, b) => a.name.localeCompare(b.name)).slice(0, limit);
  return { query, spaces, people, messages };
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

/** Messages of the actor's spaces whose text matches, newest first (deleted ones have no text left). */
async function searchMessages(actor: Actor, pattern: string, limit: number): Promise<MessageHit[]> {
  const rows = await db
    .selectFrom("space_messages")
    .innerJoin("spaces", "spaces.id", "space_messages.space_id")
    .select([
      "space_messages.id",
      "space_messages.space_id",
      "space_messages.content",
      "space_messages.sender_id",
      "spaces.name as space_name",
      "spaces.team_side_of",
    ])
    // Both sides of the spaces the actor sees: a client's are only ever the client side.
    .where("space_messages.space_id", "in", visibleChatIds(actor))
    .where("space_messages.deleted_at", "is", null)
    .where("space_messages.content", "ilike", pattern)
    .orderBy("space_messages.created_at", "desc")
    .limit(limit)
    .execute();
  const senders = await loadPeople(rows.flatMap((row) => (row.sender_id ? [row.sender_id] : [])));
  return rows.map((row) => {
    const sender = row.sender_id ? senders.get(row.sender_id) : undefined;
    return {
      id: row.id,
      spaceId: row.space_id,
      spaceName: chatName(row.space_name, sideOf(row)),
      content: row.content,
      senderName: sender?.name ?? UNKNOWN_USER,
      senderAvatarKey: sender?.avatarKey ?? null,
    };
  });
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
