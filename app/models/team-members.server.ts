import type { TeamRole } from "#db/schema";
import { db } from "~/services/db.server";
import { emit } from "~/services/events.server";
import type { Actor } from "./actors.server";
import { recordActivity } from "./activity.server";
import { Refusal, notFound } from "./errors.server";
import { teamMemberExists } from "./invitations.server";
import { canEdit, canInvite } from "./policy.server";
import type { UpdateTeamMemberInput } from "./roster.schemas";
import { deleteAllSessions } from "./sessions.server";
import { isUuid, visibleSpaceIds } from "./space-access.server";
import { ownerName } from "./owner-name";

/*
 * The agency's team (SPEC §2.9, §2.4, §2.3, §6): the agency manages it; team members
 * see their colleagues; clients see the team members assigned to their spaces.
 */

export const TEAM_MEMBER_NOT_FOUND = "Team member not found";

export type TeamMemberCard = {
  id: string;
  name: string;
  email: string;
  role: TeamRole;
  mobileNumber: string | null;
  avatarKey: string | null;
  /** Whether they have an account to sign in with (not only a record). */
  hasLogin: boolean;
  spaces: Array<{ id: string; name: string }>;
};

export type TeamRoster = {
  owner: { name: string; email: string; agencyName: string; avatarKey: string | null } | null;
  members: TeamMemberCard[];
  /** The agency's spaces, to assign members to (only for those who may manage the team). */
  spaces: Array<{ id: string; name: string }>;
  canEdit: boolean;
  canInvite: boolean;
};

async function membersOf(agencyId: string, onlyIds?: string[]) {
  if (onlyIds && !onlyIds.length) return [];
  let query = db.selectFrom("team_members").selectAll().where("agency_id", "=", agencyId).orderBy("name").orderBy("id");
  if (onlyIds) query = query.where("id", "in", onlyIds);
  const rows = await query.execute();
  const assignments = rows.length
    ? await db
        .selectFrom("team_member_spaces")
        .innerJoin("spaces", "spaces.id", "team_member_spaces.space_id")
        .select(["team_member_spaces.team_member_id", "spaces.id", "spaces.name"])
        .where(
          "team_member_spaces.team_member_id",
          "in",
          rows.map((row) => row.id),
        )
        .orderBy("spaces.name")
        .execute()
    : [];
  return rows.map((row): TeamMemberCard => ({
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    mobileNumber: row.mobile_number,
    avatarKey: row.profile_picture,
    hasLogin: row.user_id !== null,
    spaces: assignments
      .filter((assignment) => assignment.team_member_id === row.id)
      .map(({ id, name }) => ({ id, name })),
  }));
}

/**
 * /team for the agency (owner card, every member, their spaces) and /teams/my-team for
 * team members (their colleagues, read-only); clients see the team through
 * listAgencyTeamForClient.
 */
export async function listTeamRoster(actor: Actor): Promise<TeamRoster> {
  if (!actor.agencyId || actor.type === "CLIENT") throw notFound(TEAM_MEMBER_NOT_FOUND);
  const editable = canEdit(actor, "team");
  const [members, agency, spaces] = await Promise.all([
    membersOf(actor.agencyId),
    actor.type === "AGENCY"
      ? db
          .selectFrom("agencies")
          .innerJoin("users", "users.id", "agencies.id")
          .select([
            "agencies.agency_name",
            "agencies.first_name",
            "agencies.last_name",
            "agencies.avatar",
            "users.email",
          ])
          .where("agencies.id", "=", actor.agencyId)
          .executeTakeFirst()
      : undefined,
    editable
      ? db.selectFrom("spaces").select(["id", "name"]).where("agency_id", "=", actor.agencyId).orderBy("name").execute()
      : [],
  ]);
  return {
    owner: agency
      ? {
          name: ownerName(agency.first_name, agency.last_name),
          email: agency.email,
          agencyName: agency.agency_name,
          avatarKey: agency.avatar,
        }
      : null,
    members,
    spaces,
    canEdit: editable,
    canInvite: canInvite(actor, "ACCOUNT_MANAGER"),
  };
}

/** /client/team (SPEC §6): the agency's team members assigned to the client's spaces. */
export async function listAgencyTeamForClient(actor: Actor): Promise<TeamMemberCard[]> {
  if (actor.type !== "CLIENT" || !actor.agencyId) throw notFound(TEAM_MEMBER_NOT_FOUND);
  const visible = new Set((await visibleSpaceIds(actor).execute()).map((row) => row.id));
  const assigned = await db
    .selectFrom("team_member_spaces")
    .select("team_member_id")
    .where("space_id", "in", visibleSpaceIds(actor))
    .execute();
  const members = await membersOf(actor.agencyId, [...new Set(assigned.map((row) => row.team_member_id))]);
  // A client learns nothing of the spaces they are not in.
  return members.map((member) => ({ ...member, spaces: member.spaces.filter((space) => visible.has(space.id)) }));
}

/** One member of the agency's team, for those who may manage it; anyone else, or a foreign id, gets "not found". */
export async function getTeamMember(actor: Actor, teamMemberId: string) {
  if (!canEdit(actor, "team") || !actor.agencyId || !isUuid(teamMemberId)) {
    throw notFound(TEAM_MEMBER_NOT_FOUND);
  }
  const [member] = await membersOf(actor.agencyId, [teamMemberId]);
  if (!member) throw notFound(TEAM_MEMBER_NOT_FOUND);
  const spaces = await db
    .selectFrom("spaces")
    .select(["id", "name"])
    .where("agency_id", "=", actor.agencyId)
    .orderBy("name")
    .execute();
  return { member, spaces };
}

/** Edit Team Member (SPEC §2.9, §5). Someone with an account keeps signing in with their own email. */
export async function updateTeamMember(actor: Actor, teamMemberId: string, input: UpdateTeamMemberInput) {
  const { member } = await getTeamMember(actor, teamMemberId);
  const email = member.hasLogin ? member.email : input.email;
  if (email !== member.email) {
    const taken = await db
      .selectFrom("team_members")
      .select("id")
      .where("agency_id", "=", actor.agencyId!)
      .where("email", "=", email)
      .executeTakeFirst();
    if (taken) throw new Refusal(teamMemberExists(email));
  }
  await db
    .updateTable("team_members")
    .set({
      name: input.name,
      email,
      role: input.role,
      mobile_number: input.mobileNumber ?? null,
      updated_at: new Date(),
    })
    .where("id", "=", member.id)
    .execute();
}

/**
 * Remove Member (SPEC §2.9): the record and its space assignments go, and so do the
 * person's sessions and sockets, at once. Their account stays, so that their messages
 * stay attributed to them; without a record it can no longer sign in.
 */
export async function removeTeamMember(actor: Actor, teamMemberId: string) {
  const { member } = await getTeamMember(actor, teamMemberId);
  const userId = await db.transaction().execute(async (tx) => {
    const removed = await tx
      .deleteFrom("team_members")
      .where("id", "=", member.id)
      .where("agency_id", "=", actor.agencyId!)
      .returning("user_id")
      .executeTakeFirst();
    if (!removed) throw notFound(TEAM_MEMBER_NOT_FOUND);
    if (removed.user_id) await deleteAllSessions(tx, removed.user_id);
    await recordActivity(tx, {
      agencyId: actor.agencyId!,
      actorId: actor.id,
      action: "team_member.removed",
      summary: `${member.name} was removed from the team`,
    });
    return removed.user_id;
  });
  if (!userId) return;
  emit("user.sessions-ended", { userId });
  for (const space of member.spaces) emit("space.access-removed", { spaceId: space.id, userIds: [userId] });
}
