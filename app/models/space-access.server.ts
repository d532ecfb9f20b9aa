import { sql } from "kysely";
import type { Space } from "#db/schema";
import { db, type Executor } from "~/services/db.server";
import type { Actor } from "./actors.server";
import { SPACE_NOT_FOUND } from "~/shared/chat-message";
import { notFound } from "./errors.server";

/*
 * SPEC §6 "Spaces visible", written once: an agency sees the spaces of its own
 * agency, a team member the spaces assigned to them, a client the spaces they were
 * added to. Every page, search, count and socket room asks here.
 */

export { SPACE_NOT_FOUND };

/** The ids of the spaces the actor may see, as a subquery: `where("spaces.id", "in", visibleSpaceIds(actor))`. */
export function visibleSpaceIds(actor: Actor, executor: Executor = db) {
  const agencyId = actor.agencyId ?? NO_ID;
  const inAgency = executor.selectFrom("spaces").select("spaces.id").where("spaces.agency_id", "=", agencyId);
  if (actor.type === "TEAM_MEMBER") {
    return inAgency
      .innerJoin("team_member_spaces", "team_member_spaces.space_id", "spaces.id")
      .where("team_member_spaces.team_member_id", "=", actor.teamMember?.id ?? agencyId);
  }
  if (actor.type === "CLIENT") {
    return inAgency
      .innerJoin("space_clients", "space_clients.space_id", "spaces.id")
      .where("space_clients.client_id", "=", actor.client?.id ?? agencyId);
  }
  return inAgency;
}

/** The ids of the spaces the actor may see now. */
export async function listVisibleSpaceIds(actor: Actor): Promise<string[]> {
  return (await visibleSpaceIds(actor).execute()).map((space) => space.id);
}

/**
 * The spaces each actor may see, with each space's last log number, in one query (the
 * handshakes of a reconnect storm).
 */
export async function visibleSpacesOfEach(
  actors: readonly Actor[],
): Promise<Array<Array<{ id: string; lastSeq: number }>>> {
  const each = actors.map(() => [] as Array<{ id: string; lastSeq: number }>);
  const union = visibleToEach(actors.map((actor) => ({ actor })));
  if (!union) return each;
  for (const row of await union.execute()) {
    each[Number(row.actor_index)].push({ id: row.id, lastSeq: Number(row.last_seq) });
  }
  return each;
}

/**
 * `visibleSpaceIds` of each actor (narrowed to one space where given) as one `union all`,
 * each row marked with its request's place in the list (`actor_index`), and the space's
 * last log number; undefined for no requests. The one visibility rule, asked for many at once.
 */
export function visibleToEach(requests: ReadonlyArray<{ actor: Actor; spaceId?: string }>) {
  const [first, ...rest] = requests.map(({ actor, spaceId }, index) => {
    const query = visibleSpaceIds(actor).select(["spaces.last_seq", sql.lit(index).as("actor_index")]);
    return spaceId === undefined ? query : query.where("spaces.id", "=", spaceId);
  });
  return first && rest.reduce((union, query) => union.unionAll(query), first);
}

export async function canSeeSpace(actor: Actor, spaceId: string, executor: Executor = db): Promise<boolean> {
  if (!isUuid(spaceId)) return false;
  const row = await visibleSpaceIds(actor, executor).where("spaces.id", "=", spaceId).executeTakeFirst();
  return row !== undefined;
}

/** The space, if the actor may see it; otherwise a 404 refusal ("Space not found"), for unknown and foreign ids alike. */
export async function findVisibleSpace(actor: Actor, spaceId: string, executor: Executor = db): Promise<Space> {
  const space = isUuid(spaceId)
    ? await executor
        .selectFrom("spaces")
        .selectAll()
        .where("id", "=", spaceId)
        .where("id", "in", visibleSpaceIds(actor, executor))
        .executeTakeFirst()
    : undefined;
  if (!space) throw notFound(SPACE_NOT_FOUND);
  return space;
}

/**
 * The accounts that take part in a space: the agency's owner, the team members
 * assigned to it and the clients added to it (those who have signed up).
 */
export async function spaceMemberUserIds(spaceId: string, executor: Executor = db): Promise<string[]> {
  const rows = await executor
    .selectFrom("spaces")
    .select("spaces.agency_id as user_id")
    .where("spaces.id", "=", spaceId)
    .union(
      executor
        .selectFrom("team_member_spaces")
        .innerJoin("team_members", "team_members.id", "team_member_spaces.team_member_id")
        .select("team_members.user_id")
        .where("team_member_spaces.space_id", "=", spaceId)
        .where("team_members.user_id", "is not", null)
        .$narrowType<{ user_id: string }>(),
    )
    .union(
      executor
        .selectFrom("space_clients")
        .innerJoin("clients", "clients.id", "space_clients.client_id")
        .select("clients.user_id")
        .where("space_clients.space_id", "=", spaceId)
        .where("clients.user_id", "is not", null)
        .$narrowType<{ user_id: string }>(),
    )
    .execute();
  return rows.map((row) => row.user_id);
}

/** An id that matches no row: for an actor without an agency, company or record, or an id that is no UUID. */
export const NO_ID = "00000000-0000-0000-0000-000000000000";

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids come from URLs and forms; a malformed one is simply not found (Postgres would reject it with an error). */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
