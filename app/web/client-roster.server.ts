import type { Actor } from "~/models/actors.server";
import { listClientRoster } from "~/models/clients.server";
import { listInvitations } from "~/models/invitation-tables.server";
import { inviteOptions } from "~/models/inviting.server";
import { INVITATION_PAGE_PARAM } from "~/shared/paging";
import { canInvite } from "~/models/policy.server";
import { expectFound } from "./errors.server";
import { requestedPage } from "./request.server";
import { appOrigin } from "~/models/site.server";

/**
 * What /clients, /teams/clients and /client/employees load: the same page for every
 * user type (SPEC §2.10), with the pages of clients and of invitations the address asks for.
 */
export async function loadClientRoster(actor: Actor, request: Request) {
  const mayInvite = canInvite(actor, "CLIENT");
  const [roster, invitations, options] = await Promise.all([
    // An administrator of no agency has no clients: not found, rather than a failure.
    expectFound(listClientRoster(actor, { page: requestedPage(request) })),
    listInvitations(actor, "client", appOrigin(), { page: requestedPage(request, INVITATION_PAGE_PARAM) }),
    mayInvite ? inviteOptions(actor, "client") : null,
  ]);
  return { roster, invitations, inviteOptions: options, clientView: actor.type === "CLIENT" };
}
