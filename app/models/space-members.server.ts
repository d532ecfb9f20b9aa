import { db } from "~/services/db.server";
import type { Actor } from "./actors.server";
import { notFound } from "./errors.server";
import type { ClientSummary, TeamMemberSummary } from "~/shared/people";
import { canEdit } from "./policy.server";
import { presenceOf, type Presence } from "./presence.server";
import { SPACE_NOT_FOUND, findVisibleSpace } from "./space-access.server";

/*
 * Who takes part in a space, as Manage Team and Manage Clients (SPEC §2.8) show it,
 * and whom the actor may add. The changes themselves go through
 * space-assignments.server.ts, which checks the same rules again.
 */

/** A member's account and whether they are online, as the viewer may see it (null: not shown). */
type Presenced = { userId: string | null; presence: Presence | null };
export type SpaceClient = ClientSummary & Presenced & { isOwner: boolean; canRemove: boolean };

const userIdsOf = (rows: Array<{ user_id: string | null }>) =>
  rows.flatMap((row) => (row.user_id ? [row.user_id] : []));
export type Candidate = { id: string; label: string };

/** Manage Team: the space's team members and the agency's others, for those who manage the team. */
export async function getSpaceTeam(actor: Actor, spaceId: string) {
  if (!canEdit(actor, "team")) throw notFound(SPACE_NOT_FOUND);
  const space = await findVisibleSpace(actor, spaceId);
  const rows = await db
    .selectFrom("team_members")
    .leftJoin("team_member_spaces", (join) =>
      join
        .onRef("team_member_spaces.team_member_id", "=", "team_members.id")
        .on("team_member_spaces.space_id", "=", space.id),
    )
    .select([
      "team_members.id",
      "team_members.name",
      "team_members.email",
      "team_members.role",
      "team_members.profile_picture",
      "team_members.user_id",
      "team_member_spaces.space_id",
    ])
    .where("team_members.agency_id", "=", space.agency_id)
    .orderBy("team_members.name")
    .orderBy("team_members.id")
    .execute();
  const assigned = rows.filter((row) => row.space_id);
  const presence = await presenceOf(actor, userIdsOf(assigned));
  const toMember = (row: (typeof rows)[number]): TeamMemberSummary & Presenced => ({
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    avatarKey: row.profile_picture,
    userId: row.user_id,
    presence: (row.user_id && presence.get(row.user_id)) || null,
  });
  return {
    space: { id: space.id, name: space.name },
    assigned: assigned.map(toMember),
    available: rows.filter((row) => !row.space_id).map((row) => ({ id: row.id, label: `${row.name} (${row.email})` })),
  };
}

/**
 * Manage Clients: the space's clients for anyone who sees the space. The agency adds
 * and removes any of its clients (Add Client); a client owner in the space adds and
 * removes the employees of their own company (Add Employee). The space's client
 * owner stays (decision 004).
 */
export async function getSpaceClients(actor: Actor, spaceId: string) {
  const space = await findVisibleSpace(actor, spaceId);
  const isAgency = canEdit(actor, "space");
  const ownCompany = actor.type === "CLIENT" && actor.client?.role === "OWNER" ? actor.client.companyId : null;
  const mayManage = (companyId: string) => isAgency || companyId === ownCompany;

  let query = db
    .selectFrom("clients")
    .leftJoin("space_clients", (join) =>
      join.onRef("space_clients.client_id", "=", "clients.id").on("space_clients.space_id", "=", space.id),
    )
    .innerJoin("client_companies", "client_companies.id", "clients.company_id")
    .select([
      "clients.id",
      "clients.name",
      "clients.email",
      "clients.company_id",
      "client_companies.name as company",
      "clients.role",
      "clients.avatar",
      "clients.user_id",
      "space_clients.space_id",
    ])
    .where("clients.agency_id", "=", space.agency_id);
  // Nobody but the agency and the owner's colleagues learns of clients outside the space.
  if (!isAgency) {
    query = query.where((eb) =>
      eb.or([
        eb("space_clients.space_id", "is not", null),
        ...(ownCompany !== null ? [eb("clients.company_id", "=", ownCompany)] : []),
      ]),
    );
  }
  const rows = await query.orderBy("clients.name").orderBy("clients.id").execute();

  const inSpace = rows.filter((row) => row.space_id);
  const presence = await presenceOf(actor, userIdsOf(inSpace));
  const clients: SpaceClient[] = inSpace.map((row) => {
    const isOwner = row.id === space.client_owner_id;
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      company: row.company,
      role: row.role,
      avatarKey: row.avatar,
      userId: row.user_id,
      presence: (row.user_id && presence.get(row.user_id)) || null,
      isOwner,
      canRemove: !isOwner && row.id !== actor.client?.id && mayManage(row.company_id),
    };
  });
  const candidates: Candidate[] = rows
    .filter((row) => !row.space_id && mayManage(row.company_id))
    .map((row) => ({ id: row.id, label: row.company ? `${row.name} (${row.company})` : row.name }));
  return {
    space: { id: space.id, name: space.name },
    clients,
    candidates,
    addLabel: isAgency ? "Add Client" : ownCompany !== null ? "Add Employee" : null,
  };
}
