import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AppShell } from "~/components/layout/app-shell";
import { loadOwnShell } from "~/web/shell.server";

/*
 * /spaces and its pages serve every user type (SPEC §2.7, §2.8): the agency manages its
 * spaces, team members and clients see those they take part in. Each sees the shell of
 * their own area; what they may do on each page is the models' decision.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, sidebarCollapsed, notifications, area } = await loadOwnShell(request);
  return { user, sidebarCollapsed, notifications, area };
}

export default function SpacesLayout() {
  const { user, sidebarCollapsed, notifications, area } = useLoaderData<typeof loader>();
  return (
    <AppShell area={area} user={user} sidebarCollapsed={sidebarCollapsed} notifications={notifications}>
      <Outlet />
    </AppShell>
  );
}
