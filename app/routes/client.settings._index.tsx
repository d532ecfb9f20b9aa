import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { SettingsLoadError, ProfilePage } from "~/components/settings";
import { profileAction, profileLoader } from "~/web/settings.server";
import { pageMeta } from "~/shared";

export const meta: MetaFunction = () =>
  pageMeta("Profile | Settings", "Your personal profile: your name, mobile number, extension and picture.");

export const loader = ({ request }: LoaderFunctionArgs) => profileLoader(request, "client");

export const action = ({ request }: ActionFunctionArgs) => profileAction(request, "client");

export default ProfilePage;

export function ErrorBoundary() {
  return <SettingsLoadError tab="profile" dashboardHref="/client/dashboard" />;
}
