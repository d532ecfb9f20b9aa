import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AppShell } from "~/components/layout/app-shell";
import { loadShell } from "~/web/shell.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, sidebarCollapsed } = await loadShell(request, "agency");
  return { user, sidebarCollapsed };
}

export default function AgencyLayout() {
  const { user, sidebarCollapsed } = useLoaderData<typeof loader>();
  return (
    <AppShell area="agency" user={user} sidebarCollapsed={sidebarCollapsed}>
      <Outlet />
    </AppShell>
  );
}
