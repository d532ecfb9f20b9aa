import { db } from "~/services/db.server";
import type { Actor } from "./actors.server";
import { hasMembership } from "./policy.server";

export type DashboardStat = { label: string; value: number };
export type DashboardActivity = { id: string; summary: string; createdAt: Date };
export type Dashboard = { stats: DashboardStat[]; activity: DashboardActivity[] };

const counted = (row: { count: string | number | bigint }) => Number(row.count);

/** The figures and recent activity of the actor's dashboard, scoped to what they may see. */
export async function getDashboard(actor: Actor): Promise<Dashboard> {
  const agencyId = actor.agencyId;
  if (!agencyId || !hasMembership(actor)) return { stats: [], activity: [] };
  return actor.client ? clientDashboard(agencyId, actor.client) : staffDashboard(agencyId, actor.teamMember?.id);
}

async function staffDashboard(agencyId: string, teamMemberId: string | undefined): Promise<Dashboard> {
  const spaces = teamMemberId
    ? db
        .selectFrom("team_member_spaces")
        .select((eb) => eb.fn.countAll().as("count"))
        .where("team_member_id", "=", teamMemberId)
    : db
        .selectFrom("spaces")
        .select((eb) => eb.fn.countAll().as("count"))
        .where("agency_id", "=", agencyId);
  const [spaceCount, teamCount, clientCount, activity] = await Promise.all([
    spaces.executeTakeFirstOrThrow().then(counted),
    db
      .selectFrom("team_members")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("agency_id", "=", agencyId)
      .executeTakeFirstOrThrow()
      .then(counted),
    db
      .selectFrom("clients")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("agency_id", "=", agencyId)
      .where("user_id", "is not", null)
      .executeTakeFirstOrThrow()
      .then(counted),
    recentActivity(agencyId),
  ]);
  return {
    stats: [
      { label: "Total Spaces", value: spaceCount },
      { label: "Team Members", value: teamCount },
      { label: "Active Clients", value: clientCount },
    ],
    activity,
  };
}

async function clientDashboard(agencyId: string, client: { id: string; company: string }): Promise<Dashboard> {
  const ownSpaces = db.selectFrom("space_clients").select("space_id").where("client_id", "=", client.id);
  const [spaceCount, teamCount, employeeCount, activity] = await Promise.all([
    db
      .selectFrom("space_clients")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("client_id", "=", client.id)
      .executeTakeFirstOrThrow()
      .then(counted),
    db
      .selectFrom("team_member_spaces")
      .select((eb) => eb.fn.count("team_member_id").distinct().as("count"))
      .where("space_id", "in", ownSpaces)
      .executeTakeFirstOrThrow()
      .then(counted),
    db
      .selectFrom("clients")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("agency_id", "=", agencyId)
      .where("company", "=", client.company)
      .where("user_id", "is not", null)
      .executeTakeFirstOrThrow()
      .then(counted),
    recentActivity(agencyId, client.company),
  ]);
  return {
    stats: [
      { label: "Total Spaces", value: spaceCount },
      { label: "Agency Team", value: teamCount },
      { label: "Active Employees", value: employeeCount },
    ],
    activity,
  };
}

/** The agency's activity; for a client, only what people of their own company did. */
async function recentActivity(agencyId: string, clientCompany?: string): Promise<DashboardActivity[]> {
  let query = db
    .selectFrom("activity")
    .select(["activity.id", "activity.summary", "activity.created_at"])
    .where("activity.agency_id", "=", agencyId)
    .orderBy("activity.created_at", "desc")
    .limit(8);
  if (clientCompany !== undefined) {
    query = query
      .innerJoin("clients", (join) =>
        join.onRef("clients.user_id", "=", "activity.actor_id").on("clients.agency_id", "=", agencyId),
      )
      .where("clients.company", "=", clientCompany);
  }
  const rows = await query.execute();
  return rows.map((row) => ({ id: row.id, summary: row.summary, createdAt: row.created_at }));
}
