import { Link } from "@remix-run/react";
import { formatDistanceToNowStrict } from "date-fns";
import { DueDate, SignOffBadge } from "~/components/spaces";
import { useClock } from "~/components/ui";
import {
  spacePath,
  spaceSignOffsPath,
  type UserType,
  currentFileName,
  type SignOffCard,
  formatDateTime,
} from "~/shared";

export type QuickAction = { label: string; description: string; to: string };

type WaitingSignOff = SignOffCard & { spaceName: string };

/** The dashboard of every area: welcome, three figures, the sign-offs waiting, recent activity and quick actions. */
export function DashboardView({
  firstName,
  userType,
  stats,
  signOffs,
  activity,
  quickActions,
}: {
  firstName: string;
  userType: UserType;
  stats: { label: string; value: number }[];
  signOffs: WaitingSignOff[];
  activity: { id: string; summary: string; createdAt: string | Date }[];
  quickActions: QuickAction[];
}) {
  const clock = useClock();
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Welcome back, {firstName}</h1>
        <p className="mt-1 text-sm text-slate-600">Here&apos;s what is happening in your workspace.</p>
      </div>
      <dl className="grid gap-4 sm:grid-cols-3">
        {stats.map((stat) => (
          <div key={stat.label} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <dt className="text-sm font-medium text-slate-600">{stat.label}</dt>
            <dd className="mt-2 text-3xl font-semibold text-slate-900">{stat.value}</dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <SignOffsWaiting signOffs={signOffs} userType={userType} />
          <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2 className="text-base font-semibold text-slate-900">Recent Activity</h2>
            {activity.length ? (
              <ul className="mt-4 divide-y divide-slate-100">
                {activity.map((item) => (
                  <li key={item.id} className="flex items-start justify-between gap-4 py-3 text-sm">
                    <span className="text-slate-700">{item.summary}</span>
                    {/* "5 minutes ago" reads the same in every zone; the exact time, in the reader's, on hover. */}
                    <time
                      dateTime={new Date(item.createdAt).toISOString()}
                      title={formatDateTime(item.createdAt, clock)}
                      className="shrink-0 text-slate-500"
                    >
                      {formatDistanceToNowStrict(new Date(item.createdAt), { addSuffix: true })}
                    </time>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-4 text-sm text-slate-500">
                Nothing has happened yet. Activity shows up here as you work.
              </p>
            )}
          </section>
        </div>
        <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 className="text-base font-semibold text-slate-900">Quick Actions</h2>
          <ul className="mt-4 space-y-2">
            {quickActions.map((action) => (
              <li key={action.to}>
                <Link
                  to={action.to}
                  className="block rounded-lg border border-slate-200 px-4 py-3 hover:border-indigo-300 hover:bg-indigo-50"
                >
                  <span className="block text-sm font-medium text-slate-900">{action.label}</span>
                  <span className="block text-xs text-slate-600">{action.description}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}

/**
 * What waits for the reader (issue 39): for a client, the files they are asked to approve;
 * for the agency's staff, the requests of their spaces still waiting for the client or for
 * a new version. Each leads to its card in the chat, where it is answered.
 */
function SignOffsWaiting({ signOffs, userType }: { signOffs: WaitingSignOff[]; userType: UserType }) {
  const client = userType === "CLIENT";
  return (
    <section aria-labelledby="waiting-sign-offs" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="waiting-sign-offs" className="text-base font-semibold text-slate-900">
        Sign-offs
      </h2>
      {signOffs.length ? (
        <ul className="mt-4 divide-y divide-slate-100">
          {signOffs.map((card) => (
            <li
              key={card.id}
              className="flex flex-col gap-1 py-3 text-sm sm:flex-row sm:items-start sm:justify-between sm:gap-4"
            >
              <div className="min-w-0">
                <Link
                  to={`${spacePath(userType, card.spaceId)}#message-${card.messageId}`}
                  className="break-words font-medium text-slate-900 hover:text-indigo-700 hover:underline"
                >
                  {currentFileName(card)}
                  <span className="sr-only">, in the chat</span>
                </Link>
                <p className="text-slate-600">
                  <Link to={spaceSignOffsPath(userType, card.spaceId)} className="hover:underline">
                    <span className="sr-only">Sign-offs of </span>
                    {card.spaceName}
                  </Link>
                  {card.dueOn ? (
                    <>
                      <span aria-hidden="true"> · </span>
                      <DueDate dueOn={card.dueOn} />
                    </>
                  ) : null}
                </p>
              </div>
              <SignOffBadge card={card} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-slate-500">
          {client ? "Nothing waits for your sign-off." : "No sign-offs waiting."}
        </p>
      )}
    </section>
  );
}
