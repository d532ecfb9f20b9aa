import { NavLink, Outlet, useLocation, useNavigation } from "@remix-run/react";
import { clsx } from "~/components/ui";
import { profileHref, type ShellArea } from "~/shared";

const tabClass = (selected: boolean) =>
  clsx(
    "-mb-px whitespace-nowrap border-b-2 px-1 pb-3 text-sm font-medium transition-colors focus:outline-none",
    "focus-visible:rounded-sm focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600",
    selected
      ? "border-indigo-600 text-indigo-700"
      : "border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-800",
  );

/**
 * SPEC §2.12: the Settings heading, the per-type subtitle, and the tabs Profile,
 * Notifications and Security, and for the agency owner the Audit log (issue 17). Each tab is its own page (/settings, /settings/notifications,
 * /settings/security, and the same under /teams and /client), so the tabs are links in a
 * navigation landmark, the same tree before and after hydration: a page whose tree changed
 * at hydration would remount the form and drop what the person typed while it loaded.
 */
export function SettingsLayout({ area, auditLog = false }: { area: ShellArea; auditLog?: boolean }) {
  const base = profileHref[area];
  const tabs = [
    { label: "Profile", to: base },
    { label: "Notifications", to: `${base}/notifications` },
    { label: "Security", to: `${base}/security` },
    ...(auditLog ? [{ label: "Audit log", to: `${base}/audit` }] : []),
  ];
  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Settings</h1>
      <p className="mt-1 text-sm text-slate-600">
        {area === "client"
          ? "Manage your profile settings and preferences"
          : "Manage your agency settings and preferences"}
      </p>
      <SettingsTabs tabs={tabs} />
    </div>
  );
}

function SettingsTabs({ tabs }: { tabs: Array<{ label: string; to: string }> }) {
  const location = useLocation();
  const navigation = useNavigation();
  // While a tab's page loads, that tab is already the selected one, showing that it loads.
  const pathname = (navigation.location ?? location).pathname.replace(/\/$/, "");
  const switching = navigation.state === "loading" && navigation.location.pathname !== location.pathname;
  return (
    <>
      <nav aria-label="Settings" className="mt-6 border-b border-slate-200">
        <ul className="flex gap-6 overflow-x-auto">
          {tabs.map((tab) => (
            <li key={tab.to}>
              <NavLink to={tab.to} end className={clsx("block", tabClass(tab.to === pathname))}>
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="pt-6">{switching ? <TabSkeleton /> : <Outlet />}</div>
    </>
  );
}

function TabSkeleton() {
  return (
    <div className="space-y-4" aria-busy="true">
      <span className="sr-only">Loading...</span>
      {[0, 1].map((card) => (
        <div key={card} className="animate-pulse rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <div className="h-5 w-40 rounded bg-slate-200" />
          <div className="mt-4 h-4 w-2/3 rounded bg-slate-100" />
          <div className="mt-2 h-4 w-1/2 rounded bg-slate-100" />
        </div>
      ))}
    </div>
  );
}
