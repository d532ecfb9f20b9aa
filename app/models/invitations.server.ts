import crypto from "node:crypto";
import type { InvitationKind, InvitationStatus } from "~/shared/invitations";
import type { InviteOptions, CreatedInvitation, InvitationRow } from "~/shared/invitations";
import { sql, type Kysely, type Transaction } from "kysely";
import type { ClientRole, Database, Invitation, InvitationMeta, InvitationRole } from "#db/schema";
import { db, countOf } from "~/services/db.server";
import { renderMail } from "~/services/mail-layout.server";
import { sendMail } from "~/services/mail.server";
import { sessionSecret } from "~/services/session-secret.server";
import { CLIENT_ROLE_LABELS, TEAM_ROLE_LABELS } from "~/shared/roles";
import { hashSecret } from "~/services/secrets.server";
import type { Actor } from "./actors.server";
import { recordActivity } from "./activity.server";
import { Refusal, forbidden, notFound } from "./errors.server";
import {
  DEFAULT_TEAM_INVITE_ROLE,
  NO_EMAIL_FOR_INVITATION,
  TEAM_INVITE_ROLES,
  clientInviteRoles,
  defaultClientInviteRole,
  type InviteInput,
} from "~/shared/invitation.schemas";
import { canInvite } from "./policy.server";
import { RATE_LIMITS, assertWithinRateLimits, isRateLimited } from "./rate-limits.server";
import { isUuid, NO_ID } from "./space-access.server";
import { ownerName } from "~/shared/owner-name";
import { emptyPage, takePage, type Page } from "~/shared/paging";

/*
 * Invitations (SPEC §3, §4, §6, §7, §8): a link for a team role or CLIENT, valid for 7
 * days and usable once. The link's secret is an HMAC of the invitation id under the
 * server's key (decision 003): only its hash is stored, yet the link of a pending
 * invitation can be rebuilt when it is reused or copied again.
 */

export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export const INVITATION_MESSAGES = {
  notAuthenticated: "Not authenticated.",
  noAgency: "Could not determine your agency.",
  missingId: "No invitation ID provided in the URL.",
  unknown: "No invitation found with this ID. It may have been deleted or expired.",
  expired: "Invalid or expired invitation link.",
  used: "Invitation not found or expired.",
  wrongKind: "Invalid invitation.",
  emailFailed: "Failed to send invitation email. The link was generated but couldn't be emailed.",
  notFound: "Invitation not found",
  dailyMailCapCreate:
    "Your agency has reached today's limit of invitation emails. The link was generated but couldn't be emailed; copy it to share it.",
  dailyMailCapResend:
    "Your agency has reached today's limit of invitation emails. Copy the invitation link to share it, or resend it tomorrow.",
} as const;

export const forbiddenToInvite = (roleLabel: string) => `You don't have permission to invite a ${roleLabel}`;
export const teamMemberExists = (email: string) => `A team member with email ${email} already exists in your agency.`;
export const clientExists = (email: string) => `A client with email ${email} already exists in your agency.`;

export function invitationStatus(invitation: Pick<Invitation, "used" | "expires_at">, now = new Date()) {
  if (invitation.used) return "Used" satisfies InvitationStatus;
  if (new Date(invitation.expires_at) < now) return "Expired" satisfies InvitationStatus;
  return "Pending" satisfies InvitationStatus;
}

function linkSecret(invitationId: string): string {
  return crypto.createHmac("sha256", sessionSecret()).update(`invitation:${invitationId}`).digest("base64url");
}

/** SPEC §7: {host}/team-register?invitation_id=… or {host}/client-register?invitation_id=… */
export function invitationLink(origin: string, invitation: Pick<Invitation, "id" | "role">): string {
  const path = invitation.role === "CLIENT" ? "/client-register" : "/team-register";
  return `${origin}${path}?${new URLSearchParams({ invitation_id: linkSecret(invitation.id) })}`;
}

function roleOf(input: InviteInput): InvitationRole {
  return input.kind === "team" ? input.role : "CLIENT";
}

function roleLabel(role: InvitationRole, clientRole?: ClientRole): string {
  if (role !== "CLIENT") return TEAM_ROLE_LABELS[role];
  return clientRole ? CLIENT_ROLE_LABELS[clientRole] : "Client";
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
    throw forbidden(forbiddenToInvite(roleLabel(role, clientRole)));
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
      const pending = await visibleInvitations(actor, input.kind, tx)
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
      summary: `${actor.name} invited ${email ?? "someone"} as ${roleLabel(role, clientRole)}`,
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
  const label = roleLabel(invitation.role, invitation.meta?.client_role);
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

/** Which invitations an actor manages: the agency all of its own; account managers its client ones; a client owner those of their company. */
function visibleInvitations(
  actor: Actor,
  kind: InvitationKind,
  executor: Kysely<Database> | Transaction<Database> = db,
) {
  let query = executor
    .selectFrom("invitations")
    .selectAll()
    .where("agency_id", "=", actor.agencyId ?? NO_ID);
  query = kind === "team" ? query.where("role", "!=", "CLIENT") : query.where("role", "=", "CLIENT");
  const mayManage = canInvite(actor, kind === "team" ? "ACCOUNT_MANAGER" : "CLIENT");
  if (!mayManage) return null;
  if (actor.type === "CLIENT") query = query.where(sql<string>`meta->>'company_id'`, "=", actor.client!.companyId);
  return query;
}

/**
 * The invitations table of the team page (every team invitation, with its status) or
 * of the clients page (the unused client invitations), newest first, a page at a time;
 * empty for those who may not invite.
 */
export async function listInvitations(
  actor: Actor,
  kind: InvitationKind,
  origin: string,
  { page = 1 }: { page?: number } = {},
): Promise<Page<InvitationRow>> {
  const visible = visibleInvitations(actor, kind);
  if (!visible) return emptyPage();
  const listed = kind === "client" ? visible.where("used", "=", false) : visible;
  return takePage(
    page,
    () => countOf(listed.clearSelect()),
    async ({ limit, offset }) => {
      const rows = await listed.orderBy("created_at", "desc").orderBy("id").limit(limit).offset(offset).execute();
      return rows.map((row) => ({
        id: row.id,
        email: row.email,
        name: row.meta?.name ?? null,
        company: row.meta?.company ?? null,
        roleLabel: roleLabel(row.role, row.meta?.client_role),
        createdAt: row.created_at,
        status: invitationStatus(row),
        link: invitationLink(origin, row),
      }));
    },
  );
}

async function findManagedInvitation(actor: Actor, invitationId: string): Promise<Invitation> {
  if (!isUuid(invitationId)) throw notFound(INVITATION_MESSAGES.notFound);
  for (const kind of ["team", "client"] as const) {
    const found = await visibleInvitations(actor, kind)?.where("id", "=", invitationId).executeTakeFirst();
    if (found) return found;
  }
  throw notFound(INVITATION_MESSAGES.notFound);
}

export async function deleteInvitation(actor: Actor, invitationId: string): Promise<void> {
  const invitation = await findManagedInvitation(actor, invitationId);
  await db.deleteFrom("invitations").where("id", "=", invitation.id).execute();
}

/** Mails the link again (team and client invitations alike) and gives it 7 more days. */
export async function resendInvitation(actor: Actor, invitationId: string, { origin }: { origin: string }) {
  const invitation = await findManagedInvitation(actor, invitationId);
  if (!invitation.email) throw new Refusal(NO_EMAIL_FOR_INVITATION);
  if (invitation.used) throw new Refusal(INVITATION_MESSAGES.used);
  const capError = await dailyMailCapError(invitation.agency_id, INVITATION_MESSAGES.dailyMailCapResend);
  if (capError) throw new Refusal(capError);
  const refreshed = await db
    .updateTable("invitations")
    .set({ expires_at: new Date(Date.now() + INVITATION_LIFETIME_MS) })
    .where("id", "=", invitation.id)
    .where("used", "=", false)
    .returningAll()
    .executeTakeFirst();
  if (!refreshed) throw new Refusal(INVITATION_MESSAGES.used);
  const agencyName = refreshed.meta?.agency_name ?? "your agency";
  const mailError = await mailInvitation(invitation.email, {
    link: invitationLink(origin, refreshed),
    agencyName,
    inviterName: actor.name,
    invitation: refreshed,
  });
  if (mailError) throw new Refusal("Failed to resend invitation. Please try again.");
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
  if (!secret) return refuse("No invitation ID provided", INVITATION_MESSAGES.missingId);
  const row = await db
    .selectFrom("invitations")
    .innerJoin("agencies", "agencies.id", "invitations.agency_id")
    .selectAll("invitations")
    .select(["agencies.agency_name", "agencies.first_name", "agencies.last_name"])
    .where("invitations.token_hash", "=", hashSecret(secret))
    .executeTakeFirst();
  if (!row) return refuse("Invitation not found", INVITATION_MESSAGES.unknown);
  if ((row.role === "CLIENT") !== (kind === "client"))
    return refuse("Invalid invitation", INVITATION_MESSAGES.wrongKind);
  const status = invitationStatus(row);
  if (status === "Used") return refuse("Invitation already used", INVITATION_MESSAGES.used);
  if (status === "Expired") return refuse("Invitation expired", INVITATION_MESSAGES.expired);
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
