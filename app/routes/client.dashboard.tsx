import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DashboardView, type QuickAction } from "~/components/dashboard/dashboard-view";
import { getDashboard } from "~/models/dashboard.server";
import { canInvite } from "~/models/policy.server";
import { requireActor } from "~/services/guards.server";

export const meta: MetaFunction = () => [{ title: "Dashboard | Agency Workspace" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireActor(request, "client");
  return { firstName: actor.firstName, canInviteEmployees: canInvite(actor, "CLIENT"), ...(await getDashboard(actor)) };
}

export default function ClientDashboard() {
  const { canInviteEmployees, ...dashboard } = useLoaderData<typeof loader>();
  const quickActions: QuickAction[] = [
    { label: "Open Team Chat", description: "Talk with your agency in your spaces.", to: "/client/chat" },
    ...(canInviteEmployees
      ? [{ label: "Invite employees", description: "Bring your colleagues into your spaces.", to: "/client/employees" }]
      : []),
  ];
  return <DashboardView {...dashboard} quickActions={quickActions} />;
}
