import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AppShell } from "~/components/layout/app-shell";
import { loadShell } from "~/web/shell.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, sidebarCollapsed, notifications } = await loadShell(request, "agency");
  return { user, sidebarCollapsed, notifications };
}

export default function AgencyLayout() {
  const { user, sidebarCollapsed, notifications } = useLoaderData<typeof loader>();
  return (
    <AppShell area="agency" user={user} sidebarCollapsed={sidebarCollapsed} notifications={notifications}>
      <Outlet />
    </AppShell>
  );
}
