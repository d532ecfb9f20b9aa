import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { SettingsLoadError } from "~/components/settings/load-error";
import { ProfilePage } from "~/components/settings/profile-page";
import { pageMeta } from "~/shared";
import { profileAction, profileLoader } from "~/web/settings/profile.server";

export const meta: MetaFunction = () =>
  pageMeta("Profile | Settings", "Your personal profile: your name, mobile number, extension and picture.");

export const loader = ({ request }: LoaderFunctionArgs) => profileLoader(request, "client");

export const action = ({ request }: ActionFunctionArgs) => profileAction(request, "client");

export default ProfilePage;

export function ErrorBoundary() {
  return <SettingsLoadError tab="profile" dashboardHref="/client/dashboard" />;
}
