import type { FormReply } from "./form-reply";
import type { Page } from "./paging";
import type { ToastAnswer } from "./toast";
import type { Presence } from "./presence-words";
import type { ClientRole, TeamRole } from "./roles";

/* The agency's people as its rosters show them (app/models/people.server.ts). */

export type PersonSpace = { id: string; name: string };

export type PersonCardBase = {
  id: string;
  name: string;
  email: string;
  mobileNumber: string | null;
  avatarKey: string | null;
  /** Whether they have an account to sign in with (not only a record). */
  hasLogin: boolean;
  /** Their account, if they have one. */
  userId: string | null;
  /** Whether they are online, as the viewer may see it (null: not shown). */
  presence: Presence | null;
  /** Mail to their address bounced for good or was marked as spam (shown to the agency, issue 37). */
  emailBouncing: boolean;
  spaces: PersonSpace[];
};

export type TeamMemberCard = PersonCardBase & { role: TeamRole };

export type ClientCard = PersonCardBase & {
  role: ClientRole;
  company: string;
  extension: string | null;
  url: string | null;
};

export type ClientRoster = {
  /** A page of the clients the actor sees. */
  clients: Page<ClientCard>;
  /** The agency's spaces, to add clients to (only for those who may manage clients). */
  spaces: PersonSpace[];
  canEdit: boolean;
  canInvite: boolean;
};

export type TeamRoster = {
  owner: { name: string; email: string; agencyName: string; avatarKey: string | null } | null;
  /** A page of the agency's team members. */
  members: Page<TeamMemberCard>;
  /** The agency's spaces, to assign members to (only for those who may manage the team). */
  spaces: PersonSpace[];
  canEdit: boolean;
  canInvite: boolean;
};

/** A person as a list of names shows them (search results, who takes part in a space). */
export type TeamMemberSummary = { id: string; name: string; email: string; role: TeamRole; avatarKey: string | null };

export type ClientSummary = {
  id: string;
  name: string;
  email: string;
  company: string;
  role: ClientRole;
  avatarKey: string | null;
};

/** What a person's page's action answers (app/web/person-actions.server.ts): a form's reply, a temporary password, or a toast. */
export type PersonActionAnswer = FormReply | { temporaryPassword: { email: string; password: string } } | ToastAnswer;
