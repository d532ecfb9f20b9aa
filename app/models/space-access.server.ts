import { sql } from "kysely";
import type { Space } from "#db/schema";
import { db, type Executor } from "~/services/db.server";
import type { Actor } from "./actors.server";
import { isAgencyStaff } from "./policy.server";
import { SPACE_NOT_FOUND } from "~/shared/chat-message";
import { notFound } from "./errors.server";

/*
 * SPEC §6 "Spaces visible", written once: an agency sees the spaces of its own
 * agency, a team member the spaces assigned to them, a client the spaces they were
 * added to. Every page, search, count and socket room asks here.
 *
 * Issue 38: each space has a team-only side, a chat of its own (a `spaces` row whose
 * `team_side_of` names the space; ADR 034). The agency's staff who see a space see its
 * team side; a client never does. `visibleSpaceIds` is the spaces (what lists, cards
 * and space settings show); `visibleChatIds` is every chat the actor may read and post
 * to, both sides: what every reader of messages, reads, changes and rooms asks.
 */

export { SPACE_NOT_FOUND };

/** The ids of the spaces the actor may see, as a subquery: `where("spaces.id", "in", visibleSpaceIds(actor))`. */
export function visibleSpaceIds(actor: Actor, executor: Executor = db) {
  const agencyId = actor.agencyId ?? NO_ID;
  const inAgency = executor
    .selectFrom("spaces")
    .select("spaces.id")
    .where("spaces.agency_id", "=", agencyId)
    .where("spaces.team_side_of", "is", null);
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

/**
 * The ids of the chats the actor may read and post to, as a subquery: the client side of
 * each space they see (its own id) and, for the agency's staff, its team-only side.
 */
export function visibleChatIds(actor: Actor, executor: Executor = db) {
  if (!isAgencyStaff(actor)) return visibleSpaceIds(actor, executor);
  /*
   * The agency sees every space of its own, so every chat of it, both sides: its id alone
   * says which (a team side has its space's agency). Asked through the spaces' ids, the
   * 10,000 chats of a large agency cost a search 13–20 ms on PGlite.
   */
  if (actor.type === "AGENCY")
    return executor.selectFrom("spaces").select("spaces.id").where("spaces.agency_id", "=", actor.agencyId ?? NO_ID);
  const spaces = visibleSpaceIds(actor, executor);
  return executor
    .selectFrom("spaces")
    .select("spaces.id")
    .where((eb) => eb.or([eb("spaces.id", "in", spaces), eb("spaces.team_side_of", "in", spaces)]));
}

/** The ids of the chats the actor may read now (both sides of a space, for its staff): the socket rooms they may be in. */
export async function listVisibleChatIds(actor: Actor): Promise<string[]> {
  return (await visibleChatIds(actor).execute()).map((chat) => chat.id);
}

/**
 * The chats each actor may see (both sides, `visibleChatIds`), with each one's last log
 * number, in one query (the handshakes of a reconnect storm).
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
 * `visibleChatIds` of each actor (narrowed to one chat where given) as one `union all`,
 * each row marked with its request's place in the list (`actor_index`), and the chat's
 * last log number; undefined for no requests. The one visibility rule, asked for many at once.
 */
export function visibleToEach(requests: ReadonlyArray<{ actor: Actor; spaceId?: string }>) {
  const [first, ...rest] = requests.map(({ actor, spaceId }, index) => {
    const query = visibleChatIds(actor).select(["spaces.last_seq", sql.lit(index).as("actor_index")]);
    return spaceId === undefined ? query : query.where("spaces.id", "=", spaceId);
  });
  return first && rest.reduce((union, query) => union.unionAll(query), first);
}

/** Whether the actor may read and post to the chat (either side of a space they see). */
export async function canSeeChat(actor: Actor, chatId: string, executor: Executor = db): Promise<boolean> {
  if (!isUuid(chatId)) return false;
  const row = await visibleChatIds(actor, executor).where("spaces.id", "=", chatId).executeTakeFirst();
  return row !== undefined;
}

/** The space, if the actor may see it; otherwise a 404 refusal ("Space not found"), for unknown and foreign ids alike. */
export function findVisibleSpace(actor: Actor, spaceId: string, executor: Executor = db): Promise<Space> {
  return findAmong(visibleSpaceIds(actor, executor), spaceId, executor);
}

/** The chat (a space, or its team side), if the actor may read it; otherwise "Space not found", as for any unknown id. */
export function findVisibleChat(actor: Actor, chatId: string, executor: Executor = db): Promise<Space> {
  return findAmong(visibleChatIds(actor, executor), chatId, executor);
}

async function findAmong(visible: ReturnType<typeof visibleChatIds>, id: string, executor: Executor): Promise<Space> {
  const space = isUuid(id)
    ? await executor.selectFrom("spaces").selectAll().where("id", "=", id).where("id", "in", visible).executeTakeFirst()
    : undefined;
  if (!space) throw notFound(SPACE_NOT_FOUND);
  return space;
}

/** The id of the space's team-only side (every space has one, made with it). */
export async function teamSideOf(spaceId: string, executor: Executor = db): Promise<string> {
  const row = await executor
    .selectFrom("spaces")
    .select("id")
    .where("team_side_of", "=", spaceId)
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The accounts that take part in a chat: the agency's owner, the team members assigned
 * to its space and, on the client side only, the clients added to it (those who have
 * signed up). A team side has no clients: none is ever added to it.
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
        .innerJoin("spaces", (join) =>
          join
            .on("spaces.id", "=", spaceId)
            .on((eb) =>
              eb(eb.fn.coalesce("spaces.team_side_of", "spaces.id"), "=", eb.ref("team_member_spaces.space_id")),
            ),
        )
        .select("team_members.user_id")
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
