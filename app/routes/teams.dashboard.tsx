import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DashboardView, type QuickAction } from "~/components/dashboard/dashboard-view";
import { getDashboard } from "~/models/dashboard.server";
import { canInvite } from "~/models/policy.server";
import { requireActor } from "~/services/guards.server";

export const meta: MetaFunction = () => [{ title: "Dashboard | Agency Workspace" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireActor(request, "teams");
  return { firstName: actor.firstName, canInviteClients: canInvite(actor, "CLIENT"), ...(await getDashboard(actor)) };
}

export default function TeamsDashboard() {
  const { canInviteClients, ...dashboard } = useLoaderData<typeof loader>();
  const quickActions: QuickAction[] = [
    { label: "Open my spaces", description: "Talk with the clients of your spaces.", to: "/teams/spaces" },
    ...(canInviteClients
      ? [{ label: "Invite clients", description: "Send a client contact their invitation link.", to: "/teams/clients" }]
      : []),
  ];
  return <DashboardView {...dashboard} quickActions={quickActions} />;
}
