import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DashboardView } from "~/components/dashboard/dashboard-view";
import { getDashboard } from "~/models/dashboard.server";
import { requireActor } from "~/services/guards.server";

export const meta: MetaFunction = () => [{ title: "Dashboard | Agency Workspace" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireActor(request, "agency");
  return { firstName: actor.firstName, ...(await getDashboard(actor)) };
}

export default function AgencyDashboard() {
  const dashboard = useLoaderData<typeof loader>();
  return (
    <DashboardView
      {...dashboard}
      quickActions={[
        { label: "Create a new space", description: "Open a branded space for a client company.", to: "/spaces" },
        { label: "Invite team members", description: "Bring your staff into the workspace.", to: "/team" },
        { label: "Invite clients", description: "Send a client contact their invitation link.", to: "/clients" },
      ]}
    />
  );
}
