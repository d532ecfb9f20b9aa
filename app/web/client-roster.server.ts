import type { Actor } from "~/models/actors.server";
import { listClientRoster } from "~/models/clients.server";
import { inviteOptions, listInvitations } from "~/models/invitations.server";
import { canInvite } from "~/models/policy.server";
import { expectFound } from "./errors.server";
import { appOrigin } from "./request.server";

/** What /clients, /teams/clients and /client/employees load: the same page for every user type (SPEC §2.10). */
export async function loadClientRoster(actor: Actor) {
  const mayInvite = canInvite(actor, "CLIENT");
  const [roster, invitations, options] = await Promise.all([
    // An administrator of no agency has no clients: not found, rather than a failure.
    expectFound(listClientRoster(actor)),
    listInvitations(actor, "client", appOrigin()),
    mayInvite ? inviteOptions(actor, "client") : null,
  ]);
  return { roster, invitations, inviteOptions: options, clientView: actor.type === "CLIENT" };
}
