import type { InvitationRole, UserType } from "#db/schema";
import type { Actor } from "./actors.server";

/* SPEC §6 in one place: who lands where and who may invite whom. */

export type Area = "agency" | "client" | "teams" | "admin";

/** The area a user belongs to: its pages, its sidebar, its dashboard (administrators belong to the agency's). */
export function homeArea(actor: Pick<Actor, "type">): Exclude<Area, "admin"> {
  if (actor.type === "CLIENT") return "client";
  if (actor.type === "TEAM_MEMBER") return "teams";
  return "agency";
}

const DASHBOARDS: Record<Exclude<Area, "admin">, string> = {
  agency: "/dashboard",
  client: "/client/dashboard",
  teams: "/teams/dashboard",
};

export function homePath(type: UserType): string {
  return DASHBOARDS[homeArea({ type })];
}

/** A client or team member whose record was removed has no place left in the workspace. */
export function hasMembership(actor: Pick<Actor, "type" | "client" | "teamMember">): boolean {
  if (actor.type === "CLIENT") return actor.client !== null;
  if (actor.type === "TEAM_MEMBER") return actor.teamMember !== null;
  return true;
}

/** The agency's own people (its owner and team members), who see each other's presence (issue 21). */
export function isAgencyStaff(actor: Pick<Actor, "type">): boolean {
  return actor.type === "AGENCY" || actor.type === "TEAM_MEMBER";
}

/** Whether a user may use a route group: each is confined to their own area, and administrators also use the admin area. */
export function canEnterArea(actor: Pick<Actor, "type" | "isAdmin">, area: Area): boolean {
  return area === "admin" ? actor.isAdmin : homeArea(actor) === area;
}

/**
 * SPEC §6 Inviting: admins and agencies invite any role; an ACCOUNT_MANAGER team
 * member and an OWNER client invite clients only; nobody else invites.
 */
export function canInvite(actor: Actor, role: InvitationRole): boolean {
  if (actor.isAdmin || actor.type === "AGENCY") return true;
  if (role !== "CLIENT") return false;
  if (actor.type === "TEAM_MEMBER") return actor.teamMember?.role === "ACCOUNT_MANAGER";
  if (actor.type === "CLIENT") return actor.client?.role === "OWNER";
  return false;
}

/**
 * SPEC §6 canEdit: agencies (and admins, within their agency) create, edit and delete
 * spaces and manage the team; team members and clients never do.
 */
export function canEdit(actor: Pick<Actor, "type" | "isAdmin">, _area: "space" | "team"): boolean {
  return actor.isAdmin || actor.type === "AGENCY";
}

/**
 * Issue 17: the agency owner exports any space of the agency; a client owner exports the
 * spaces they own (`client_owner_id`), when their agency lets client owners do so. Whether
 * the actor sees the space at all is space-access.server.ts's question, asked first.
 */
export function canExportSpace(
  actor: Pick<Actor, "type" | "agencyId" | "client">,
  space: { agency_id: string; client_owner_id: string | null },
  clientOwnersMayExport: boolean,
): boolean {
  if (actor.agencyId !== space.agency_id) return false;
  if (actor.type === "AGENCY") return true;
  return (
    clientOwnersMayExport &&
    actor.type === "CLIENT" &&
    actor.client?.role === "OWNER" &&
    space.client_owner_id === actor.client.id
  );
}
