import type { Actor } from "~/models/actors.server";
import type { Area } from "~/models/policy.server";
import { getSidebarCollapsed } from "~/utils/sidebar.server";
import { CLIENT_ROLE_LABELS, TEAM_ROLE_LABELS } from "~/utils/roles";
import type { ShellUser } from "~/utils/shell";
import { requireActor } from "./guards.server";

/** What every signed-in layout loads: the guarded actor, as the shell shows them, and the sidebar state. */
export async function loadShell(request: Request, area: Area) {
  const actor = await requireActor(request, area);
  return { actor, user: toShellUser(actor), sidebarCollapsed: await getSidebarCollapsed(request) };
}

function toShellUser(actor: Actor): ShellUser {
  return {
    userType: actor.type,
    name: actor.name,
    email: actor.email,
    roleLabel: roleLabel(actor),
    companyName: actor.companyName || (actor.isAdmin ? "Administration" : ""),
    // Avatars are shown once profile pictures can be uploaded (settings).
    avatarUrl: null,
    isAdmin: actor.isAdmin,
  };
}

function roleLabel(actor: Actor): string {
  if (actor.client) return CLIENT_ROLE_LABELS[actor.client.role];
  if (actor.teamMember) return TEAM_ROLE_LABELS[actor.teamMember.role];
  return actor.isAdmin ? "Admin" : "Agency";
}
