import { inviteOptions } from "~/models/inviting.server";
import { canInvite } from "~/models/policy.server";
import { canManageSpaces, listClientOwners, listVisibleSpaces } from "~/models/spaces.server";
import { requireActor } from "./guards.server";
import { requestedPage } from "./request.server";

/**
 * /spaces: a page of the spaces the person may see with their unread counts, and for
 * those who manage spaces the client owners a new space may belong to. In a module of
 * its own so that the route imports one `.server` module: the browser build stands an
 * empty module in for each, and each one that a different set of routes shared was a
 * chunk the page preloaded (docs/performance.md, "fewer chunks").
 */
export async function loadSpacesList(request: Request) {
  const actor = await requireActor(request);
  const editable = canManageSpaces(actor);
  const [spaces, owners] = await Promise.all([
    listVisibleSpaces(actor, { page: requestedPage(request) }),
    editable ? listClientOwners(actor) : null,
  ]);
  // A new agency's first space waits for a client owner: the empty page offers to invite one.
  const invite = owners?.length === 0 && canInvite(actor, "CLIENT") ? await inviteOptions(actor, "client") : null;
  return { userType: actor.type, editable, spaces, owners, invite };
}
