import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { AuditLogPage } from "~/components/settings/audit-log";
import { SettingsLoadError } from "~/components/settings/load-error";
import { listAudit, readAuditFilters } from "~/models/audit.server";
import { expectFound } from "~/web/errors.server";
import { requireActor } from "~/web/guards.server";
import { pageMeta } from "~/shared";

/* /settings/audit: the agency owner's audit log (issue 17); anyone else finds nothing here. */

export const meta: MetaFunction = () =>
  pageMeta(
    "Audit log | Settings",
    "Who invited, joined, was removed, changed a space, signed in from a new device or exported a space.",
  );

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireActor(request, "agency");
  return expectFound(listAudit(actor, readAuditFilters(new URL(request.url).searchParams)));
}

export default AuditLogPage;

export function ErrorBoundary() {
  return <SettingsLoadError tab="audit" dashboardHref="/dashboard" />;
}
