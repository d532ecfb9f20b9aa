import type { Transaction } from "kysely";
import type { Database, User } from "#db/schema";
import { recordActivity } from "./activity.server";

export class RegistrationError extends Error {
  name = "RegistrationError";
}

/**
 * SPEC §4: an invited user's team or client record is made once their email is
 * verified. Registration (from the invitation link) stores what the record needs in
 * users.pending_registration; this turns it into the record, links it to the account,
 * marks the invitation used and clears the pending state. Other users pass through.
 */
export async function completePendingRegistration(tx: Transaction<Database>, user: User): Promise<User> {
  const pending = user.pending_registration;
  if (!pending || (user.user_type !== "TEAM_MEMBER" && user.user_type !== "CLIENT")) return user;

  // Locked, so that two people registered from one link cannot both use it.
  const invitation = await tx
    .selectFrom("invitations")
    .selectAll()
    .where("id", "=", pending.invitationId)
    .where("used", "=", false)
    .where("expires_at", ">", new Date())
    .forUpdate()
    .executeTakeFirst();
  if (
    !invitation ||
    invitation.agency_id !== user.agency_id ||
    (invitation.email !== null && invitation.email !== user.email)
  ) {
    throw new RegistrationError("Invitation not found or expired.");
  }

  const common = {
    agency_id: invitation.agency_id,
    user_id: user.id,
    name: pending.name,
    email: user.email,
    mobile_number: pending.mobileNumber,
  };
  if (user.user_type === "TEAM_MEMBER") {
    if (invitation.role === "CLIENT") throw new RegistrationError("Invalid invitation.");
    await tx
      .insertInto("team_members")
      .values({ ...common, role: invitation.role })
      .onConflict((oc) => oc.columns(["agency_id", "email"]).doUpdateSet({ user_id: user.id }))
      .execute();
  } else {
    if (invitation.role !== "CLIENT") throw new RegistrationError("Invalid invitation.");
    const meta = invitation.meta ?? {};
    await tx
      .insertInto("clients")
      .values({ ...common, role: meta.client_role ?? "EMPLOYEE", company: meta.company ?? "", url: meta.url ?? null })
      .onConflict((oc) => oc.columns(["agency_id", "email"]).doUpdateSet({ user_id: user.id }))
      .execute();
  }
  await tx.updateTable("invitations").set({ used: true }).where("id", "=", invitation.id).execute();
  await recordActivity(tx, {
    agencyId: invitation.agency_id,
    actorId: user.id,
    action: user.user_type === "CLIENT" ? "client.joined" : "team_member.joined",
    summary: `${pending.name} joined as ${user.user_type === "CLIENT" ? "a client" : "a team member"}`,
  });
  return tx
    .updateTable("users")
    .set({ pending_registration: null, updated_at: new Date() })
    .where("id", "=", user.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
