import { Refusal } from "~/models/errors.server";
import { describe, expect, test } from "vitest";
import type { InviteInput } from "~/shared/invitation.schemas";
import { InviteSchema } from "~/shared/invitation.schemas";
import { verifyEmailWithToken } from "~/models/email-verification.server";
import { openInvitation } from "~/models/invitation-links.server";
import { deleteInvitation, listInvitations } from "~/models/invitation-tables.server";
import { INVITATION_MESSAGES, createInvitation, resendInvitation } from "~/models/inviting.server";
import { registerInvitee } from "~/models/registration.server";
import { issueToken } from "~/models/tokens.server";
import { db } from "~/services/db.server";
import { readOutbox } from "~/services/outbox.server";
import { actorOf, createAgency, createClient, createTeamMember, createUser } from "#tests/support/factories";

const ORIGIN = "http://localhost:3000";
const team = (input: Partial<Extract<InviteInput, { kind: "team" }>> = {}): InviteInput => ({
  kind: "team",
  role: "ACCOUNT_MANAGER",
  sendEmail: false,
  ...input,
});
const client = (input: Partial<Extract<InviteInput, { kind: "client" }>> = {}): InviteInput => ({
  kind: "client",
  clientRole: "OWNER",
  sendEmail: false,
  ...input,
});
const secretOf = (link: string) => new URL(link).searchParams.get("invitation_id");
const invitationCount = async (agencyId: string) =>
  Number(
    (
      await db
        .selectFrom("invitations")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("agency_id", "=", agencyId)
        .executeTakeFirstOrThrow()
    ).n,
  );

async function agencyWithPeople() {
  const agency = await createAgency({ agencyName: "Acme Digital", firstName: "Ada" });
  const manager = await createTeamMember(agency.agencyId, "ACCOUNT_MANAGER", { name: "Mia Manager" });
  const designer = await createTeamMember(agency.agencyId, "DESIGNER", { name: "Dan Designer" });
  const clientOwner = await createClient(agency.agencyId, { role: "OWNER", company: "Globex", name: "Olga Owner" });
  const lead = await createClient(agency.agencyId, { role: "LEAD", company: "Globex", name: "Lee Lead" });
  const employee = await createClient(agency.agencyId, { role: "EMPLOYEE", company: "Globex", name: "Eve Employee" });
  return { ...agency, manager, designer, clientOwner, lead, employee };
}

describe("who may invite whom (SPEC §6), per user type", () => {
  test("the agency invites any team role and any client role", async () => {
    const { owner, agencyId } = await agencyWithPeople();
    const actor = await actorOf(owner);
    for (const role of ["ACCOUNT_MANAGER", "SEO_SPECIALIST", "DESIGNER", "CONTENT_WRITER"] as const) {
      const created = await createInvitation(actor, team({ role }), { origin: ORIGIN });
      expect(created.link).toMatch(/^http:\/\/localhost:3000\/team-register\?invitation_id=[\w-]{40,}$/);
    }
    for (const clientRole of ["OWNER", "LEAD", "EMPLOYEE"] as const) {
      const created = await createInvitation(actor, client({ clientRole, company: "Initech" }), { origin: ORIGIN });
      expect(created.link).toMatch(/\/client-register\?invitation_id=/);
    }
    expect(await invitationCount(agencyId)).toBe(7);
  });

  test("an account manager invites clients only", async () => {
    const { manager, agencyId } = await agencyWithPeople();
    const actor = await actorOf(manager.user);
    await createInvitation(actor, client({ clientRole: "OWNER", company: "Initech" }), { origin: ORIGIN });
    await expect(createInvitation(actor, team({ role: "DESIGNER" }), { origin: ORIGIN })).rejects.toThrow(
      "You don't have permission to invite a Designer",
    );
    expect(await invitationCount(agencyId)).toBe(1);
  });

  test("any other team member invites nobody", async () => {
    const { designer, agencyId } = await agencyWithPeople();
    const actor = await actorOf(designer.user);
    await expect(createInvitation(actor, client(), { origin: ORIGIN })).rejects.toThrow(
      "You don't have permission to invite a Owner",
    );
    await expect(createInvitation(actor, team(), { origin: ORIGIN })).rejects.toMatchObject({ status: 403 });
    expect(await invitationCount(agencyId)).toBe(0);
  });

  test("a client owner invites employees and leads of their own company, never an owner or the team", async () => {
    const { clientOwner, agencyId } = await agencyWithPeople();
    const actor = await actorOf(clientOwner.user);
    const created = await createInvitation(actor, client({ clientRole: "EMPLOYEE", company: "Initech" }), {
      origin: ORIGIN,
    });
    await createInvitation(actor, client({ clientRole: "LEAD" }), { origin: ORIGIN });
    const stored = await db
      .selectFrom("invitations")
      .selectAll()
      .where("id", "=", created.id)
      .executeTakeFirstOrThrow();
    expect(stored.meta).toMatchObject({ company: "Globex", client_role: "EMPLOYEE" });
    await expect(createInvitation(actor, client({ clientRole: "OWNER" }), { origin: ORIGIN })).rejects.toThrow(
      "You don't have permission to invite a Owner",
    );
    await expect(createInvitation(actor, team(), { origin: ORIGIN })).rejects.toThrow(
      "You don't have permission to invite a Account Manager",
    );
    expect(await invitationCount(agencyId)).toBe(2);
  });

  test("client leads and employees invite nobody", async () => {
    const { lead, employee, agencyId } = await agencyWithPeople();
    for (const person of [lead, employee]) {
      const actor = await actorOf(person.user);
      await expect(createInvitation(actor, client({ clientRole: "EMPLOYEE" }), { origin: ORIGIN })).rejects.toThrow(
        "You don't have permission to invite a Employee",
      );
    }
    expect(await invitationCount(agencyId)).toBe(0);
  });

  test("a user without an agency is told so", async () => {
    const admin = await createUser({ type: "ADMIN" });
    await expect(createInvitation(await actorOf(admin), team(), { origin: ORIGIN })).rejects.toThrow(
      INVITATION_MESSAGES.noAgency,
    );
  });
});

describe("duplicates and reuse (SPEC §4, §5)", () => {
  test("a team invite for an email already on the team is refused; a client invite for it is not", async () => {
    const { owner, designer } = await agencyWithPeople();
    const actor = await actorOf(owner);
    await expect(createInvitation(actor, team({ email: designer.user.email }), { origin: ORIGIN })).rejects.toThrow(
      `A team member with email ${designer.user.email} already exists in your agency.`,
    );
    await createInvitation(actor, client({ email: designer.user.email }), { origin: ORIGIN });
  });

  test("a client invite for an email already a client is refused, for agency and client owner alike", async () => {
    const { owner, clientOwner, employee } = await agencyWithPeople();
    for (const inviter of [owner, clientOwner.user]) {
      await expect(
        createInvitation(await actorOf(inviter), client({ clientRole: "EMPLOYEE", email: employee.user.email }), {
          origin: ORIGIN,
        }),
      ).rejects.toThrow(`A client with email ${employee.user.email} already exists in your agency.`);
    }
  });

  test("the pending invitation for the same email, role and agency is reused, link and all", async () => {
    const { owner, agencyId } = await agencyWithPeople();
    const actor = await actorOf(owner);
    const first = await createInvitation(actor, team({ email: "new@example.test" }), { origin: ORIGIN });
    const again = await createInvitation(actor, team({ email: "new@example.test" }), { origin: ORIGIN });
    const otherRole = await createInvitation(actor, team({ email: "new@example.test", role: "DESIGNER" }), {
      origin: ORIGIN,
    });
    expect(again).toMatchObject({ id: first.id, link: first.link, reused: true });
    expect(otherRole.id).not.toBe(first.id);

    await db
      .updateTable("invitations")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("id", "=", first.id)
      .execute();
    const afterExpiry = await createInvitation(actor, team({ email: "new@example.test" }), { origin: ORIGIN });
    expect(afterExpiry.id).not.toBe(first.id);
    expect(await invitationCount(agencyId)).toBe(3);
  });

  test("sending by email needs an email", () => {
    const result = InviteSchema.safeParse({ kind: "team", role: "DESIGNER", sendEmail: true });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe("This invitation doesn't have an associated email address.");
  });
});

describe("the invitation mail", () => {
  test("names the agency and the inviter and carries the link", async () => {
    const { manager } = await agencyWithPeople();
    const created = await createInvitation(
      await actorOf(manager.user),
      client({ email: "guest@example.test", sendEmail: true, company: "Initech" }),
      { origin: ORIGIN },
    );
    const [mail] = (await readOutbox()).filter((m) => m.to === "guest@example.test");
    expect(mail.subject).toContain("Acme Digital");
    expect(mail.text).toContain("Mia Manager of Acme Digital");
    expect(mail.text).toContain(created.link);
    expect(mail.html).toContain(created.link.replaceAll("&", "&amp;"));
    expect(created.mailError).toBeNull();
  });
});

describe("listing, resending and deleting", () => {
  test("the team table shows every team invitation with its status; the clients table the unused client ones", async () => {
    const { owner } = await agencyWithPeople();
    const actor = await actorOf(owner);
    const used = await createInvitation(actor, team({ email: "used@example.test" }), { origin: ORIGIN });
    const expired = await createInvitation(actor, team({ email: "old@example.test" }), { origin: ORIGIN });
    await createInvitation(actor, team({ email: "fresh@example.test" }), { origin: ORIGIN });
    const usedClient = await createInvitation(actor, client({ email: "c1@example.test" }), { origin: ORIGIN });
    await createInvitation(actor, client({ email: "c2@example.test", company: "Initech" }), { origin: ORIGIN });
    await db.updateTable("invitations").set({ used: true }).where("id", "in", [used.id, usedClient.id]).execute();
    await db
      .updateTable("invitations")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("id", "=", expired.id)
      .execute();

    const teamRows = await listInvitations(actor, "team", ORIGIN);
    expect(teamRows.items.map((row) => [row.email, row.status])).toEqual([
      ["fresh@example.test", "Pending"],
      ["old@example.test", "Expired"],
      ["used@example.test", "Used"],
    ]);
    const clientRows = await listInvitations(actor, "client", ORIGIN);
    expect(clientRows.items.map((row) => [row.email, row.company])).toEqual([["c2@example.test", "Initech"]]);
  });

  test("a client owner sees their company's invitations only; those who may not invite see none", async () => {
    const { owner, clientOwner, designer, employee } = await agencyWithPeople();
    await createInvitation(await actorOf(owner), client({ email: "other@example.test", company: "Initech" }), {
      origin: ORIGIN,
    });
    await createInvitation(await actorOf(clientOwner.user), client({ clientRole: "EMPLOYEE" }), { origin: ORIGIN });
    expect(
      (await listInvitations(await actorOf(clientOwner.user), "client", ORIGIN)).items.map((r) => r.company),
    ).toEqual(["Globex"]);
    expect((await listInvitations(await actorOf(designer.user), "client", ORIGIN)).items).toEqual([]);
    expect((await listInvitations(await actorOf(employee.user), "client", ORIGIN)).items).toEqual([]);
    expect((await listInvitations(await actorOf(clientOwner.user), "team", ORIGIN)).items).toEqual([]);
  });

  test("resend mails team and client invitations again; without an email it says so", async () => {
    const { owner } = await agencyWithPeople();
    const actor = await actorOf(owner);
    const withEmail = await createInvitation(actor, team({ email: "again@example.test" }), { origin: ORIGIN });
    const linkOnly = await createInvitation(actor, client(), { origin: ORIGIN });
    await resendInvitation(actor, withEmail.id, { origin: ORIGIN });
    expect((await readOutbox()).filter((m) => m.to === "again@example.test")).toHaveLength(1);
    await expect(resendInvitation(actor, linkOnly.id, { origin: ORIGIN })).rejects.toThrow(
      "This invitation doesn't have an associated email address.",
    );
  });

  test("another agency cannot resend or delete them (404, nothing changed)", async () => {
    const { owner, agencyId } = await agencyWithPeople();
    const created = await createInvitation(await actorOf(owner), team({ email: "mine@example.test" }), {
      origin: ORIGIN,
    });
    const foreign = await createAgency({ agencyName: "Foreign" });
    const stranger = await actorOf(foreign.owner);
    await expect(deleteInvitation(stranger, created.id)).rejects.toMatchObject({ status: 404 });
    await expect(resendInvitation(stranger, created.id, { origin: ORIGIN })).rejects.toMatchObject({ status: 404 });
    await expect(deleteInvitation(stranger, "not-a-uuid")).rejects.toMatchObject({ status: 404 });
    expect(await invitationCount(agencyId)).toBe(1);
    expect((await readOutbox()).filter((mail) => mail.to === "mine@example.test")).toHaveLength(0);
  });

  test("a team member or client cannot delete the agency's team invitations (404)", async () => {
    const { owner, manager, clientOwner, agencyId } = await agencyWithPeople();
    const created = await createInvitation(await actorOf(owner), team(), { origin: ORIGIN });
    for (const person of [manager.user, clientOwner.user]) {
      await expect(deleteInvitation(await actorOf(person), created.id)).rejects.toMatchObject({ status: 404 });
    }
    expect(await invitationCount(agencyId)).toBe(1);
    await deleteInvitation(await actorOf(owner), created.id);
    expect(await invitationCount(agencyId)).toBe(0);
  });
});

describe("opening a link (SPEC §8)", () => {
  test("a missing, made-up, used, expired or wrong-kind link says why", async () => {
    const { owner } = await agencyWithPeople();
    const actor = await actorOf(owner);
    const used = await createInvitation(actor, team(), { origin: ORIGIN });
    const expired = await createInvitation(actor, team(), { origin: ORIGIN });
    const clientLink = await createInvitation(actor, client(), { origin: ORIGIN });
    await db.updateTable("invitations").set({ used: true }).where("id", "=", used.id).execute();
    await db
      .updateTable("invitations")
      .set({ expires_at: new Date(Date.now() - 1) })
      .where("id", "=", expired.id)
      .execute();

    expect((await openInvitation(null, "team")).problem?.message).toBe("No invitation ID provided in the URL.");
    expect((await openInvitation("made-up", "team")).problem?.message).toBe(
      "No invitation found with this ID. It may have been deleted or expired.",
    );
    expect((await openInvitation(secretOf(used.link), "team")).problem?.title).toBe("Invitation already used");
    expect((await openInvitation(secretOf(expired.link), "team")).problem?.message).toBe(
      "Invalid or expired invitation link.",
    );
    expect((await openInvitation(secretOf(clientLink.link), "team")).problem?.message).toBe("Invalid invitation.");
  });

  test("an invitation's id is no link: only the secret opens it", async () => {
    const { owner } = await agencyWithPeople();
    const created = await createInvitation(await actorOf(owner), team(), { origin: ORIGIN });
    expect((await openInvitation(created.id, "team")).problem).not.toBeNull();
    expect((await openInvitation(secretOf(created.link), "team")).invitation?.agencyName).toBe("Acme Digital");
  });
});

describe("registering from a link (SPEC §4, §5)", () => {
  const register = (invite: string, email: string, name = "Nia Newcomer") =>
    registerInvitee(
      "team",
      { invite, name, email, password: "long enough pw", confirmPassword: "long enough pw", agreeToTerms: true },
      { origin: ORIGIN, clientIp: "198.51.100.1" },
    );

  test("makes a pending account that becomes a team member at verification, in the invitation's role", async () => {
    const { owner, agencyId } = await agencyWithPeople();
    const created = await createInvitation(await actorOf(owner), team({ role: "SEO_SPECIALIST" }), { origin: ORIGIN });
    const user = await register(secretOf(created.link)!, "nia@example.test");
    expect(user).toMatchObject({ user_type: "TEAM_MEMBER", agency_id: agencyId, email_verified_at: null });
    await verifyEmailWithToken(await issueToken(user.id, "email"));
    const member = await db.selectFrom("team_members").selectAll().where("user_id", "=", user.id).executeTakeFirst();
    expect(member).toMatchObject({ role: "SEO_SPECIALIST", name: "Nia Newcomer", agency_id: agencyId });
  });

  test("the invitation's email wins over a typed one", async () => {
    const { owner } = await agencyWithPeople();
    const created = await createInvitation(await actorOf(owner), team({ email: "invited@example.test" }), {
      origin: ORIGIN,
    });
    const user = await register(secretOf(created.link)!, "someone-else@example.test");
    expect(user.email).toBe("invited@example.test");
  });

  test("an email already on the team is refused", async () => {
    const { owner, designer } = await agencyWithPeople();
    const created = await createInvitation(await actorOf(owner), team(), { origin: ORIGIN });
    await expect(register(secretOf(created.link)!, designer.user.email)).rejects.toThrow(
      `A team member with email ${designer.user.email} already exists in your agency.`,
    );
  });

  test("a link works once, even when two registrations race to verify", async () => {
    const { owner, agencyId } = await agencyWithPeople();
    const created = await createInvitation(await actorOf(owner), team(), { origin: ORIGIN });
    const first = await register(secretOf(created.link)!, "first@example.test", "First Person");
    const second = await register(secretOf(created.link)!, "second@example.test", "Second Person");
    const results = await Promise.allSettled([
      verifyEmailWithToken(await issueToken(first.id, "email")),
      verifyEmailWithToken(await issueToken(second.id, "email")),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((result) => result.status === "rejected");
    expect(rejected?.status === "rejected" && rejected.reason).toBeInstanceOf(Refusal);
    const members = await db
      .selectFrom("team_members")
      .select("name")
      .where("agency_id", "=", agencyId)
      .where("name", "in", ["First Person", "Second Person"])
      .execute();
    expect(members).toHaveLength(1);
    await expect(register(secretOf(created.link)!, "third@example.test")).rejects.toThrow(
      "Invitation not found or expired.",
    );
  });
});
