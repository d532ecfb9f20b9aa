import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AppShell } from "~/components/layout/app-shell";
import { loadOwnShell } from "~/web/shell.server";

/* The invite form as a page serves everyone who may invite (SPEC §6), each in the shell of their own area. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, sidebarCollapsed, area } = await loadOwnShell(request);
  return { user, sidebarCollapsed, area };
}

export default function InvitationsLayout() {
  const { user, sidebarCollapsed, area } = useLoaderData<typeof loader>();
  return (
    <AppShell area={area} user={user} sidebarCollapsed={sidebarCollapsed}>
      <Outlet />
    </AppShell>
  );
}
