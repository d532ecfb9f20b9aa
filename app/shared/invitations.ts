import type { SubmissionResult } from "@conform-to/react";
import type { FormReply } from "./form-reply";

/* Invitations as the invite form and the pending invitations table show them (app/models/inviting.server.ts, invitation-tables.server.ts). */

export type InviteOptions = {
  kind: InvitationKind;
  roles: Array<{ value: string; label: string }>;
  defaultRole: string;
  /** A client owner invites into their own company: no company field for them. */
  companyFixed: boolean;
};

export type CreatedInvitation = {
  id: string;
  link: string;
  email: string | null;
  reused: boolean;
  /** Whether the link went out by email. */
  emailed: boolean;
  /** SPEC §8's warning when the link exists but its mail did not go out. */
  mailError: string | null;
};

export type InvitationRow = {
  id: string;
  email: string | null;
  name: string | null;
  company: string | null;
  roleLabel: string;
  createdAt: Date;
  status: InvitationStatus;
  link: string;
};

export type InvitationKind = "team" | "client";

export type InvitationStatus = "Used" | "Expired" | "Pending";

/** What the invite form gets back (/invitations/new): the form's reply, or the link it made. */
export type InviteAnswer = FormReply | { result: SubmissionResult<string[]>; created: CreatedInvitation };
