import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { AuditLogPage, SettingsLoadError } from "~/components/settings";
import { auditLogLoader } from "~/web/settings.server";
import { pageMeta } from "~/shared";

export const meta: MetaFunction = () =>
  pageMeta(
    "Audit log | Settings",
    "Who invited, joined, was removed, changed a space, signed in from a new device or exported a space.",
  );

export const loader = ({ request }: LoaderFunctionArgs) => auditLogLoader(request);

export default AuditLogPage;

export function ErrorBoundary() {
  return <SettingsLoadError tab="audit" dashboardHref="/dashboard" />;
}
