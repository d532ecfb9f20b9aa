import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { SettingsLoadError, ProfilePage } from "~/components/settings";
import { profileAction, profileLoader } from "~/web/settings.server";
import { pageMeta } from "~/shared";

export const meta: MetaFunction = () =>
  pageMeta(
    "Profile | Settings",
    "Your agency profile: the agency's name, your name, mobile number, website, logo and picture.",
  );

export const loader = ({ request }: LoaderFunctionArgs) => profileLoader(request, "agency");

export const action = ({ request }: ActionFunctionArgs) => profileAction(request, "agency");

export default ProfilePage;

export function ErrorBoundary() {
  return <SettingsLoadError tab="profile" dashboardHref="/dashboard" />;
}
