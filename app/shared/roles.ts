/** Who a user is (SPEC §6): the agency's owner, one of its team, a client, or a site administrator. */
export type UserType = "AGENCY" | "TEAM_MEMBER" | "CLIENT" | "ADMIN";
export type TeamRole = "OWNER" | "ACCOUNT_MANAGER" | "SEO_SPECIALIST" | "DESIGNER" | "CONTENT_WRITER";
export type ClientRole = "OWNER" | "LEAD" | "EMPLOYEE";
/** What an invitation invites to: a team role, or a client (whose client role the invitation carries). */
export type InvitationRole = TeamRole | "CLIENT";

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
