import { describe, expect, test } from "vitest";
import { verifyEmailWithToken } from "~/models/email-verification.server";
import { RegistrationError } from "~/models/registration.server";
import { issueToken } from "~/models/tokens.server";
import { db } from "~/services/db.server";
import { createAgency, createInvitation, createPendingInvitee } from "#tests/support/factories";

describe("completing an invited registration at verification (SPEC §4)", () => {
  test("a team member's record is made with the invited role, and the invitation is used", async () => {
    const { agencyId } = await createAgency();
    const invitation = await createInvitation(agencyId, "DESIGNER");
    const invitee = await createPendingInvitee(agencyId, "TEAM_MEMBER", invitation.id, "Dana Designer");

    const user = await verifyEmailWithToken(await issueToken(invitee.id, "email"));

    expect(user?.pending_registration).toBeNull();
    expect(user?.email_verified_at).not.toBeNull();
    const member = await db.selectFrom("team_members").selectAll().where("user_id", "=", invitee.id).executeTakeFirst();
    expect(member).toMatchObject({
      agency_id: agencyId,
      name: "Dana Designer",
      role: "DESIGNER",
      email: invitee.email,
    });
    const used = await db.selectFrom("invitations").select("used").where("id", "=", invitation.id).executeTakeFirst();
    expect(used?.used).toBe(true);
  });

  test("a client's record takes the role and company of the invitation, EMPLOYEE by default", async () => {
    const { agencyId } = await createAgency();
    const owner = await createInvitation(agencyId, "CLIENT", { client_role: "OWNER", company: "Globex" });
    const plain = await createInvitation(agencyId, "CLIENT", { company: "Globex" });
    const ownerInvitee = await createPendingInvitee(agencyId, "CLIENT", owner.id, "Olive Owner");
    const employeeInvitee = await createPendingInvitee(agencyId, "CLIENT", plain.id, "Eve Employee");

    await verifyEmailWithToken(await issueToken(ownerInvitee.id, "email"));
    await verifyEmailWithToken(await issueToken(employeeInvitee.id, "email"));

    const clients = await db
      .selectFrom("clients")
      .innerJoin("client_companies", "client_companies.id", "clients.company_id")
      .select(["clients.name", "clients.role", "client_companies.name as company"])
      .where("clients.agency_id", "=", agencyId)
      .orderBy("clients.name")
      .execute();
    expect(clients).toEqual([
      { name: "Eve Employee", role: "EMPLOYEE", company: "Globex" },
      { name: "Olive Owner", role: "OWNER", company: "Globex" },
    ]);
  });

  test("one invitation makes one record: a second person registered from it is refused", async () => {
    const { agencyId } = await createAgency();
    const invitation = await createInvitation(agencyId, "DESIGNER");
    const first = await createPendingInvitee(agencyId, "TEAM_MEMBER", invitation.id, "First Person");
    const second = await createPendingInvitee(agencyId, "TEAM_MEMBER", invitation.id, "Second Person");

    await verifyEmailWithToken(await issueToken(first.id, "email"));
    await expect(verifyEmailWithToken(await issueToken(second.id, "email"))).rejects.toThrow(
      "Invitation not found or expired.",
    );
    const members = await db.selectFrom("team_members").select("name").where("agency_id", "=", agencyId).execute();
    expect(members).toEqual([{ name: "First Person" }]);
  });

  test("an expired invitation makes no record", async () => {
    const { agencyId } = await createAgency();
    const invitation = await createInvitation(agencyId, "CLIENT");
    await db
      .updateTable("invitations")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const invitee = await createPendingInvitee(agencyId, "CLIENT", invitation.id);
    await expect(verifyEmailWithToken(await issueToken(invitee.id, "email"))).rejects.toThrow(RegistrationError);
  });

  test("an invitation of another agency is refused and nothing is verified", async () => {
    const { agencyId } = await createAgency();
    const other = await createAgency({ agencyName: "Other Agency" });
    const foreign = await createInvitation(other.agencyId, "CLIENT");
    const invitee = await createPendingInvitee(agencyId, "CLIENT", foreign.id);

    await expect(verifyEmailWithToken(await issueToken(invitee.id, "email"))).rejects.toThrow(RegistrationError);

    const user = await db.selectFrom("users").selectAll().where("id", "=", invitee.id).executeTakeFirstOrThrow();
    expect(user.email_verified_at).toBeNull();
    expect(await db.selectFrom("clients").selectAll().where("agency_id", "=", other.agencyId).execute()).toEqual([]);
  });
});
