import type { ClientRole, TeamRole } from "#db/schema";
import { db } from "~/services/db.server";
import type { Actor } from "./actors.server";
import { hasMembership } from "./policy.server";
import { visibleSpaceIds } from "./space-access.server";

/*
 * The top bar's search: spaces and people the actor may see, matched by name, email or
 * company. Spaces follow SPEC §6; people are the agency's team and clients for agency
 * staff (they see both rosters), and for a client the agency team of their spaces and
 * the clients they share a space or a company with. Each kind of result is its own
 * section, so messages can join as one more.
 */

export const SEARCH_QUERY_MAX = 100;

export type SpaceHit = {
  id: string;
  name: string;
  company: string | null;
  email: string | null;
  logoKey: string | null;
};
export type PersonHit =
  | { kind: "team_member"; id: string; name: string; email: string; role: TeamRole; avatarKey: string | null }
  | {
      kind: "client";
      id: string;
      name: string;
      email: string;
      company: string;
      role: ClientRole;
      avatarKey: string | null;
    };
export type SearchResults = { query: string; spaces: SpaceHit[]; people: PersonHit[] };

/** What the actor may see that matches the query, at most `limit` of each kind. */
export async function search(actor: Actor, rawQuery: string, { limit = 20 } = {}): Promise<SearchResults> {
  const query = rawQuery.trim().slice(0, SEARCH_QUERY_MAX);
  if (!query || !actor.agencyId || !hasMembership(actor)) return { query, spaces: [], people: [] };
  const pattern = `%${query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const [spaces, teamMembers, clients] = await Promise.all([
    searchSpaces(actor, pattern, limit),
    searchTeamMembers(actor, actor.agencyId, pattern, limit),
    searchClients(actor, actor.agencyId, pattern, limit),
  ]);
  const people = [...teamMembers, ...clients].sort((a, b) => a.name.localeCompare(b.name)).slice(0, limit);
  return { query, spaces, people };
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
  const company = actor.client?.company;
  const rows = await db
    .selectFrom("clients")
    .select(["id", "name", "email", "company", "role", "avatar"])
    .where("agency_id", "=", agencyId)
    .where((eb) =>
      eb.or([eb("name", "ilike", pattern), eb("email", "ilike", pattern), eb("company", "ilike", pattern)]),
    )
    .$if(company !== undefined, (query) =>
      query.where((eb) =>
        eb.or([
          eb("company", "=", company ?? ""),
          eb(
            "id",
            "in",
            db.selectFrom("space_clients").select("client_id").where("space_id", "in", visibleSpaceIds(actor)),
          ),
        ]),
      ),
    )
    .orderBy("name")
    .limit(limit)
    .execute();
  return rows.map(({ avatar, ...row }) => ({ kind: "client", ...row, avatarKey: avatar }));
}
