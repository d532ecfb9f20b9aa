import { clsx } from "~/components/ui";
import { profileHref, type ShellArea, type ShellUser } from "~/shared";
import { MobileNav, MobileNavClose, SIDEBAR_ID } from "./mobile-nav";
import { getNavigation, searchTarget } from "./navigation";
import { NotificationsMenu, type ShellNotification } from "./notifications-menu";
import { MobileSearch, SearchBox } from "./search-box";
import { Brand, SidebarNav, SidebarToggle, useSidebarState } from "./sidebar";
import { UserMenu } from "./user-menu";

export type AppShellProps = {
  area: ShellArea;
  user: ShellUser;
  /** From the layout loader: `await getSidebarCollapsed(request)`. */
  sidebarCollapsed: boolean;
  notifications?: ShellNotification[];
  children: React.ReactNode;
};

/**
 * The signed-in layout of every area (SPEC.md §2.6): a sidebar (240px, or 72px
 * collapsed), a top bar with search, notifications, "{role} · {company}" and the avatar
 * menu, and the page. Under 768px the sidebar is a drawer and the search an icon.
 */
export function AppShell({ area, user, sidebarCollapsed, notifications, children }: AppShellProps) {
  const sidebar = useSidebarState(sidebarCollapsed);
  const { collapsed } = sidebar;
  const groups = getNavigation(area, user);
  const homeHref = groups[0].items[0].to;
  const search = searchTarget[area];

  return (
    <div className="min-h-screen bg-slate-50">
      <a
        href="#main-content"
        className="sr-only z-[60] rounded-lg bg-white px-4 py-2 text-sm font-medium text-indigo-700 shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>

      <aside
        id={SIDEBAR_ID}
        aria-label="Sidebar"
        className={clsx(
          "fixed inset-y-0 left-0 z-50 hidden w-72 max-w-[85vw] flex-col border-r border-slate-200 bg-white shadow-xl transition-[width] duration-200 ease-out motion-reduce:transition-none md:z-30 md:flex md:max-w-none md:shadow-none",
          collapsed ? "md:w-sidebar-collapsed" : "md:w-sidebar",
        )}
      >
        <Brand companyName={user.companyName} collapsed={collapsed} href={homeHref} />
        <MobileNavClose />
        <SidebarNav groups={groups} collapsed={collapsed} />
      </aside>

      <div
        className={clsx(
          "flex min-h-screen flex-col transition-[padding] duration-200 ease-out motion-reduce:transition-none",
          collapsed ? "md:pl-[72px]" : "md:pl-[240px]",
        )}
      >
        <header className="sticky top-0 z-20 flex h-16 shrink-0 items-center gap-2 border-b border-slate-200 bg-white px-3 sm:px-4 md:gap-4 md:px-6">
          <MobileNav />
          <div className="hidden md:block">
            <SidebarToggle sidebar={sidebar} controls={SIDEBAR_ID} />
          </div>
          <span className="truncate text-sm font-semibold text-slate-900 md:hidden">{user.companyName}</span>
          <SearchBox action={search.action} placeholder={search.placeholder} />

          <div className="ml-auto flex items-center gap-1 md:gap-2">
            <MobileSearch action={search.action} placeholder={search.placeholder} />
            <NotificationsMenu notifications={notifications} userId={user.id} />
            <div className="mx-2 hidden h-6 w-px bg-slate-200 md:block" aria-hidden="true" />
            <p className="hidden max-w-[16rem] truncate text-sm text-slate-600 md:block">
              <span className="font-medium text-slate-900">{user.roleLabel}</span> · {user.companyName}
            </p>
            <UserMenu user={user} profileHref={profileHref[area]} />
          </div>
        </header>

        <main id="main-content" tabIndex={-1} className="flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8 lg:py-8">
          {user.emailBouncing ? (
            <div
              role="status"
              className="mb-6 rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
            >
              Emails to {user.email} could not be delivered, so you are not getting notices. Ask{" "}
              {user.userType === "AGENCY" ? "us" : "your agency"} to change your address, or check your mailbox&apos;s
              settings; the notices start again with a new address.
            </div>
          ) : null}
          {children}
        </main>
      </div>
    </div>
  );
}
