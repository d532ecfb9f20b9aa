import { db } from "~/services/db.server";
import type { ClientRoster } from "~/shared/people";
import type { Actor } from "./actors.server";
import { notFound } from "./errors.server";
import { CLIENT_NOT_FOUND, agencySpaces, personCardPage } from "./people.server";
import { canEdit, canInvite } from "./policy.server";
import { NO_ID, visibleSpaceIds } from "./space-access.server";

/*
 * Who sees which of the agency's clients (SPEC §2.10, §2.3, §2.4, §6): the agency manages
 * them; a team member sees the clients of their spaces; a client sees the other clients
 * of their company (the same company row, decision 009), labelled Employees. A client's
 * card, edit and removal are every person's (people.server.ts).
 */

/**
 * The clients an actor may learn of (SPEC §6), as a subquery for `where("clients.id", "in", …)`:
 * the agency owner all of the agency's; a team member those of their spaces; a client
 * those of their own company (by id, decision 009) and of their spaces. Rosters and
 * search both ask here.
 */
export function visibleClientIds(actor: Actor) {
  const agencyId = actor.agencyId ?? NO_ID;
  const inAgency = db.selectFrom("clients").select("clients.id").where("clients.agency_id", "=", agencyId);
  if (actor.type !== "TEAM_MEMBER" && actor.type !== "CLIENT") return inAgency;
  const ofVisibleSpaces = db
    .selectFrom("space_clients")
    .select("space_clients.client_id")
    .where("space_clients.space_id", "in", visibleSpaceIds(actor));
  if (actor.type === "TEAM_MEMBER") return inAgency.where("clients.id", "in", ofVisibleSpaces);
  return inAgency.where((eb) =>
    eb.or([eb("clients.company_id", "=", actor.client?.companyId ?? NO_ID), eb("clients.id", "in", ofVisibleSpaces)]),
  );
}

/** Whom a roster lists: those the actor may learn of; for a client, their company's other people (Employees). */
function rosterClientIds(actor: Actor) {
  if (actor.type !== "CLIENT") return visibleClientIds(actor);
  return visibleClientIds(actor)
    .where("clients.company_id", "=", actor.client?.companyId ?? NO_ID)
    .where("clients.id", "!=", actor.client?.id ?? NO_ID);
}

/** /clients, /teams/clients and /client/employees: whom each user type sees (SPEC §6), a page at a time. */
export async function listClientRoster(actor: Actor, { page = 1 }: { page?: number } = {}): Promise<ClientRoster> {
  if (!actor.agencyId) throw notFound(CLIENT_NOT_FOUND);
  const editable = canEdit(actor, "space");
  const [clients, spaces] = await Promise.all([
    // Nobody learns of spaces they cannot see.
    personCardPage("client", actor.agencyId, { page, which: rosterClientIds(actor), visibleTo: actor, viewer: actor }),
    editable ? agencySpaces(actor.agencyId) : [],
  ]);
  return { clients, spaces, canEdit: editable, canInvite: canInvite(actor, "CLIENT") };
}
