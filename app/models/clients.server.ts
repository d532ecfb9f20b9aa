import type { ClientRole } from "#db/schema";
import { db } from "~/services/db.server";
import { emit } from "~/services/events.server";
import type { Actor } from "./actors.server";
import { recordActivity } from "./activity.server";
import { companyNamed } from "./client-companies.server";
import { Refusal, notFound } from "./errors.server";
import { clientExists } from "./invitations.server";
import { canEdit, canInvite } from "./policy.server";
import type { UpdateClientInput } from "./roster.schemas";
import { deleteAllSessions } from "./sessions.server";
import { isUuid, visibleSpaceIds } from "./space-access.server";

/*
 * The agency's clients (SPEC §2.10, §2.3, §2.4, §6): the agency manages them; a team
 * member sees the clients of their spaces; a client sees the other clients of their
 * company (the same company row, decision 009), labelled Employees.
 */

export const CLIENT_NOT_FOUND = "Client not found";

// Matches no row: for an actor without an agency, company or record.
const NO_ID = "00000000-0000-0000-0000-000000000000";

export type ClientCard = {
  id: string;
  name: string;
  email: string;
  role: ClientRole;
  company: string;
  mobileNumber: string | null;
  extension: string | null;
  url: string | null;
  avatarKey: string | null;
  hasLogin: boolean;
  spaces: Array<{ id: string; name: string }>;
};

export type ClientRoster = {
  clients: ClientCard[];
  /** The agency's spaces, to add clients to (only for those who may manage clients). */
  spaces: Array<{ id: string; name: string }>;
  canEdit: boolean;
  canInvite: boolean;
};

/**
 * The clients an actor may learn of (SPEC §6), as a subquery for `where("clients.id", "in", …)`:
 * the agency owner all of the agency's; a team member those of their spaces; a client
 * those of their own company (by id, decision 009) and of their spaces. Rosters and
 * search both ask here.
 */
export function visibleClientIds(actor: Actor) {
  const agencyId = actor.agencyId ?? NO_ID;
  const inAgency = db.selectFrom("clients").select("clients.id").where("clients.agency_id", "=", agencyId);
  if (actor.type !== "TEAM_MEMBER" && actor.type !== "CLIENT") return inAgency;
  const ofVisibleSpaces = db
    .selectFrom("space_clients")
    .select("space_clients.client_id")
    .where("space_clients.space_id", "in", visibleSpaceIds(actor));
  if (actor.type === "TEAM_MEMBER") return inAgency.where("clients.id", "in", ofVisibleSpaces);
  return inAgency.where((eb) =>
    eb.or([eb("clients.company_id", "=", actor.client?.companyId ?? NO_ID), eb("clients.id", "in", ofVisibleSpaces)]),
  );
}

async function clientsOf(actor: Actor & { agencyId: string }, onlyIds?: string[]): Promise<ClientCard[]> {
  if (onlyIds && !onlyIds.length) return [];
  let query = db
    .selectFrom("clients")
    .innerJoin("client_companies", "client_companies.id", "clients.company_id")
    .selectAll("clients")
    .select("client_companies.name as company")
    .where("clients.agency_id", "=", actor.agencyId)
    .where("clients.id", "in", visibleClientIds(actor))
    .orderBy("clients.name")
    .orderBy("clients.id");
  if (onlyIds) query = query.where("clients.id", "in", onlyIds);
  // A client's roster is their company's other people, labelled Employees.
  if (actor.type === "CLIENT") {
    query = query
      .where("clients.company_id", "=", actor.client?.companyId ?? NO_ID)
      .where("clients.id", "!=", actor.client?.id ?? NO_ID);
  }
  const rows = await query.execute();
  const memberships = rows.length
    ? await db
        .selectFrom("space_clients")
        .innerJoin("spaces", "spaces.id", "space_clients.space_id")
        .select(["space_clients.client_id", "spaces.id", "spaces.name"])
        .where(
          "space_clients.client_id",
          "in",
          rows.map((row) => row.id),
        )
        // Nobody learns of spaces they cannot see.
        .where("spaces.id", "in", visibleSpaceIds(actor))
        .orderBy("spaces.name")
        .execute()
    : [];
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    company: row.company,
    mobileNumber: row.mobile_number,
    extension: row.extension,
    url: row.url,
    avatarKey: row.avatar,
    hasLogin: row.user_id !== null,
    spaces: memberships.filter((membership) => membership.client_id === row.id).map(({ id, name }) => ({ id, name })),
  }));
}

function withAgency(actor: Actor): Actor & { agencyId: string } {
  if (!actor.agencyId) throw notFound(CLIENT_NOT_FOUND);
  return actor as Actor & { agencyId: string };
}

/** /clients, /teams/clients and /client/employees: whom each user type sees (SPEC §6). */
export async function listClientRoster(actor: Actor): Promise<ClientRoster> {
  const scoped = withAgency(actor);
  const editable = canEdit(actor, "space");
  const [clients, spaces] = await Promise.all([
    clientsOf(scoped),
    editable
      ? db
          .selectFrom("spaces")
          .select(["id", "name"])
          .where("agency_id", "=", scoped.agencyId)
          .orderBy("name")
          .execute()
      : [],
  ]);
  return { clients, spaces, canEdit: editable, canInvite: canInvite(actor, "CLIENT") };
}

/** One client of the agency, for those who may manage clients; anyone else, or a foreign id, gets "not found". */
export async function getClient(actor: Actor, clientId: string) {
  if (!canEdit(actor, "space") || !isUuid(clientId)) throw notFound(CLIENT_NOT_FOUND);
  const scoped = withAgency(actor);
  const [client] = await clientsOf(scoped, [clientId]);
  if (!client) throw notFound(CLIENT_NOT_FOUND);
  const spaces = await db
    .selectFrom("spaces")
    .select(["id", "name"])
    .where("agency_id", "=", scoped.agencyId)
    .orderBy("name")
    .execute();
  return { client, spaces };
}

/** The client card's inline edit (SPEC §2.10, §5). Someone with an account keeps signing in with their own email. */
export async function updateClient(actor: Actor, clientId: string, input: UpdateClientInput) {
  const { client } = await getClient(actor, clientId);
  const email = client.hasLogin ? client.email : input.email;
  if (email !== client.email) {
    const taken = await db
      .selectFrom("clients")
      .select("id")
      .where("agency_id", "=", actor.agencyId!)
      .where("email", "=", email)
      .executeTakeFirst();
    if (taken) throw new Refusal(clientExists(email));
  }
  // Renaming a client's company moves them into the company of that name (or one of their own).
  const companyName = input.company ?? "";
  const companyId = companyName === client.company ? undefined : await companyNamed(db, actor.agencyId!, companyName);
  await db
    .updateTable("clients")
    .set({
      name: input.name,
      email,
      role: input.role,
      ...(companyId ? { company_id: companyId } : {}),
      mobile_number: input.mobileNumber ?? null,
      extension: input.extension ?? null,
      url: input.url ?? null,
      updated_at: new Date(),
    })
    .where("id", "=", client.id)
    .execute();
}

/**
 * Remove Client (SPEC §2.10): the record and its space memberships go (a space it owned
 * keeps no client owner), and so do the person's sessions and sockets, at once. Their
 * account stays, so that their messages stay attributed to them.
 */
export async function removeClient(actor: Actor, clientId: string) {
  const { client } = await getClient(actor, clientId);
  const userId = await db.transaction().execute(async (tx) => {
    const removed = await tx
      .deleteFrom("clients")
      .where("id", "=", client.id)
      .where("agency_id", "=", actor.agencyId!)
      .returning("user_id")
      .executeTakeFirst();
    if (!removed) throw notFound(CLIENT_NOT_FOUND);
    if (removed.user_id) await deleteAllSessions(tx, removed.user_id);
    await recordActivity(tx, {
      agencyId: actor.agencyId!,
      actorId: actor.id,
      action: "client.removed",
      summary: `${client.name} was removed from the clients`,
    });
    return removed.user_id;
  });
  if (!userId) return;
  emit("user.sessions-ended", { userId });
  for (const space of client.spaces) emit("space.access-removed", { spaceId: space.id, userIds: [userId] });
}
