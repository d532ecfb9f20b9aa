import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { SettingsLoadError, NotificationsPage } from "~/components/settings";
import { notificationsAction, notificationsLoader } from "~/web/settings.server";
import { pageMeta } from "~/shared";

export const meta: MetaFunction = () =>
  pageMeta(
    "Notifications | Settings",
    "Choose which emails you get (new people, team activity, unread messages, news) and push notifications on this device.",
  );

export const loader = ({ request }: LoaderFunctionArgs) => notificationsLoader(request, "agency");

export const action = ({ request }: ActionFunctionArgs) => notificationsAction(request, "agency");

export default NotificationsPage;

export function ErrorBoundary() {
  return <SettingsLoadError tab="notifications" dashboardHref="/dashboard" />;
}
