import type { Actor } from "~/models/actors.server";
import { homeArea, type Area } from "~/models/policy.server";
import { loadShellStatus } from "~/models/shell-status.server";
import { spacesWithUnread, type UnreadSpace } from "~/models/unread.server";
import { getSidebarCollapsed } from "~/web/sidebar.server";
import { imageUrl } from "~/shared/image-urls";
import { spacePath } from "~/shared/paths";
import { unreadLabel } from "~/shared/unread";
import { CLIENT_ROLE_LABELS, TEAM_ROLE_LABELS } from "~/shared/roles";
import type { ShellUser } from "~/shared/shell";
import { requireActor } from "./guards.server";

/** What every signed-in layout loads: the guarded actor, as the shell shows them, and the sidebar state. */
export async function loadShell(request: Request, area: Area) {
  return shellOf(request, await requireActor(request, area));
}

/**
 * For the pages every user type opens (/spaces and its pages, /search): the guarded
 * actor in the shell of their own area, with its sidebar.
 */
export async function loadOwnShell(request: Request) {
  const actor = await requireActor(request);
  return { ...(await shellOf(request, actor)), area: homeArea(actor) };
}

async function shellOf(request: Request, actor: Actor) {
  const [sidebarCollapsed, status] = await Promise.all([getSidebarCollapsed(request), loadShellStatus(actor)]);
  return {
    actor,
    user: toShellUser(actor, status.emailBouncing),
    sidebarCollapsed,
    notifications: status.unreadSpaces.map((space) => notificationOf(actor, space)),
  };
}

/** Behind the top bar's bell: the spaces with messages the user has not read (saying when some mention them), each linking to its chat. */
export async function unreadNotifications(actor: Actor) {
  return (await spacesWithUnread(actor)).map((space) => notificationOf(actor, space));
}

function notificationOf(actor: Actor, space: UnreadSpace): { id: string; text: string; href: string } {
  return {
    id: `unread:${space.id}`,
    text:
      `${unreadLabel(space.count)} unread ${space.count === 1 ? "message" : "messages"} in ${space.name}` +
      (space.mentions ? `, ${unreadLabel(space.mentions)} ${space.mentions === 1 ? "mentions" : "mention"} you` : ""),
    href: spacePath(actor.type, space.id),
  };
}

function toShellUser(actor: Actor, emailBouncing: boolean): ShellUser {
  return {
    id: actor.id,
    userType: actor.type,
    name: actor.name,
    email: actor.email,
    roleLabel: roleLabel(actor),
    companyName: actor.companyName || (actor.isAdmin ? "Administration" : ""),
    avatarUrl: imageUrl(actor.avatarKey),
    isAdmin: actor.isAdmin,
    emailBouncing,
  };
}

function roleLabel(actor: Actor): string {
  if (actor.client) return CLIENT_ROLE_LABELS[actor.client.role];
  if (actor.teamMember) return TEAM_ROLE_LABELS[actor.teamMember.role];
  return actor.isAdmin ? "Admin" : "Agency";
}
