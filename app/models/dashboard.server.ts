import { jsonArrayFrom } from "kysely/helpers/postgres";
import type { UserType } from "#db/schema";
import { compiledQueryPer } from "~/services/compiled-queries.server";
import { db } from "~/services/db.server";
import type { Actor } from "./actors.server";
import { canEdit, canInvite, hasMembership } from "./policy.server";
import { SHARED_WITH_CLIENT } from "~/shared/audit-kinds";
import type { SignOffCard } from "~/shared/sign-offs";
import { signOffsWaitingRows, waitingCardsOf } from "./sign-off-cards.server";
import { NO_ID, spaceIdsVisibleTo, whoOf, type Who } from "./space-access.server";
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
 * spaces and the employees of their own company. One statement, compiled once per kind
 * of reader (issue 41).
 */
export async function getDashboard(actor: Actor): Promise<Dashboard> {
  const permissions: DashboardPermissions = {
    createSpaces: canManageSpaces(actor),
    inviteTeam: canInvite(actor, "ACCOUNT_MANAGER"),
    inviteClients: canInvite(actor, "CLIENT"),
  };
  if (!actor.agencyId || !hasMembership(actor)) return { stats: [], activity: [], signOffs: [], permissions };
  const [row] = await dashboardRows(
    { type: actor.type, seesAllActivity: canEdit(actor, "space") },
    { ...whoOf(actor), userId: actor.id, companyId: actor.client?.companyId ?? NO_ID },
  );
  const [spaces, team, clients] = [row.spaces, row.team, row.clients].map(Number);
  return {
    stats: [
      { label: "Total Spaces", value: spaces },
      ...(actor.type === "CLIENT"
        ? [
            { label: "Agency Team", value: team },
            { label: "Active Employees", value: clients },
          ]
        : [
            { label: "Team Members", value: team },
            { label: "Active Clients", value: clients },
          ]),
    ],
    activity: row.activity.map((entry) => ({
      id: entry.id,
      summary: entry.summary,
      createdAt: new Date(entry.created_at),
    })),
    signOffs: await waitingCardsOf(row.sign_offs),
    permissions,
  };
}

type DashboardShape = { type: UserType; seesAllActivity: boolean };
type DashboardReader = Who & { userId: string; companyId: string };

const dashboardRows = compiledQueryPer((shape: DashboardShape, reader: DashboardReader) =>
  db.selectNoFrom((eb) => [
    eb
      .selectFrom("spaces")
      .select(eb.fn.countAll().as("count"))
      .where("id", "in", spaceIdsVisibleTo(shape.type, reader))
      .as("spaces"),
    teamCount(shape.type, reader).as("team"),
    // Active: the client has signed up, not only been invited.
    eb
      .selectFrom("clients")
      .select(eb.fn.countAll().as("count"))
      .where("agency_id", "=", reader.agencyId)
      .$if(shape.type === "CLIENT", (query) => query.where("company_id", "=", reader.companyId))
      .where("user_id", "is not", null)
      .as("clients"),
    jsonArrayFrom(recentActivity(shape, reader)).as("activity"),
    jsonArrayFrom(signOffsWaitingRows(shape.type, reader, WAITING_SIGN_OFFS)).as("sign_offs"),
  ]),
);

/** Agency staff count the agency's team; a client, the team members of their spaces. */
function teamCount(type: UserType, reader: DashboardReader) {
  return type === "CLIENT"
    ? db
        .selectFrom("team_member_spaces")
        .select((eb) => eb.fn.count("team_member_id").distinct().as("count"))
        .where("space_id", "in", spaceIdsVisibleTo(type, reader))
    : db
        .selectFrom("team_members")
        .select((eb) => eb.fn.countAll().as("count"))
        .where("agency_id", "=", reader.agencyId);
}

/**
 * The agency's latest activity as far as the reader may know of it: what happened in a
 * space only for those who see that space; anything else for agency staff, and for a
 * client only what people of their own company did.
 */
function recentActivity({ type, seesAllActivity }: DashboardShape, reader: DashboardReader) {
  return (
    db
      .selectFrom("activity")
      .select(["activity.id", "activity.summary", "activity.created_at"])
      .where("activity.agency_id", "=", reader.agencyId)
      // Issue 38: what happens on a space's team-only side is never a client's to know of.
      .$if(type === "CLIENT", (query) => query.where("activity.action", "!=", SHARED_WITH_CLIENT))
      .$if(!seesAllActivity, (query) =>
        query.where((eb) => {
          const aboutSpace = eb("activity.subject_type", "is not distinct from", "space");
          const inVisibleSpace = eb.and([aboutSpace, eb("activity.subject_id", "in", spaceIdsVisibleTo(type, reader))]);
          if (type !== "CLIENT") return eb.or([eb.not(aboutSpace), inVisibleSpace]);
          const byColleague = eb(
            "activity.actor_id",
            "in",
            eb
              .selectFrom("clients")
              .select("clients.user_id")
              .where("clients.agency_id", "=", reader.agencyId)
              .where("clients.company_id", "=", reader.companyId)
              .where("clients.user_id", "is not", null)
              .$narrowType<{ user_id: string }>(),
          );
          return eb.or([inVisibleSpace, eb.and([eb.not(aboutSpace), byColleague])]);
        }),
      )
      .orderBy("activity.created_at", "desc")
      .orderBy("activity.id", "desc")
      .limit(8)
  );
}
