import type { UserType } from "./roles";

/** What the layouts show of the signed-in user (top bar, avatar menu, sidebar). */
export type ShellUser = {
  /** Their user id: the live bell tells their own reads from others' messages. */
  id: string;
  userType: UserType;
  /** Display name, e.g. "Jane Doe". */
  name: string;
  email: string;
  /** Shown before the company name in the top bar: "Agency" for agency staff, "Owner" for client owners, else the role. */
  roleLabel: string;
  companyName: string;
  avatarUrl: string | null;
  isAdmin: boolean;
  /** Mail to their address bounced for good or was marked as spam (issue 37): the shell asks them to change it. */
  emailBouncing: boolean;
};

export type ShellArea = "agency" | "client" | "teams";
