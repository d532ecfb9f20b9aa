import { listInvitations } from "~/models/invitation-tables.server";
import { inviteOptions } from "~/models/inviting.server";
import { canInvite } from "~/models/policy.server";
import { appOrigin } from "~/models/site.server";
import { listTeamRoster } from "~/models/team-members.server";
import { INVITATION_PAGE_PARAM } from "~/shared/paging";
import { expectFound } from "./errors.server";
import { requireActor } from "./guards.server";
import { requestedPage } from "./request.server";

/**
 * What /team loads: the agency's team members and the invitations to its team, the pages
 * the address asks for, and who the agency may invite. The route imports this one `.server`
 * module: the browser build stands an empty module in for each, and each of the eight it
 * imported was a script the page preloaded.
 */
export async function loadTeamRoster(request: Request) {
  const actor = await requireActor(request, "agency");
  const [roster, invitations, options] = await Promise.all([
    // An administrator of no agency has no team: not found, rather than a failure.
    expectFound(listTeamRoster(actor, { page: requestedPage(request) })),
    listInvitations(actor, "team", appOrigin(), { page: requestedPage(request, INVITATION_PAGE_PARAM) }),
    canInvite(actor, "ACCOUNT_MANAGER") ? inviteOptions(actor, "team") : null,
  ]);
  return { roster, invitations, inviteOptions: options };
}
