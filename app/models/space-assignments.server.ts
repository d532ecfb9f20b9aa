import type { Transaction } from "kysely";
import type { Database } from "#db/schema";
import { db } from "~/services/db.server";
import { emit } from "./events.server";
import type { Actor } from "./actors.server";
import { recordSpaceActivity } from "./activity.server";
import { announceAccessRemoved } from "./chat-sides.server";
import { Refusal, notFound } from "./errors.server";
import { canEdit } from "./policy.server";
import { SPACE_NOT_FOUND, isUuid, visibleSpaceIds } from "./space-access.server";

/*
 * Who takes part in which space (SPEC §3 team_member_spaces and space_clients, §4
 * assignment). The agency assigns its team members and adds its clients; a client
 * owner adds and removes the employees of their own company in the spaces they are
 * in (SPEC §2.8). Anything else, or any foreign id, is "not found".
 */

/**
 * SPEC §8's words for assigning to and removing from a space, of success and of failure
 * (told with the reason, or for an assignment that failed for no reason we can tell, "Unknown error").
 */
export const ASSIGNMENT_WORDS: Record<"assign" | "unassign", { done: string; failed: string; unknownReason?: string }> =
  {
    assign: {
      done: "Successfully assigned to space",
      failed: "Failed to assign to space",
      unknownReason: "Unknown error",
    },
    unassign: { done: "Successfully removed from space", failed: "Failed to remove from space" },
  };

/** A space keeps its client owner among its clients (decision 004). */
export const CLIENT_OWNER_STAYS = "The client owner stays in the space. Choose another client owner first.";

export async function assignTeamMember(actor: Actor, spaceId: string, teamMemberId: string) {
  const assigned = await db.transaction().execute(async (tx) => {
    const { space, member } = await teamMemberAndSpace(tx, actor, spaceId, teamMemberId);
    const added = await tx
      .insertInto("team_member_spaces")
      .values({ space_id: space.id, team_member_id: member.id })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (!Number(added.numInsertedOrUpdatedRows)) return false;
    await recordSpaceActivity(tx, actor.id, space, {
      action: "space.team_member_assigned",
      summary: `${member.name} was assigned to ${space.name}`,
    });
    return true;
  });
  if (assigned) emit("space.team-member-assigned", { spaceId, teamMemberId });
}

export async function unassignTeamMember(actor: Actor, spaceId: string, teamMemberId: string) {
  const userId = await db.transaction().execute(async (tx) => {
    const { space, member } = await teamMemberAndSpace(tx, actor, spaceId, teamMemberId);
    const removed = await tx
      .deleteFrom("team_member_spaces")
      .where("space_id", "=", space.id)
      .where("team_member_id", "=", member.id)
      .executeTakeFirst();
    if (!Number(removed.numDeletedRows)) return null;
    await recordSpaceActivity(tx, actor.id, space, {
      action: "space.team_member_unassigned",
      summary: `${member.name} was removed from ${space.name}`,
    });
    return member.user_id;
  });
  if (userId) await announceAccessRemoved(spaceId, [userId]);
}

export async function addClientToSpace(actor: Actor, spaceId: string, clientId: string) {
  await db.transaction().execute(async (tx) => {
    const { space, client } = await clientAndSpace(tx, actor, spaceId, clientId);
    const added = await tx
      .insertInto("space_clients")
      .values({ space_id: space.id, client_id: client.id })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (!Number(added.numInsertedOrUpdatedRows)) return;
    await recordSpaceActivity(tx, actor.id, space, {
      action: "space.client_added",
      summary: `${client.name} was added to ${space.name}`,
    });
  });
}

export async function removeClientFromSpace(actor: Actor, spaceId: string, clientId: string) {
  const userId = await db.transaction().execute(async (tx) => {
    const { space, client } = await clientAndSpace(tx, actor, spaceId, clientId);
    if (space.client_owner_id === client.id) throw new Refusal(CLIENT_OWNER_STAYS);
    const removed = await tx
      .deleteFrom("space_clients")
      .where("space_id", "=", space.id)
      .where("client_id", "=", client.id)
      .executeTakeFirst();
    if (!Number(removed.numDeletedRows)) return null;
    await recordSpaceActivity(tx, actor.id, space, {
      action: "space.client_removed",
      summary: `${client.name} was removed from ${space.name}`,
    });
    return client.user_id;
  });
  if (userId) emit("space.access-removed", { spaceId, userIds: [userId] });
}

/** A space of the actor's agency and a team member of it, for an actor who may manage the team. */
async function teamMemberAndSpace(tx: Transaction<Database>, actor: Actor, spaceId: string, teamMemberId: string) {
  if (!canEdit(actor, "team") || !isUuid(spaceId) || !isUuid(teamMemberId)) throw notFound(SPACE_NOT_FOUND);
  const space = await tx
    .selectFrom("spaces")
    .selectAll()
    .where("id", "=", spaceId)
    .where("agency_id", "=", actor.agencyId)
    // A team member takes part in a space, and so in its team side; never in the side alone.
    .where("team_side_of", "is", null)
    .executeTakeFirst();
  const member = await tx
    .selectFrom("team_members")
    .selectAll()
    .where("id", "=", teamMemberId)
    .where("agency_id", "=", actor.agencyId)
    .executeTakeFirst();
  if (!space) throw notFound(SPACE_NOT_FOUND);
  if (!member) throw notFound("Team member not found");
  return { space, member };
}

/**
 * A space and a client the actor may add to it or remove from it: for the agency, any
 * of its spaces and clients; for a client owner, a space they are in and a client of
 * their own company.
 */
async function clientAndSpace(tx: Transaction<Database>, actor: Actor, spaceId: string, clientId: string) {
  const isOwnerClient = actor.type === "CLIENT" && actor.client?.role === "OWNER";
  if ((!canEdit(actor, "space") && !isOwnerClient) || !isUuid(spaceId) || !isUuid(clientId)) {
    throw notFound(SPACE_NOT_FOUND);
  }
  const space = await tx
    .selectFrom("spaces")
    .selectAll()
    .where("id", "=", spaceId)
    .where("id", "in", visibleSpaceIds(actor, tx))
    .executeTakeFirst();
  let clientQuery = tx
    .selectFrom("clients")
    .selectAll()
    .where("id", "=", clientId)
    .where("agency_id", "=", actor.agencyId);
  if (isOwnerClient) clientQuery = clientQuery.where("company_id", "=", actor.client!.companyId);
  const client = await clientQuery.executeTakeFirst();
  if (!space) throw notFound(SPACE_NOT_FOUND);
  if (!client) throw notFound("Client not found");
  return { space, client };
}
