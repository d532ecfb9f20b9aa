import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { SettingsLoadError } from "~/components/settings/load-error";
import { SecurityPage } from "~/components/settings/security-page";
import { pageMeta } from "~/shared";
import { securityAction, securityLoader } from "~/web/settings/security.server";

export const meta: MetaFunction = () =>
  pageMeta("Security | Settings", "Change your password, see where you are signed in, and set up two-factor sign-in.");

export const loader = ({ request }: LoaderFunctionArgs) => securityLoader(request, "agency");

export const action = ({ request, context }: ActionFunctionArgs) => securityAction(request, "agency", context.clientIp);

export default SecurityPage;

export function ErrorBoundary() {
  return <SettingsLoadError tab="security" dashboardHref="/dashboard" />;
}
