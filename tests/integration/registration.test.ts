import { Refusal } from "~/models/errors.server";
import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import type { User } from "#db/schema";
import { verifyEmailWithToken } from "~/models/email-verification.server";
import { MESSAGES, registerAgency } from "~/models/accounts.server";
import { deleteInvitation } from "~/models/invitation-tables.server";
import { createInvitation as createLink } from "~/models/inviting.server";
import { registerInvitee } from "~/models/registration.server";
import { purgeAbandonedAccounts } from "~/models/unverified-accounts.server";
import { issueToken } from "~/models/tokens.server";
import { db } from "~/services/db.server";
import { actorOf, createAgency, createInvitation, createPendingInvitee, createUser } from "#tests/support/factories";

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
    await expect(verifyEmailWithToken(await issueToken(invitee.id, "email"))).rejects.toThrow(Refusal);
  });

  test("an invitation of another agency is refused and nothing is verified", async () => {
    const { agencyId } = await createAgency();
    const other = await createAgency({ agencyName: "Other Agency" });
    const foreign = await createInvitation(other.agencyId, "CLIENT");
    const invitee = await createPendingInvitee(agencyId, "CLIENT", foreign.id);

    await expect(verifyEmailWithToken(await issueToken(invitee.id, "email"))).rejects.toThrow(Refusal);

    const user = await db.selectFrom("users").selectAll().where("id", "=", invitee.id).executeTakeFirstOrThrow();
    expect(user.email_verified_at).toBeNull();
    expect(await db.selectFrom("clients").selectAll().where("agency_id", "=", other.agencyId).execute()).toEqual([]);
  });
});

describe("an unverified account that can never complete (SPEC §4)", () => {
  const ORIGIN = "http://localhost:3000";
  const invite = async (owner: { id: string }, email?: string) => {
    const { link } = await createLink(
      await actorOf(owner),
      { kind: "team", role: "DESIGNER", sendEmail: false, email },
      { origin: ORIGIN },
    );
    return new URL(link).searchParams.get("invitation_id")!;
  };
  const register = (secret: string, email: string, name = "Nia Newcomer") =>
    registerInvitee(
      "team",
      {
        invite: secret,
        name,
        email,
        password: "long enough pw",
        confirmPassword: "long enough pw",
        agreeToTerms: true,
      },
      { origin: ORIGIN, clientIp: "198.51.100.2" },
    );
  const verify = async (user: { id: string }) => verifyEmailWithToken(await issueToken(user.id, "email"));

  test("a second registration from a link without an email gives way to a fresh invitation", async () => {
    const { owner, agencyId } = await createAgency();
    const shared = await invite(owner);
    const first = await register(shared, "first@example.test", "First Person");
    const second = await register(shared, "second@example.test", "Second Person");
    await verify(first);

    const again = await register(await invite(owner, "second@example.test"), "second@example.test", "Second Person");
    expect(again.id).not.toBe(second.id);
    await verify(again);
    const members = await db.selectFrom("team_members").select("name").where("agency_id", "=", agencyId).execute();
    expect(members.map((member) => member.name).sort()).toEqual(["First Person", "Second Person"]);
  });

  test("an invitation deleted or expired before verification frees the email for a fresh one", async () => {
    const { owner } = await createAgency();
    const invitationOf = (user: User) => user.pending_registration!.invitationId;
    const stuck = await register(await invite(owner, "dee@example.test"), "dee@example.test");
    await deleteInvitation(await actorOf(owner), invitationOf(stuck));
    const retried = await register(await invite(owner, "dee@example.test"), "dee@example.test");
    expect(await db.selectFrom("users").select("id").where("id", "=", stuck.id).executeTakeFirst()).toBeUndefined();

    await db
      .updateTable("invitations")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("id", "=", invitationOf(retried))
      .execute();
    const fresh = await register(await invite(owner, "dee@example.test"), "dee@example.test");
    expect(fresh.id).not.toBe(retried.id);
    expect(await verify(fresh)).toMatchObject({ email: "dee@example.test", email_verified_at: expect.any(Date) });
  });

  test("agency sign-up reclaims it too; one still able to complete, or verified, is never taken over", async () => {
    const { owner } = await createAgency();
    const expired = await register(await invite(owner, "ex@example.test"), "ex@example.test");
    await db
      .updateTable("invitations")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("id", "=", expired.pending_registration!.invitationId)
      .execute();
    const agency = await registerAgency(
      {
        firstName: "Ex",
        lastName: "Invitee",
        agencyName: "Own Agency",
        email: "ex@example.test",
        mobileNumber: "5551234567",
        agencyUrl: "https://own.example",
        password: "long enough pw",
        confirmPassword: "long enough pw",
        terms: true,
      },
      { origin: ORIGIN, clientIp: "198.51.100.2" },
    );
    expect(agency).toMatchObject({ email: "ex@example.test", user_type: "AGENCY" });
    expect(agency.id).not.toBe(expired.id);

    const waiting = await register(await invite(owner, "wait@example.test"), "wait@example.test");
    await expect(register(await invite(owner), "wait@example.test")).rejects.toThrow(MESSAGES.emailTaken);
    expect(await db.selectFrom("users").select("id").where("id", "=", waiting.id).executeTakeFirst()).toBeDefined();
    const verified = await createUser({ type: "TEAM_MEMBER", agencyId: owner.id });
    await expect(register(await invite(owner), verified.email)).rejects.toThrow(MESSAGES.emailTaken);
  });

  test("accounts still unverified 30 days after sign-up are purged; verified and recent ones stay", async () => {
    const { owner, agencyId } = await createAgency();
    const old = await createPendingInvitee(agencyId, "TEAM_MEMBER", crypto.randomUUID());
    const oldAgency = await createUser({ verified: false });
    const recent = await createPendingInvitee(agencyId, "TEAM_MEMBER", crypto.randomUUID());
    const longAgo = [old.id, oldAgency.id, owner.id];
    await sql`update users set created_at = now() - interval '31 days' where id in (${sql.join(longAgo)})`.execute(db);

    await purgeAbandonedAccounts();
    const left = await db
      .selectFrom("users")
      .select("id")
      .where("id", "in", [old.id, oldAgency.id, recent.id, owner.id])
      .execute();
    expect(left.map((user) => user.id).sort()).toEqual([recent.id, owner.id].sort());
  });
});

describe("sign-up limits per address", () => {
  const ORIGIN = "http://localhost:3000";
  const office = "198.51.100.9";

  test("an agency onboards 30 people from one office address", async () => {
    const { owner, agencyId } = await createAgency();
    for (let person = 1; person <= 30; person++) {
      const email = `person${person}@office.example`;
      const { link } = await createLink(
        await actorOf(owner),
        { kind: "team", role: "DESIGNER", sendEmail: false, email },
        { origin: ORIGIN },
      );
      const invite = new URL(link).searchParams.get("invitation_id")!;
      const input = {
        invite,
        name: `Person ${person}`,
        email,
        password: "long enough pw",
        confirmPassword: "long enough pw",
        agreeToTerms: true,
      };
      await expect(registerInvitee("team", input, { origin: ORIGIN, clientIp: office })).resolves.toMatchObject({
        email,
      });
    }
    const pending = await db
      .selectFrom("users")
      .select("id")
      .where("agency_id", "=", agencyId)
      .where("email_verified_at", "is", null)
      .execute();
    expect(pending).toHaveLength(30);
  });

  test("one link is registered at most 5 times an hour, so it cannot mail verification links to anyone", async () => {
    const { owner } = await createAgency();
    const { link } = await createLink(
      await actorOf(owner),
      { kind: "team", role: "DESIGNER", sendEmail: false },
      { origin: ORIGIN },
    );
    const invite = new URL(link).searchParams.get("invitation_id")!;
    const register = (n: number) =>
      registerInvitee(
        "team",
        {
          invite,
          name: "Link Holder",
          email: `holder${n}@example.test`,
          password: "long enough pw",
          confirmPassword: "long enough pw",
          agreeToTerms: true,
        },
        { origin: ORIGIN, clientIp: `198.51.100.${20 + n}` },
      );
    for (let n = 1; n <= 5; n++) await register(n);
    await expect(register(6)).rejects.toThrow(/^Too many attempts\./);
  });

  test("public agency sign-ups from one address are still limited to 10 an hour", async () => {
    const signUp = (n: number) =>
      registerAgency(
        {
          firstName: "Sam",
          lastName: "Spam",
          agencyName: "Spam Ltd",
          email: `spam${n}@example.test`,
          mobileNumber: "5551234567",
          agencyUrl: "https://spam.example",
          password: "long enough pw",
          confirmPassword: "long enough pw",
          terms: true,
        },
        { origin: ORIGIN, clientIp: "198.51.100.10" },
      );
    for (let n = 1; n <= 10; n++) await signUp(n);
    await expect(signUp(11)).rejects.toThrow(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
  });
});
