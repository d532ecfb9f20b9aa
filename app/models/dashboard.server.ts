import { db } from "~/services/db.server";
import type { Actor } from "./actors.server";
import { canEdit, canInvite, hasMembership } from "./policy.server";
import { SHARED_WITH_CLIENT } from "~/shared/audit-kinds";
import type { SignOffCard } from "~/shared/sign-offs";
import { signOffsWaitingFor } from "./sign-off-cards.server";
import { visibleSpaceIds } from "./space-access.server";
import { canManageSpaces } from "./spaces.server";

export type DashboardStat = { label: string; value: number };
export type DashboardActivity = { id: string; summary: string; createdAt: Date };
/** SPEC §2.2's quick actions, each shown only to those allowed to do it. */
export type DashboardPermissions = { createSpaces: boolean; inviteTeam: boolean; inviteClients: boolean };
/** A sign-off that waits for the actor (issue 39), with the name of its space. */
export type DashboardSignOff = SignOffCard & { spaceName: string };
export type Dashboard = {
  stats: DashboardStat[];
  activity: DashboardActivity[];
  signOffs: DashboardSignOff[];
  permissions: DashboardPermissions;
};

/** How many waiting sign-offs a dashboard lists: the latest few, the rest are on each space's Sign-offs tab. */
const WAITING_SIGN_OFFS = 5;

/**
 * The figures, recent activity and waiting sign-offs of the actor's dashboard, each
 * within what they may see: the spaces of SPEC §6, the agency's people for agency staff
 * (who see the team and client rosters), and for a client the agency team of their
 * spaces and the employees of their own company.
 */
export async function getDashboard(actor: Actor): Promise<Dashboard> {
  const permissions: DashboardPermissions = {
    createSpaces: canManageSpaces(actor),
    inviteTeam: canInvite(actor, "ACCOUNT_MANAGER"),
    inviteClients: canInvite(actor, "CLIENT"),
  };
  if (!actor.agencyId || !hasMembership(actor)) return { stats: [], activity: [], signOffs: [], permissions };
  const [stats, activity, signOffs] = await Promise.all([
    countStats(actor, actor.agencyId),
    recentActivity(actor, actor.agencyId),
    signOffsWaitingFor(actor, WAITING_SIGN_OFFS),
  ]);
  return { stats, activity, signOffs, permissions };
}

/** The three figures, in one query: agency staff count the agency's people, a client the team of their spaces and their own company. */
async function countStats(actor: Actor, agencyId: string): Promise<DashboardStat[]> {
  const companyId = actor.client?.companyId;
  const counts = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom("spaces")
        .select(eb.fn.countAll().as("count"))
        .where("id", "in", visibleSpaceIds(actor))
        .as("spaces"),
      companyId === undefined
        ? eb
            .selectFrom("team_members")
            .select(eb.fn.countAll().as("count"))
            .where("agency_id", "=", agencyId)
            .as("team")
        : eb
            .selectFrom("team_member_spaces")
            .select((inner) => inner.fn.count("team_member_id").distinct().as("count"))
            .where("space_id", "in", visibleSpaceIds(actor))
            .as("team"),
      // Active: the client has signed up, not only been invited.
      eb
        .selectFrom("clients")
        .select(eb.fn.countAll().as("count"))
        .where("agency_id", "=", agencyId)
        .$if(companyId !== undefined, (query) => query.where("company_id", "=", companyId ?? ""))
        .where("user_id", "is not", null)
        .as("clients"),
    ])
    .executeTakeFirstOrThrow();
  const [spaces, team, clients] = [counts.spaces, counts.team, counts.clients].map(Number);
  return [
    { label: "Total Spaces", value: spaces },
    ...(companyId === undefined
      ? [
          { label: "Team Members", value: team },
          { label: "Active Clients", value: clients },
        ]
      : [
          { label: "Agency Team", value: team },
          { label: "Active Employees", value: clients },
        ]),
  ];
}

/**
 * The agency's latest activity as far as the actor may know of it: what happened in a
 * space only for those who see that space; anything else for agency staff, and for a
 * client only what people of their own company did.
 */
async function recentActivity(actor: Actor, agencyId: string): Promise<DashboardActivity[]> {
  const companyId = actor.client?.companyId;
  const rows = await db
    .selectFrom("activity")
    .select(["activity.id", "activity.summary", "activity.created_at"])
    .where("activity.agency_id", "=", agencyId)
    // Issue 38: what happens on a space's team-only side is never a client's to know of.
    .$if(actor.type === "CLIENT", (query) => query.where("activity.action", "!=", SHARED_WITH_CLIENT))
    .$if(!canEdit(actor, "space"), (query) =>
      query.where((eb) => {
        const aboutSpace = eb("activity.subject_type", "is not distinct from", "space");
        const inVisibleSpace = eb.and([aboutSpace, eb("activity.subject_id", "in", visibleSpaceIds(actor))]);
        if (companyId === undefined) return eb.or([eb.not(aboutSpace), inVisibleSpace]);
        const byColleague = eb(
          "activity.actor_id",
          "in",
          eb
            .selectFrom("clients")
            .select("clients.user_id")
            .where("clients.agency_id", "=", agencyId)
            .where("clients.company_id", "=", companyId)
            .where("clients.user_id", "is not", null)
            .$narrowType<{ user_id: string }>(),
        );
        return eb.or([inVisibleSpace, eb.and([eb.not(aboutSpace), byColleague])]);
      }),
    )
    .orderBy("activity.created_at", "desc")
    .orderBy("activity.id", "desc")
    .limit(8)
    .execute();
  return rows.map((row) => ({ id: row.id, summary: row.summary, createdAt: row.created_at }));
}
