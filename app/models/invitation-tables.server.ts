import type { InvitationKind, InvitationRow } from "~/shared/invitations";
import { sql, type Kysely, type Transaction } from "kysely";
import type { ClientRole, Database, Invitation, InvitationRole } from "#db/schema";
import { db, countOf } from "~/services/db.server";
import { CLIENT_ROLE_LABELS, TEAM_ROLE_LABELS } from "~/shared/roles";
import type { Actor } from "./actors.server";
import { notFound } from "./errors.server";
import { invitationLink, invitationStatus } from "./invitation-links.server";
import { canInvite } from "./policy.server";
import { isUuid, NO_ID } from "./space-access.server";
import { emptyPage, takePage, type Page } from "~/shared/paging";

/*
 * The invitations an actor manages (SPEC §5, §6): the tables beside the team and client
 * rosters, and Delete on one of them. Resend mails, so it is inviting.server.ts's.
 */

const INVITATION_NOT_FOUND = "Invitation not found";

/** How an invitation's role reads: in its table, its mail, the activity. */
export function invitationRoleLabel(role: InvitationRole, clientRole?: ClientRole): string {
  if (role !== "CLIENT") return TEAM_ROLE_LABELS[role];
  return clientRole ? CLIENT_ROLE_LABELS[clientRole] : "Client";
}

/**
 * Which invitations an actor manages, or null for who manages none: the agency all of
 * its own; account managers its client ones; a client owner those of their company.
 */
export function managedInvitations(
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
  const visible = managedInvitations(actor, kind);
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
        roleLabel: invitationRoleLabel(row.role, row.meta?.client_role),
        createdAt: row.created_at,
        status: invitationStatus(row),
        link: invitationLink(origin, row),
      }));
    },
  );
}

/** One invitation the actor manages, of either kind; "Invitation not found" (404) for any other id. */
export async function findManagedInvitation(actor: Actor, invitationId: string): Promise<Invitation> {
  if (!isUuid(invitationId)) throw notFound(INVITATION_NOT_FOUND);
  for (const kind of ["team", "client"] as const) {
    const found = await managedInvitations(actor, kind)?.where("id", "=", invitationId).executeTakeFirst();
    if (found) return found;
  }
  throw notFound(INVITATION_NOT_FOUND);
}

export async function deleteInvitation(actor: Actor, invitationId: string): Promise<void> {
  const invitation = await findManagedInvitation(actor, invitationId);
  await db.deleteFrom("invitations").where("id", "=", invitation.id).execute();
}
