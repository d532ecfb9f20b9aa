import { sql, type Expression } from "kysely";
import type { Space, UserType } from "#db/schema";
import { compiledQuery, compiledQueryPer } from "~/services/compiled-queries.server";
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
  return spaceIdsVisibleTo(actor.type, whoOf(actor), executor);
}

/**
 * Who asks, as the rule reads them: their agency, and their team member's or client's
 * record (an id that matches nothing where they have none). Values for one actor; the
 * placeholders of a compiled query; or the columns of many actors asked about at once.
 */
export type Who = { agencyId: Operand; teamMemberId: Operand; clientId: Operand };
type Operand = string | Expression<string>;

/** The actor's ids as the rule reads them, for a query compiled once per type of user (`chatIdsVisibleTo`). */
export function whoOf(actor: Actor) {
  const agencyId = actor.agencyId ?? NO_ID;
  return { agencyId, teamMemberId: actor.teamMember?.id ?? agencyId, clientId: actor.client?.id ?? agencyId };
}

/** `visibleSpaceIds` of an actor of this type, as `who` names them (placeholders, in a compiled query). */
export function spaceIdsVisibleTo(type: UserType, who: Who, executor: Executor = db) {
  const inAgency = executor
    .selectFrom("spaces")
    .select("spaces.id")
    .where("spaces.agency_id", "=", who.agencyId)
    .where("spaces.team_side_of", "is", null);
  if (type === "TEAM_MEMBER") {
    return inAgency
      .innerJoin("team_member_spaces", "team_member_spaces.space_id", "spaces.id")
      .where("team_member_spaces.team_member_id", "=", who.teamMemberId);
  }
  if (type === "CLIENT") {
    return inAgency
      .innerJoin("space_clients", "space_clients.space_id", "spaces.id")
      .where("space_clients.client_id", "=", who.clientId);
  }
  return inAgency;
}

/**
 * The ids of the chats the actor may read and post to, as a subquery: the client side of
 * each space they see (its own id) and, for the agency's staff, its team-only side.
 */
export function visibleChatIds(actor: Actor, executor: Executor = db) {
  return chatIdsVisibleTo(actor.type, whoOf(actor), executor);
}

/** `visibleChatIds` of an actor of this type, as `who` names them (placeholders, in a compiled query). */
export function chatIdsVisibleTo(type: UserType, who: Who, executor: Executor = db) {
  /*
   * The agency sees every space of its own, so every chat of it, both sides: its id alone
   * says which (a team side has its space's agency). Asked through the spaces' ids, the
   * 10,000 chats of a large agency cost a search 13–20 ms on PGlite.
   */
  if (type === "AGENCY")
    return executor.selectFrom("spaces").select("spaces.id").where("spaces.agency_id", "=", who.agencyId);
  const spaces = spaceIdsVisibleTo(type, who, executor);
  if (!isAgencyStaff({ type })) return spaces;
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
  if (!actors.length) return each;
  const rows = await visibleChatsOfEach({ askers: askersOf(actors.map((actor) => ({ actor }))) });
  for (const row of rows) each[row.actor_index].push({ id: row.id, lastSeq: Number(row.last_seq) });
  return each;
}

const visibleChatsOfEach = compiledQuery((values: { askers: string }) => visibleToEach(values.askers));

/** The askers of `visibleToEach`, as its one value: each actor's type and ids, and the chat asked about if any. */
export function askersOf(requests: ReadonlyArray<{ actor: Actor; spaceId?: string }>): string {
  return JSON.stringify(
    requests.map(({ actor, spaceId }, index) => {
      const who = whoOf(actor);
      return {
        actor_index: index,
        type: actor.type,
        agency_id: who.agencyId,
        team_member_id: who.teamMemberId,
        client_id: who.clientId,
        space_id: spaceId,
      };
    }),
  );
}

/** Every type of user, for a rule asked of actors of each type at once. */
const USER_TYPES = Object.keys({ AGENCY: 0, TEAM_MEMBER: 0, CLIENT: 0, ADMIN: 0 } satisfies Record<
  UserType,
  0
>) as UserType[];

/**
 * `visibleChatIds` of each of many actors (`askersOf`), or, `narrowed`, whether each may
 * see the chat asked about: each row the chat's id and last log number, marked with its
 * asker's place in the list (`actor_index`). The one visibility rule asked for many at
 * once, in a statement whose text does not depend on them (so it is compiled once): for
 * each type of user, the rule with the askers' columns in place of one actor's ids.
 */
export function visibleToEach(askers: string, { narrowed = false } = {}) {
  const who = {
    agencyId: sql.ref<string>("asker.agency_id"),
    teamMemberId: sql.ref<string>("asker.team_member_id"),
    clientId: sql.ref<string>("asker.client_id"),
  };
  const ofEachType = USER_TYPES.map((type) => {
    const chats = chatIdsVisibleTo(type, who).select("spaces.last_seq");
    return sql`
      select asker.actor_index, chat.id, chat.last_seq
      from asker, lateral (${narrowed ? chats.where("spaces.id", "=", sql.ref<string>("asker.space_id")) : chats}) as chat
      where asker.type = ${sql.lit(type)}`;
  });
  return sql<{ actor_index: number; id: string; last_seq: string }>`
    with asker as (
      select * from jsonb_to_recordset(${askers}::jsonb)
        as asker(actor_index integer, type text, agency_id uuid, team_member_id uuid, client_id uuid, space_id uuid)
    )
    ${sql.join(ofEachType, sql` union all `)}`;
}

/** Whether the actor may read and post to the chat (either side of a space they see). */
export async function canSeeChat(actor: Actor, chatId: string, executor: Executor = db): Promise<boolean> {
  if (!isUuid(chatId)) return false;
  const rows = await chatSeen(actor.type, { ...whoOf(actor), id: chatId }, executor);
  return rows.length > 0;
}

/** The space, if the actor may see it; otherwise a 404 refusal ("Space not found"), for unknown and foreign ids alike. */
export function findVisibleSpace(actor: Actor, spaceId: string, executor: Executor = db): Promise<Space> {
  return findAmong(visibleSpace, actor, spaceId, executor);
}

/** The chat (a space, or its team side), if the actor may read it; otherwise "Space not found", as for any unknown id. */
export function findVisibleChat(actor: Actor, chatId: string, executor: Executor = db): Promise<Space> {
  return findAmong(visibleChat, actor, chatId, executor);
}

async function findAmong(find: typeof visibleChat, actor: Actor, id: string, executor: Executor): Promise<Space> {
  const [space] = isUuid(id) ? await find(actor.type, { ...whoOf(actor), id }, executor) : [];
  if (!space) throw notFound(SPACE_NOT_FOUND);
  return space;
}

// The questions every page, send and socket command asks first, compiled once per type of user.
type OneOfThem = ReturnType<typeof whoOf> & { id: string };
const chatSeen = compiledQueryPer((type: UserType, values: OneOfThem) =>
  chatIdsVisibleTo(type, values).where("spaces.id", "=", values.id),
);
const visibleSpace = compiledQueryPer((type: UserType, values: OneOfThem) =>
  db.selectFrom("spaces").selectAll().where("id", "=", values.id).where("id", "in", spaceIdsVisibleTo(type, values)),
);
const visibleChat = compiledQueryPer((type: UserType, values: OneOfThem) =>
  db.selectFrom("spaces").selectAll().where("id", "=", values.id).where("id", "in", chatIdsVisibleTo(type, values)),
);

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
  return (await memberUserIds({ spaceId }, executor)).map((row) => row.user_id);
}

const memberUserIds = compiledQuery(({ spaceId }: { spaceId: string }) => chatMemberIds(spaceId));

/** `spaceMemberUserIds` as a subquery, for a query that reads only what concerns the chat's members. */
export function chatMemberIds(spaceId: Operand) {
  return db
    .selectFrom("spaces")
    .select("spaces.agency_id as user_id")
    .where("spaces.id", "=", spaceId)
    .union(
      db
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
      db
        .selectFrom("space_clients")
        .innerJoin("clients", "clients.id", "space_clients.client_id")
        .select("clients.user_id")
        .where("space_clients.space_id", "=", spaceId)
        .where("clients.user_id", "is not", null)
        .$narrowType<{ user_id: string }>(),
    );
}

/** An id that matches no row: for an actor without an agency, company or record, or an id that is no UUID. */
export const NO_ID = "00000000-0000-0000-0000-000000000000";

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids come from URLs and forms; a malformed one is simply not found (Postgres would reject it with an error). */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
