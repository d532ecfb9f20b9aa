import {
  BadgeIcon,
  ChatIcon,
  ClientsIcon,
  DashboardIcon,
  DatabaseIcon,
  SettingsIcon,
  SlidersIcon,
  SpacesIcon,
  TeamIcon,
  UsersShieldIcon,
  type IconComponent,
} from "~/components/ui";
import { type ShellArea, type ShellUser } from "~/shared";

export type NavItem = { label: string; to: string; icon: IconComponent };
/** A titled group of links; the first group of an area has no title. */
export type NavGroup = { title?: string; items: NavItem[] };

/** SPEC.md §2.2: the agency sidebar. */
const agencyLinks: NavItem[] = [
  { label: "Dashboard", to: "/dashboard", icon: DashboardIcon },
  { label: "Spaces", to: "/spaces", icon: SpacesIcon },
  { label: "Team", to: "/team", icon: TeamIcon },
  { label: "Clients", to: "/clients", icon: ClientsIcon },
  { label: "Settings", to: "/settings", icon: SettingsIcon },
];

/** SPEC.md §2.2: visible to administrators only. */
const adminLinks: NavItem[] = [
  { label: "Users", to: "/admin/users", icon: UsersShieldIcon },
  { label: "Database", to: "/admin/database", icon: DatabaseIcon },
  { label: "Settings", to: "/admin/settings", icon: SlidersIcon },
];

/** SPEC.md §2.3 and §2.6: the client sidebar. */
const clientLinks: NavItem[] = [
  { label: "Dashboard", to: "/client/dashboard", icon: DashboardIcon },
  { label: "Team Chat", to: "/client/chat", icon: ChatIcon },
  { label: "Agency Team", to: "/client/team", icon: TeamIcon },
  { label: "Employees", to: "/client/employees", icon: BadgeIcon },
  { label: "Settings", to: "/client/settings", icon: SettingsIcon },
];

/** SPEC.md §2.4 and §2.6: the team-member sidebar. */
const teamsLinks: NavItem[] = [
  { label: "Dashboard", to: "/teams/dashboard", icon: DashboardIcon },
  { label: "My Spaces", to: "/teams/spaces", icon: SpacesIcon },
  { label: "My Team", to: "/teams/my-team", icon: TeamIcon },
  { label: "Clients", to: "/teams/clients", icon: ClientsIcon },
  { label: "Settings", to: "/teams/settings", icon: SettingsIcon },
];

const areaLinks: Record<ShellArea, NavItem[]> = { agency: agencyLinks, client: clientLinks, teams: teamsLinks };

/** The sidebar of an area; the admin group is added for administrators in the agency area. */
export function getNavigation(area: ShellArea, user: Pick<ShellUser, "isAdmin">): NavGroup[] {
  const groups: NavGroup[] = [{ items: areaLinks[area] }];
  if (area === "agency" && user.isAdmin) groups.push({ title: "Admin", items: adminLinks });
  return groups;
}

/** Where the top bar's search box sends its GET request (query parameter `q`): the one search page of every area. */
export const searchTarget: Record<ShellArea, { action: string; placeholder: string }> = {
  agency: { action: "/search", placeholder: "Search spaces and people..." },
  client: { action: "/search", placeholder: "Search spaces and people..." },
  teams: { action: "/search", placeholder: "Search spaces and people..." },
};
