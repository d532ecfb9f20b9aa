import type { AliasedSelectQueryBuilder, OperandExpression } from "kysely";
import type { PersonSpace, TeamMemberCard, ClientCard } from "~/shared/people";
import type { PersonKind } from "~/shared/paths";
import { db, countOf } from "~/services/db.server";
import { emit } from "./events.server";
import type { Actor } from "./actors.server";
import { recordActivity } from "./activity.server";
import { announceAccessRemoved } from "./chat-sides.server";
import { companyNamed } from "./client-companies.server";
import { Refusal, notFound } from "./errors.server";
import { clientExists, teamMemberExists } from "./inviting.server";
import { canEdit, isAgencyStaff } from "./policy.server";
import type { UpdateClientInput, UpdateTeamMemberInput } from "~/shared/roster.schemas";
import { deleteAllSessions } from "./sessions.server";
import { isUuid, visibleSpaceIds } from "./space-access.server";
import { presenceOf } from "./presence.server";
import { emailBouncing } from "./mail-events.server";
import { takePage, type Page } from "~/shared/paging";

/*
 * The agency's people, of two kinds: its team members and its clients (SPEC §2.9,
 * §2.10). What they share is here: their cards and their spaces, one person for the
 * agency to manage, the edit (an email stays unique on its roster), the removal. Who
 * sees whom is each kind's own rule (team-members.server.ts, clients.server.ts).
 */

export const TEAM_MEMBER_NOT_FOUND = "Team member not found";
export const CLIENT_NOT_FOUND = "Client not found";

const KINDS = {
  team_member: {
    table: "team_members",
    notFoundMessage: TEAM_MEMBER_NOT_FOUND,
    /** The policy area whose editors manage them. */
    area: "team",
    emailTaken: teamMemberExists,
    removedAction: "team_member.removed",
    removedFrom: "the team",
  },
  client: {
    table: "clients",
    notFoundMessage: CLIENT_NOT_FOUND,
    area: "space",
    emailTaken: clientExists,
    removedAction: "client.removed",
    removedFrom: "the clients",
  },
} as const;

export type PersonCards = { team_member: TeamMemberCard; client: ClientCard };
type UpdateInputs = { team_member: UpdateTeamMemberInput; client: UpdateClientInput };

/** Which of the agency's people: these ids, or those a subquery selects (as `id`). */
export type PersonIds = string[] | OperandExpression<string>;

type Row<K extends PersonKind> = Omit<PersonCards[K], "spaces" | "presence" | "emailBouncing">;

type Range = { limit: number; offset: number };

const ROWS: { [K in PersonKind]: (agencyId: string, which?: PersonIds, range?: Range) => Promise<Array<Row<K>>> } = {
  async team_member(agencyId, which, range) {
    let query = db
      .selectFrom("team_members")
      .select(["id", "name", "email", "role", "mobile_number", "profile_picture", "user_id"])
      .where("agency_id", "=", agencyId)
      .orderBy("name")
      .orderBy("id");
    if (which) query = query.where("id", "in", which);
    if (range) query = query.limit(range.limit).offset(range.offset);
    const rows = await query.execute();
    return rows.map(({ mobile_number, profile_picture, user_id, ...row }) => ({
      ...row,
      mobileNumber: mobile_number,
      avatarKey: profile_picture,
      hasLogin: user_id !== null,
      userId: user_id,
    }));
  },
  async client(agencyId, which, range) {
    let query = db
      .selectFrom("clients")
      .innerJoin("client_companies", "client_companies.id", "clients.company_id")
      .select(["clients.id", "clients.name", "clients.email", "clients.role", "clients.extension", "clients.url"])
      .select(["client_companies.name as company", "clients.mobile_number", "clients.avatar", "clients.user_id"])
      .where("clients.agency_id", "=", agencyId)
      .orderBy("clients.name")
      .orderBy("clients.id");
    if (which) query = query.where("clients.id", "in", which);
    if (range) query = query.limit(range.limit).offset(range.offset);
    const rows = await query.execute();
    return rows.map(({ mobile_number, avatar, user_id, ...row }) => ({
      ...row,
      mobileNumber: mobile_number,
      avatarKey: avatar,
      hasLogin: user_id !== null,
      userId: user_id,
    }));
  },
};

/** Which spaces each person is in, as a subquery `link` of (`person_id`, `space_id`). */
function spaceLinks(
  kind: PersonKind,
  personIds: string[],
): AliasedSelectQueryBuilder<{ person_id: string; space_id: string }, "link"> {
  if (kind === "team_member") {
    return db
      .selectFrom("team_member_spaces")
      .select(["team_member_id as person_id", "space_id"])
      .where("team_member_id", "in", personIds)
      .as("link");
  }
  return db
    .selectFrom("space_clients")
    .select(["client_id as person_id", "space_id"])
    .where("client_id", "in", personIds)
    .as("link");
}

/** The person's spaces, by name; with `visibleTo`, only those that actor may see (nobody learns of others). */
async function spacesOf(kind: PersonKind, personIds: string[], visibleTo?: Actor) {
  let query = db
    .selectFrom(spaceLinks(kind, personIds))
    .innerJoin("spaces", "spaces.id", "link.space_id")
    .select(["link.person_id", "spaces.id", "spaces.name"])
    .orderBy("spaces.name");
  if (visibleTo) query = query.where("spaces.id", "in", visibleSpaceIds(visibleTo));
  const rows = await query.execute();
  const byPerson = new Map<string, PersonSpace[]>();
  for (const { person_id, id, name } of rows)
    byPerson.set(person_id, [...(byPerson.get(person_id) ?? []), { id, name }]);
  return byPerson;
}

/**
 * The cards of the agency's people of one kind (every one, or `which`; all, or the
 * `range` of a page), by name, each with their spaces (with `visibleTo`, only the spaces
 * that actor sees) and their presence as `viewer` may see it.
 */
async function personCards<K extends PersonKind>(
  kind: K,
  agencyId: string,
  { which, visibleTo, range, viewer }: { which?: PersonIds; visibleTo?: Actor; range?: Range; viewer: Actor },
): Promise<Array<PersonCards[K]>> {
  if (Array.isArray(which) && !which.length) return [];
  const rows = await ROWS[kind](agencyId, which, range);
  if (!rows.length) return [];
  const [spaces, presence, bouncing] = await Promise.all([
    spacesOf(
      kind,
      rows.map((row) => row.id),
      visibleTo,
    ),
    presenceOf(
      viewer,
      rows.flatMap((row) => (row.userId ? [row.userId] : [])),
    ),
    // The agency's to know, so that someone asks the person for another address.
    isAgencyStaff(viewer) ? emailBouncing(rows.map((row) => row.email)) : new Set<string>(),
  ]);
  return rows.map(
    (row) =>
      ({
        ...row,
        spaces: spaces.get(row.id) ?? [],
        presence: (row.userId && presence.get(row.userId)) || null,
        emailBouncing: bouncing.has(row.email.toLowerCase()),
      }) as PersonCards[K],
  );
}

/** A page of the cards of the agency's people of one kind (every one, or those `which` selects), by name. */
export function personCardPage<K extends PersonKind>(
  kind: K,
  agencyId: string,
  {
    page,
    which,
    visibleTo,
    viewer,
  }: { page: number; which?: OperandExpression<string>; visibleTo?: Actor; viewer: Actor },
): Promise<Page<PersonCards[K]>> {
  let counted = db.selectFrom(KINDS[kind].table).where("agency_id", "=", agencyId);
  if (which) counted = counted.where("id", "in", which);
  return takePage(
    page,
    () => countOf(counted),
    (range) => personCards(kind, agencyId, { which, visibleTo, range, viewer }),
  );
}

/** The agency's spaces, to add people to (for those who may manage them). */
export function agencySpaces(agencyId: string): Promise<PersonSpace[]> {
  return db
    .selectFrom("spaces")
    .select(["id", "name"])
    .where("agency_id", "=", agencyId)
    .where("team_side_of", "is", null)
    .orderBy("name")
    .execute();
}

/**
 * One team member or client of the agency, with the agency's spaces, for those who may
 * manage them; anyone else, or a foreign id, gets "not found".
 */
export async function getPerson<K extends PersonKind>(actor: Actor, kind: K, personId: string) {
  const { notFoundMessage, area } = KINDS[kind];
  if (!canEdit(actor, area) || !actor.agencyId || !isUuid(personId)) throw notFound(notFoundMessage);
  const [person] = await personCards(kind, actor.agencyId, { which: [personId], visibleTo: actor, viewer: actor });
  if (!person) throw notFound(notFoundMessage);
  return { person, spaces: await agencySpaces(actor.agencyId) };
}

/** What each kind's edit writes beyond name, email and mobile number (SPEC §2.9, §2.10, §5). */
const EDITS: {
  [K in PersonKind]: (
    agencyId: string,
    person: PersonCards[K],
    input: UpdateInputs[K],
    email: string,
  ) => Promise<unknown>;
} = {
  team_member: (_agencyId, member, input, email) =>
    db
      .updateTable("team_members")
      .set({
        name: input.name,
        email,
        role: input.role,
        mobile_number: input.mobileNumber ?? null,
        updated_at: new Date(),
      })
      .where("id", "=", member.id)
      .execute(),
  async client(agencyId, client, input, email) {
    // Renaming a client's company moves them into the company of that name (or one of their own).
    const companyName = input.company ?? "";
    const companyId = companyName === client.company ? undefined : await companyNamed(db, agencyId, companyName);
    return db
      .updateTable("clients")
      .set({
        name: input.name,
        email,
        role: input.role,
        ...(companyId ? { company_id: companyId } : {}),
        mobile_number: input.mobileNumber ?? null,
        extension: input.extension ?? null,
        url: input.url ?? null,
        updated_at: new Date(),
      })
      .where("id", "=", client.id)
      .execute();
  },
};

/**
 * Edit Team Member and the client card's inline edit (SPEC §2.9, §2.10, §5). Someone
 * with an account keeps signing in with their own email; an email another person of
 * the same kind has in the agency is refused.
 */
export async function updatePerson<K extends PersonKind>(
  actor: Actor,
  kind: K,
  personId: string,
  input: UpdateInputs[K],
) {
  const { person } = await getPerson(actor, kind, personId);
  const agencyId = actor.agencyId!;
  const email = person.hasLogin ? person.email : input.email;
  if (email !== person.email) {
    const taken = await db
      .selectFrom(KINDS[kind].table)
      .select("id")
      .where("agency_id", "=", agencyId)
      .where("email", "=", email)
      .executeTakeFirst();
    if (taken) throw new Refusal(KINDS[kind].emailTaken(email));
  }
  await EDITS[kind](agencyId, person, input, email);
}

/**
 * Remove Member and Remove Client (SPEC §2.9, §2.10): the record and its spaces go (a
 * space a client owned keeps no client owner), and so do the person's sessions and
 * sockets, at once. Their account stays, so that their messages stay attributed to
 * them; without a record it can no longer sign in.
 */
export async function removePerson(actor: Actor, kind: PersonKind, personId: string) {
  const { person } = await getPerson(actor, kind, personId);
  const { table, notFoundMessage, removedAction, removedFrom } = KINDS[kind];
  const userId = await db.transaction().execute(async (tx) => {
    const removed = await tx
      .deleteFrom(table)
      .where("id", "=", person.id)
      .where("agency_id", "=", actor.agencyId!)
      .returning("user_id")
      .executeTakeFirst();
    if (!removed) throw notFound(notFoundMessage);
    if (removed.user_id) await deleteAllSessions(tx, removed.user_id);
    await recordActivity(tx, {
      agencyId: actor.agencyId!,
      actorId: actor.id,
      action: removedAction,
      summary: `${person.name} was removed from ${removedFrom}`,
    });
    return removed.user_id;
  });
  if (!userId) return;
  emit("user.sessions-ended", { userId });
  for (const space of person.spaces) await announceAccessRemoved(space.id, [userId]);
}
