import type { ClientRole, TeamRole } from "#db/schema";

/** SPEC §3: how roles read in the interface. */
export const TEAM_ROLE_LABELS: Record<TeamRole, string> = {
  OWNER: "Owner",
  ACCOUNT_MANAGER: "Account Manager",
  SEO_SPECIALIST: "SEO Specialist",
  DESIGNER: "Designer",
  CONTENT_WRITER: "Content Writer",
};

export const CLIENT_ROLE_LABELS: Record<ClientRole, string> = {
  OWNER: "Owner",
  LEAD: "Lead",
  EMPLOYEE: "Employee",
};
