import crypto from "node:crypto";
import type { CreatedInvitation, InvitationKind, InviteOptions } from "~/shared/invitations";
import { sql, type Kysely, type Transaction } from "kysely";
import type { Database, Invitation, InvitationMeta, InvitationRole } from "#db/schema";
import { db } from "~/services/db.server";
import { renderMail } from "~/services/mail-layout.server";
import { sendMail } from "~/services/mail.server";
import { CLIENT_ROLE_LABELS, TEAM_ROLE_LABELS } from "~/shared/roles";
import { hashSecret } from "~/services/secrets.server";
import type { Actor } from "./actors.server";
import { recordActivity } from "./activity.server";
import { Refusal, forbidden } from "./errors.server";
import {
  DEFAULT_TEAM_INVITE_ROLE,
  NO_EMAIL_FOR_INVITATION,
  TEAM_INVITE_ROLES,
  clientInviteRoles,
  defaultClientInviteRole,
  type InviteInput,
} from "~/shared/invitation.schemas";
import {
  INVITATION_LIFETIME_MS,
  INVITATION_LINK_MESSAGES,
  invitationLink,
  linkSecret,
} from "./invitation-links.server";
import { findManagedInvitation, invitationRoleLabel, managedInvitations } from "./invitation-tables.server";
import { canInvite } from "./policy.server";
import { RATE_LIMITS, assertWithinRateLimits, isRateLimited } from "./rate-limits.server";
import { ownerName } from "~/shared/owner-name";

/*
 * Inviting someone (SPEC §4–§6, §8): what the invite form offers, making the link (or
 * reusing a pending one) and mailing it, and mailing it again from the invitations tables.
 */

export const INVITATION_MESSAGES = {
  noAgency: "Could not determine your agency.",
  emailFailed: "Failed to send invitation email. The link was generated but couldn't be emailed.",
  resendFailed: "Failed to resend invitation. Please try again.",
  dailyMailCapCreate:
    "Your agency has reached today's limit of invitation emails. The link was generated but couldn't be emailed; copy it to share it.",
  dailyMailCapResend:
    "Your agency has reached today's limit of invitation emails. Copy the invitation link to share it, or resend it tomorrow.",
} as const;

export const forbiddenToInvite = (roleLabel: string) => `You don't have permission to invite a ${roleLabel}`;
export const teamMemberExists = (email: string) => `A team member with email ${email} already exists in your agency.`;
export const clientExists = (email: string) => `A client with email ${email} already exists in your agency.`;

function roleOf(input: InviteInput): InvitationRole {
  return input.kind === "team" ? input.role : "CLIENT";
}

/** What the invite form offers this actor (SPEC §5 roles and defaults); refused (403, SPEC §8's words) for who may not invite. */
export async function inviteOptions(actor: Actor, kind: InvitationKind): Promise<InviteOptions> {
  if (!canInvite(actor, kind === "team" ? DEFAULT_TEAM_INVITE_ROLE : "CLIENT")) {
    throw forbidden(forbiddenToInvite(kind === "team" ? "Team Member" : "Client"));
  }
  if (kind === "team") {
    return {
      kind,
      roles: TEAM_INVITE_ROLES.map((role) => ({ value: role, label: TEAM_ROLE_LABELS[role] })),
      defaultRole: DEFAULT_TEAM_INVITE_ROLE,
      companyFixed: false,
    };
  }
  const inviterIsClient = actor.type === "CLIENT";
  return {
    kind,
    roles: clientInviteRoles(inviterIsClient).map((role) => ({ value: role, label: CLIENT_ROLE_LABELS[role] })),
    defaultRole: defaultClientInviteRole(inviterIsClient),
    companyFixed: inviterIsClient,
  };
}

/**
 * Makes an invitation link (SPEC §4–§6): checks who may invite whom, refuses an email
 * that is already on the roster, reuses the pending invitation for the same email,
 * role and agency, and mails the link when asked.
 */
export async function createInvitation(
  actor: Actor,
  input: InviteInput,
  { origin }: { origin: string },
): Promise<CreatedInvitation> {
  if (!actor.agencyId) throw forbidden(INVITATION_MESSAGES.noAgency);
  const role = roleOf(input);
  const clientRole = input.kind === "client" ? input.clientRole : undefined;
  const inviterIsClient = actor.type === "CLIENT";
  if (!canInvite(actor, role) || (clientRole && !clientInviteRoles(inviterIsClient).includes(clientRole))) {
    throw forbidden(forbiddenToInvite(invitationRoleLabel(role, clientRole)));
  }
  const email = input.email ?? null;
  const agencyId = actor.agencyId;

  const { invitation, reused, agencyName } = await db.transaction().execute(async (tx) => {
    // One invitation per email and agency at a time: a second submission made while the first
    // is still running (a double click, Enter and a click, a retried request) waits for it and
    // reuses its invitation instead of making another link.
    if (email)
      await sql`select pg_advisory_xact_lock(hashtextextended(${`invitation:${agencyId}:${email}`}, 0))`.execute(tx);
    if (email) await assertNotOnRoster(tx, agencyId, input.kind, email);
    const agency = await tx
      .selectFrom("agencies")
      .select(["agency_name", "first_name", "last_name"])
      .where("id", "=", agencyId)
      .executeTakeFirstOrThrow();
    const meta: InvitationMeta = {
      ...(input.name ? { name: input.name } : {}),
      ...(input.mobileNumber ? { mobile_number: input.mobileNumber } : {}),
      agency_name: agency.agency_name,
      owner_name: ownerName(agency.first_name, agency.last_name),
      pre_filled: Boolean(input.name || input.mobileNumber || email),
    };
    if (input.kind === "client") {
      meta.client_role = input.clientRole;
      // A client owner invites into their own company only (decision 009): by its id.
      if (inviterIsClient) meta.company_id = actor.client!.companyId;
      const company = inviterIsClient ? actor.client!.company : input.company;
      if (company) meta.company = company;
      if (input.url) meta.url = input.url;
    }
    if (email) {
      // Only an invitation the inviter manages, for the same role into the same company, is reused.
      const pending = await managedInvitations(actor, input.kind, tx)
        ?.where("email", "=", email)
        .where("role", "=", role)
        .where("used", "=", false)
        .where("expires_at", ">", new Date())
        .where(sql<boolean>`meta->>'client_role' is not distinct from ${meta.client_role ?? null}`)
        .where(sql<boolean>`meta->>'company' is not distinct from ${meta.company ?? null}`)
        .where(sql<boolean>`meta->>'company_id' is not distinct from ${meta.company_id ?? null}`)
        .orderBy("created_at", "desc")
        .executeTakeFirst();
      if (pending) return { invitation: pending, reused: true, agencyName: agency.agency_name };
    }
    const id = crypto.randomUUID();
    const invitation = await tx
      .insertInto("invitations")
      .values({
        id,
        token_hash: hashSecret(linkSecret(id)),
        email,
        role,
        agency_id: agencyId,
        invited_by: actor.id,
        expires_at: new Date(Date.now() + INVITATION_LIFETIME_MS),
        meta: JSON.stringify(meta),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordActivity(tx, {
      agencyId,
      actorId: actor.id,
      action: "invitation.created",
      summary: `${actor.name} invited ${email ?? "someone"} as ${invitationRoleLabel(role, clientRole)}`,
      subjectType: "invitation",
      subjectId: invitation.id,
    });
    return { invitation, reused: false, agencyName: agency.agency_name };
  });

  const link = invitationLink(origin, invitation);
  const sending = input.sendEmail && email;
  // Past the agency's daily cap the link still exists; only its mail is not sent.
  const mailError = sending
    ? ((await dailyMailCapError(agencyId, INVITATION_MESSAGES.dailyMailCapCreate)) ??
      (await mailInvitation(email, { link, agencyName, inviterName: actor.name, invitation })))
    : null;
  return { id: invitation.id, link, email, reused, emailed: Boolean(sending) && !mailError, mailError };
}

async function assertNotOnRoster(
  executor: Kysely<Database> | Transaction<Database>,
  agencyId: string,
  kind: InvitationKind,
  email: string,
) {
  const table = kind === "team" ? "team_members" : "clients";
  const existing = await executor
    .selectFrom(table)
    .select("id")
    .where("agency_id", "=", agencyId)
    .where("email", "=", email)
    .executeTakeFirst();
  if (existing) throw new Refusal(kind === "team" ? teamMemberExists(email) : clientExists(email));
}

/** Sends the invitation mail; answers SPEC §8's warning instead of throwing, since the link itself exists. */
async function mailInvitation(
  to: string,
  {
    link,
    agencyName,
    inviterName,
    invitation,
  }: { link: string; agencyName: string; inviterName: string; invitation: Invitation },
): Promise<string | null> {
  const label = invitationRoleLabel(invitation.role, invitation.meta?.client_role);
  const { html, text } = renderMail({
    heading: `${inviterName} invited you to ${agencyName}`,
    paragraphs: [
      `${inviterName} of ${agencyName} invited you to join their workspace as ${label}.`,
      "Create your account with this link. It works once and expires in 7 days.",
    ],
    action: { label: "Accept invitation", url: link },
    footer: "If you did not expect this invitation, you can ignore this email.",
  });
  try {
    await sendMail({ to, subject: `You're invited to ${agencyName}`, html, text });
    return null;
  } catch (error) {
    console.error(`Could not send an invitation to ${to}`, error);
    return INVITATION_MESSAGES.emailFailed;
  }
}

/**
 * Counts one invitation mail against the agency's daily cap, so that a throwaway agency
 * cannot send unlimited mail from our domain; answers `message` once it is reached.
 */
async function dailyMailCapError(agencyId: string, message: string): Promise<string | null> {
  try {
    await assertWithinRateLimits([[`invitation-mail:agency:${agencyId}`, RATE_LIMITS.invitationMailsPerAgency]]);
    return null;
  } catch (error) {
    if (isRateLimited(error)) return message;
    throw error;
  }
}

/** Mails the link again (team and client invitations alike) and gives it 7 more days. */
export async function resendInvitation(actor: Actor, invitationId: string, { origin }: { origin: string }) {
  const invitation = await findManagedInvitation(actor, invitationId);
  if (!invitation.email) throw new Refusal(NO_EMAIL_FOR_INVITATION);
  if (invitation.used) throw new Refusal(INVITATION_LINK_MESSAGES.used);
  const capError = await dailyMailCapError(invitation.agency_id, INVITATION_MESSAGES.dailyMailCapResend);
  if (capError) throw new Refusal(capError);
  const refreshed = await db
    .updateTable("invitations")
    .set({ expires_at: new Date(Date.now() + INVITATION_LIFETIME_MS) })
    .where("id", "=", invitation.id)
    .where("used", "=", false)
    .returningAll()
    .executeTakeFirst();
  if (!refreshed) throw new Refusal(INVITATION_LINK_MESSAGES.used);
  const agencyName = refreshed.meta?.agency_name ?? "your agency";
  const mailError = await mailInvitation(invitation.email, {
    link: invitationLink(origin, refreshed),
    agencyName,
    inviterName: actor.name,
    invitation: refreshed,
  });
  if (mailError) throw new Refusal(INVITATION_MESSAGES.resendFailed);
}
