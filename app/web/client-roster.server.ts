import { listClientRoster } from "~/models/clients.server";
import { listInvitations } from "~/models/invitation-tables.server";
import { inviteOptions } from "~/models/inviting.server";
import { INVITATION_PAGE_PARAM } from "~/shared/paging";
import { canInvite, type Area } from "~/models/policy.server";
import { expectFound } from "./errors.server";
import { requireActor } from "./guards.server";
import { requestedPage } from "./request.server";
import { appOrigin } from "~/models/site.server";

/**
 * What /clients, /teams/clients and /client/employees load, each guarded to its area: the
 * same page for every user type (SPEC §2.10), with the pages of clients and of invitations
 * the address asks for. The route imports this one `.server` module: the browser build
 * stands an empty module in for each, and each was a script the page preloaded.
 */
export async function loadClientRoster(request: Request, area: Area) {
  const actor = await requireActor(request, area);
  const mayInvite = canInvite(actor, "CLIENT");
  const [roster, invitations, options] = await Promise.all([
    // An administrator of no agency has no clients: not found, rather than a failure.
    expectFound(listClientRoster(actor, { page: requestedPage(request) })),
    listInvitations(actor, "client", appOrigin(), { page: requestedPage(request, INVITATION_PAGE_PARAM) }),
    mayInvite ? inviteOptions(actor, "client") : null,
  ]);
  return { roster, invitations, inviteOptions: options, clientView: actor.type === "CLIENT" };
}
