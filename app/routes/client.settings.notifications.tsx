import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { SettingsLoadError } from "~/components/settings/load-error";
import { NotificationsPage } from "~/components/settings/notifications-page";
import { pageMeta } from "~/shared";
import { notificationsAction, notificationsLoader } from "~/web/settings/notifications.server";

export const meta: MetaFunction = () =>
  pageMeta(
    "Notifications | Settings",
    "Choose which emails you get (new people, team activity, unread messages, news) and push notifications on this device.",
  );

export const loader = ({ request }: LoaderFunctionArgs) => notificationsLoader(request, "client");

export const action = ({ request }: ActionFunctionArgs) => notificationsAction(request, "client");

export default NotificationsPage;

export function ErrorBoundary() {
  return <SettingsLoadError tab="notifications" dashboardHref="/client/dashboard" />;
}
