import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DashboardView, type QuickAction } from "~/components/dashboard/dashboard-view";
import { getDashboard } from "~/models/dashboard.server";
import { requireActor } from "~/web/guards.server";
import { pageMeta } from "~/shared";

export const meta: MetaFunction = () =>
  pageMeta("Dashboard", "Your spaces with your agency and your colleagues at a glance.");

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireActor(request, "client");
  return { firstName: actor.firstName, userType: actor.type, ...(await getDashboard(actor)) };
}

export default function ClientDashboard() {
  const { permissions, ...dashboard } = useLoaderData<typeof loader>();
  const quickActions: QuickAction[] = [
    { label: "Open Team Chat", description: "Talk with your agency in your spaces.", to: "/client/chat" },
    ...(permissions.inviteClients
      ? [{ label: "Invite employees", description: "Bring your colleagues into your spaces.", to: "/client/employees" }]
      : []),
  ];
  return <DashboardView {...dashboard} quickActions={quickActions} />;
}
