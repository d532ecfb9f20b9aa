import { canReadAudit, listAudit, readAuditFilters } from "~/models/audit.server";
import { expectFound } from "./errors.server";
import { requireActor } from "./guards.server";

/*
 * What the settings routes' loaders and actions call, as they import it: each route that
 * imports a `.server` module gets an empty stand-in for it in the browser build, one per
 * spelling, and a stand-in the settings routes shared three by three was a script of its
 * own on every tab (docs/performance.md, "fewer chunks").
 */
export * from "./settings/notifications.server";
export * from "./settings/profile.server";
export * from "./settings/security.server";

/** The agency's settings tabs: whether the Audit log is one of them is the audit log's model's rule. */
export async function agencySettingsTabsLoader(request: Request) {
  const actor = await requireActor(request, "agency");
  return { auditLog: canReadAudit(actor) };
}

/** /settings/audit: the agency owner's audit log (issue 17); anyone else finds nothing there. */
export async function auditLogLoader(request: Request) {
  const actor = await requireActor(request, "agency");
  return expectFound(listAudit(actor, readAuditFilters(new URL(request.url).searchParams)));
}
