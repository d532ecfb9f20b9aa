import { Link } from "@remix-run/react";
import { useRef } from "react";
import { BellIcon } from "~/components/ui";
import { useDetailsDismiss } from "./use-details-dismiss";
import { useLiveNotifications } from "./use-live-notifications";

export type ShellNotification = { id: string; text: string; href: string };

const NONE: ShellNotification[] = [];

/**
 * The top bar's bell: the spaces with unread messages (app/web/shell.server.ts), each
 * linking to its chat, kept live over the tab's socket. A `<details>` disclosure, so it
 * opens without JavaScript too.
 */
export function NotificationsMenu({
  notifications: initial = NONE,
  userId,
}: {
  notifications?: ShellNotification[];
  userId: string;
}) {
  const notifications = useLiveNotifications(initial, userId);
  const ref = useRef<HTMLDetailsElement>(null);
  useDetailsDismiss(ref);
  const count = notifications.length;
  return (
    <details ref={ref} className="group relative">
      <summary className="relative flex size-10 cursor-pointer list-none items-center justify-center rounded-lg text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-900 focus:outline-none focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600 group-open:bg-slate-100 group-open:text-slate-900 [&::-webkit-details-marker]:hidden">
        <BellIcon className="size-5" />
        <span className="sr-only">{count ? `Notifications (${count} new)` : "Notifications"}</span>
        {count ? (
          <span
            className="absolute right-2.5 top-2.5 size-2 rounded-full bg-red-500 ring-2 ring-white"
            aria-hidden="true"
          />
        ) : null}
      </summary>
      <div className="absolute right-0 top-full z-50 mt-2 w-80 max-w-[calc(100vw-1.5rem)] rounded-xl border border-slate-200 bg-white shadow-lg shadow-slate-900/10">
        <div className="border-b border-slate-100 px-4 py-3">
          <h2 className="text-sm font-semibold text-slate-900">Notifications</h2>
        </div>
        {count ? (
          <ul className="max-h-80 divide-y divide-slate-100 overflow-y-auto py-1">
            {notifications.map((notification) => (
              <li key={notification.id}>
                <Link
                  to={notification.href}
                  className="block px-4 py-3 text-sm text-slate-700 hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none"
                >
                  {notification.text}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <div className="flex flex-col items-center px-6 py-8 text-center">
            <span className="flex size-10 items-center justify-center rounded-full bg-slate-100 text-slate-400">
              <BellIcon className="size-5" />
            </span>
            <p className="mt-3 text-sm font-medium text-slate-900">No new notifications</p>
            <p className="mt-1 text-sm text-slate-500">
              You&apos;re all caught up. New messages and invitations will show up here.
            </p>
          </div>
        )}
      </div>
    </details>
  );
}
