import { db } from "~/services/db.server";
import type { TeamRoster } from "~/shared/people";
import type { Actor } from "./actors.server";
import { notFound } from "./errors.server";
import { TEAM_MEMBER_NOT_FOUND, agencySpaces, personCardPage } from "./people.server";
import type { TeamMemberCard } from "~/shared/people";
import { canEdit, canInvite } from "./policy.server";
import { visibleSpaceIds } from "./space-access.server";
import { ownerName } from "~/shared/owner-name";
import type { Page } from "~/shared/paging";

/*
 * Who sees the agency's team (SPEC §2.9, §2.4, §2.3, §6): the agency manages it; team
 * members see their colleagues; clients see the team members assigned to their spaces.
 * A member's card, edit and removal are every person's (people.server.ts).
 */

/**
 * /team for the agency (owner card, every member, their spaces) and /teams/my-team for
 * team members (their colleagues, read-only); clients see the team through
 * listAgencyTeamForClient.
 */
export async function listTeamRoster(actor: Actor, { page = 1 }: { page?: number } = {}): Promise<TeamRoster> {
  if (!actor.agencyId || actor.type === "CLIENT") throw notFound(TEAM_MEMBER_NOT_FOUND);
  const editable = canEdit(actor, "team");
  const [members, agency, spaces] = await Promise.all([
    // SPEC §6: each sees the spaces they may see (a team member, those assigned to them) and learns of no other.
    personCardPage("team_member", actor.agencyId, { page, visibleTo: actor, viewer: actor }),
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
    editable ? agencySpaces(actor.agencyId) : [],
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

/** /client/team (SPEC §6): a page of the agency's team members assigned to the client's spaces. */
export async function listAgencyTeamForClient(
  actor: Actor,
  { page = 1 }: { page?: number } = {},
): Promise<Page<TeamMemberCard>> {
  if (actor.type !== "CLIENT" || !actor.agencyId) throw notFound(TEAM_MEMBER_NOT_FOUND);
  const assigned = db
    .selectFrom("team_member_spaces")
    .select("team_member_id as id")
    .where("space_id", "in", visibleSpaceIds(actor));
  // A client learns nothing of the spaces they are not in.
  return personCardPage("team_member", actor.agencyId, { page, which: assigned, visibleTo: actor, viewer: actor });
}
