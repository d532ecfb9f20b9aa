import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { SettingsLoadError, SecurityPage } from "~/components/settings";
import { securityAction, securityLoader } from "~/web/settings.server";
import { pageMeta } from "~/shared";

export const meta: MetaFunction = () =>
  pageMeta("Security | Settings", "Change your password, see where you are signed in, and set up two-factor sign-in.");

export const loader = ({ request }: LoaderFunctionArgs) => securityLoader(request, "teams");

export const action = ({ request, context }: ActionFunctionArgs) => securityAction(request, "teams", context.clientIp);

export default SecurityPage;

export function ErrorBoundary() {
  return <SettingsLoadError tab="security" dashboardHref="/teams/dashboard" />;
}
