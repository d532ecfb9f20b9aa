import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { SettingsLoadError } from "~/components/settings/load-error";
import { ProfilePage } from "~/components/settings/profile-page";
import { pageMeta } from "~/shared";
import { profileAction, profileLoader } from "~/web/settings/profile.server";

export const meta: MetaFunction = () =>
  pageMeta("Profile | Settings", "Your team member profile: your name, mobile number and picture.");

export const loader = ({ request }: LoaderFunctionArgs) => profileLoader(request, "teams");

export const action = ({ request }: ActionFunctionArgs) => profileAction(request, "teams");

export default ProfilePage;

export function ErrorBoundary() {
  return <SettingsLoadError tab="profile" dashboardHref="/teams/dashboard" />;
}
