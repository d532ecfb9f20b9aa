import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DashboardView, type QuickAction } from "~/components/dashboard/dashboard-view";
import { getDashboard } from "~/models/dashboard.server";
import { requireActor } from "~/web/guards.server";
import { pageMeta } from "~/shared";

export const meta: MetaFunction = () =>
  pageMeta("Dashboard", "Your spaces, team and clients at a glance, with recent activity.");

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireActor(request, "agency");
  return { firstName: actor.firstName, userType: actor.type, ...(await getDashboard(actor)) };
}

export default function AgencyDashboard() {
  const { permissions, ...dashboard } = useLoaderData<typeof loader>();
  const quickActions: QuickAction[] = [
    ...(permissions.createSpaces
      ? [{ label: "Create a new space", description: "Open a branded space for a client company.", to: "/spaces/new" }]
      : []),
    ...(permissions.inviteTeam
      ? [{ label: "Invite team members", description: "Bring your staff into the workspace.", to: "/team" }]
      : []),
    ...(permissions.inviteClients
      ? [{ label: "Invite clients", description: "Send a client contact their invitation link.", to: "/clients" }]
      : []),
  ];
  return <DashboardView {...dashboard} quickActions={quickActions} />;
}
