import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DashboardView, type QuickAction } from "~/components/dashboard/dashboard-view";
import { getDashboard } from "~/models/dashboard.server";
import { requireActor } from "~/web/guards.server";
import { pageMeta } from "~/shared";

export const meta: MetaFunction = () =>
  pageMeta("Dashboard", "Your spaces and your agency's recent activity at a glance.");

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireActor(request, "teams");
  return { firstName: actor.firstName, userType: actor.type, ...(await getDashboard(actor)) };
}

export default function TeamsDashboard() {
  const { permissions, ...dashboard } = useLoaderData<typeof loader>();
  const quickActions: QuickAction[] = [
    { label: "Open my spaces", description: "Talk with the clients of your spaces.", to: "/teams/spaces" },
    ...(permissions.inviteClients
      ? [{ label: "Invite clients", description: "Send a client contact their invitation link.", to: "/teams/clients" }]
      : []),
  ];
  return <DashboardView {...dashboard} quickActions={quickActions} />;
}
