import type { InvitationRole, UserType } from "#db/schema";
import type { Actor } from "./actors.server";

/* SPEC §6 in one place: who lands where and who may invite whom. */

export type Area = "agency" | "client" | "teams" | "admin";

export function homePath(type: UserType): string {
  if (type === "CLIENT") return "/client/dashboard";
  if (type === "TEAM_MEMBER") return "/teams/dashboard";
  return "/dashboard";
}

/** A client or team member whose record was removed has no place left in the workspace. */
export function hasMembership(actor: Pick<Actor, "type" | "client" | "teamMember">): boolean {
  if (actor.type === "CLIENT") return actor.client !== null;
  if (actor.type === "TEAM_MEMBER") return actor.teamMember !== null;
  return true;
}

/** Whether a user type may use a route group; each type is confined to its own (admins also to the agency group). */
/** The agency's own people (its owner and team members), who see each other's presence (issue 21). */
export function isAgencyStaff(actor: Pick<Actor, "type">): boolean {
  return actor.type === "AGENCY" || actor.type === "TEAM_MEMBER";
}

export function canEnterArea(actor: Pick<Actor, "type" | "isAdmin">, area: Area): boolean {
  switch (area) {
    case "client":
      return actor.type === "CLIENT";
    case "teams":
      return actor.type === "TEAM_MEMBER";
    case "admin":
      return actor.isAdmin;
    case "agency":
      return actor.type === "AGENCY" || actor.type === "ADMIN";
  }
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
