import crypto from "node:crypto";
import type { InvitationKind, InvitationStatus } from "~/shared/invitations";
import type { ClientRole, Invitation, InvitationRole } from "#db/schema";
import { db } from "~/services/db.server";
import { sessionSecret } from "~/services/session-secret.server";
import { hashSecret } from "~/services/secrets.server";
import { ownerName } from "~/shared/owner-name";

/*
 * An invitation's link (SPEC §3, §7), for a team role or CLIENT, valid for 7 days and
 * usable once; and what the registration pages make of it when it is opened. The link's
 * secret is an HMAC of the invitation id under the server's key (decision 003): only its
 * hash is stored, yet the link of a pending invitation can be rebuilt when it is reused
 * or copied again.
 */

export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** SPEC §8's words for a link that cannot be used. */
export const INVITATION_LINK_MESSAGES = {
  missingId: "No invitation ID provided in the URL.",
  unknown: "No invitation found with this ID. It may have been deleted or expired.",
  expired: "Invalid or expired invitation link.",
  used: "Invitation not found or expired.",
  wrongKind: "Invalid invitation.",
} as const;

export function invitationStatus(invitation: Pick<Invitation, "used" | "expires_at">, now = new Date()) {
  if (invitation.used) return "Used" satisfies InvitationStatus;
  if (new Date(invitation.expires_at) < now) return "Expired" satisfies InvitationStatus;
  return "Pending" satisfies InvitationStatus;
}

/** The secret the link carries; the invitation stores its hash. */
export function linkSecret(invitationId: string): string {
  return crypto.createHmac("sha256", sessionSecret()).update(`invitation:${invitationId}`).digest("base64url");
}

/** SPEC §7: {host}/team-register?invitation_id=… or {host}/client-register?invitation_id=… */
export function invitationLink(origin: string, invitation: Pick<Invitation, "id" | "role">): string {
  const path = invitation.role === "CLIENT" ? "/client-register" : "/team-register";
  return `${origin}${path}?${new URLSearchParams({ invitation_id: linkSecret(invitation.id) })}`;
}

export type OpenInvitation = {
  secret: string;
  id: string;
  email: string | null;
  role: InvitationRole;
  agencyId: string;
  agencyName: string;
  ownerName: string;
  name: string | null;
  mobileNumber: string | null;
  company: string | null;
  clientRole: ClientRole | null;
};

export type InvitationProblem = { title: string; message: string };

/**
 * What a registration page shows for a link (SPEC §2.1, §8): the invitation to fill the
 * form from, or why it cannot be used: missing, unknown, used, expired, or a link of
 * the other kind. (A role-less or agency-less invitation cannot exist: both columns are
 * required.)
 */
export async function openInvitation(
  secret: string | null,
  kind: InvitationKind,
): Promise<{ invitation: OpenInvitation; problem: null } | { invitation: null; problem: InvitationProblem }> {
  const refuse = (title: string, message: string) => ({ invitation: null, problem: { title, message } }) as const;
  if (!secret) return refuse("No invitation ID provided", INVITATION_LINK_MESSAGES.missingId);
  const row = await db
    .selectFrom("invitations")
    .innerJoin("agencies", "agencies.id", "invitations.agency_id")
    .selectAll("invitations")
    .select(["agencies.agency_name", "agencies.first_name", "agencies.last_name"])
    .where("invitations.token_hash", "=", hashSecret(secret))
    .executeTakeFirst();
  if (!row) return refuse("Invitation not found", INVITATION_LINK_MESSAGES.unknown);
  if ((row.role === "CLIENT") !== (kind === "client"))
    return refuse("Invalid invitation", INVITATION_LINK_MESSAGES.wrongKind);
  const status = invitationStatus(row);
  if (status === "Used") return refuse("Invitation already used", INVITATION_LINK_MESSAGES.used);
  if (status === "Expired") return refuse("Invitation expired", INVITATION_LINK_MESSAGES.expired);
  const meta = row.meta ?? {};
  return {
    problem: null,
    invitation: {
      secret,
      id: row.id,
      email: row.email,
      role: row.role,
      agencyId: row.agency_id,
      agencyName: row.agency_name,
      ownerName: ownerName(row.first_name, row.last_name),
      name: meta.name ?? null,
      mobileNumber: meta.mobile_number ?? null,
      company: meta.company ?? null,
      clientRole: meta.client_role ?? null,
    },
  };
}
