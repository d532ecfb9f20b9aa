import { Refusal } from "~/models/errors.server";
import { describe, expect, test } from "vitest";
import { authenticate } from "~/models/accounts.server";
import { listClientRoster } from "~/models/clients.server";
import { companyNamed } from "~/models/client-companies.server";
import { getPerson, removePerson, updatePerson } from "~/models/people.server";
import { listAgencyTeamForClient, listTeamRoster } from "~/models/team-members.server";
import { issueTemporaryPassword, replaceTemporaryPassword } from "~/models/temporary-passwords.server";
import { verifyPassword } from "~/models/passwords.server";
import { db } from "~/services/db.server";
import { subscribe } from "~/models/events.server";
import { teamSideOf } from "~/models/space-access.server";
import {
  PASSWORD,
  actorOf,
  createAgency,
  createClient,
  createSpace,
  createSpaceMessage,
  createTeamMember,
} from "#tests/support/factories";

async function agencyWithPeople() {
  const agency = await createAgency({ agencyName: "Acme Digital" });
  const manager = await createTeamMember(agency.agencyId, "ACCOUNT_MANAGER", { name: "Mia Manager" });
  const designer = await createTeamMember(agency.agencyId, "DESIGNER", { name: "Dan Designer" });
  const owner = await createClient(agency.agencyId, { role: "OWNER", company: "Globex", name: "Olga Owner" });
  const employee = await createClient(agency.agencyId, { role: "EMPLOYEE", company: "Globex", name: "Eve Employee" });
  const other = await createClient(agency.agencyId, { role: "OWNER", company: "Initech", name: "Ian Initech" });
  const globexSpace = await createSpace(agency.agencyId, {
    name: "Globex Launch",
    teamMemberIds: [manager.member.id],
    clientIds: [owner.client.id, employee.client.id],
  });
  const initechSpace = await createSpace(agency.agencyId, {
    name: "Initech Site",
    teamMemberIds: [designer.member.id],
    clientIds: [other.client.id],
  });
  return { ...agency, manager, designer, clientOwner: owner, employee, other, globexSpace, initechSpace };
}

const names = (rows: Array<{ name: string }>) => rows.map((row) => row.name);

describe("who sees whom (SPEC §6)", () => {
  test("the agency sees its owner card, every team member with their spaces, and may edit and invite", async () => {
    const { owner } = await agencyWithPeople();
    const roster = await listTeamRoster(await actorOf(owner));
    expect(roster.owner).toMatchObject({ agencyName: "Acme Digital", email: owner.email });
    expect(names(roster.members.items)).toEqual(["Dan Designer", "Mia Manager"]);
    expect(roster.members.items[1].spaces.map((space) => space.name)).toEqual(["Globex Launch"]);
    expect(roster).toMatchObject({ canEdit: true, canInvite: true });
  });

  test("a team member sees their colleagues, without the owner card, and may neither edit nor invite", async () => {
    const { manager } = await agencyWithPeople();
    const roster = await listTeamRoster(await actorOf(manager.user));
    expect(roster.owner).toBeNull();
    expect(names(roster.members.items)).toEqual(["Dan Designer", "Mia Manager"]);
    expect(roster).toMatchObject({ canEdit: false, canInvite: false, spaces: [] });
    // SPEC §6: a team member sees the spaces assigned to them. Dan's Initech Site is not the manager's to learn of.
    const spacesOf = (name: string) => roster.members.items.find((member) => member.name === name)?.spaces;
    expect(spacesOf("Dan Designer")).toEqual([]);
    expect(spacesOf("Mia Manager")?.map((space) => space.name)).toEqual(["Globex Launch"]);
  });

  test("a client sees only the team members assigned to their spaces, and only those spaces", async () => {
    const { employee } = await agencyWithPeople();
    const team = await listAgencyTeamForClient(await actorOf(employee.user));
    expect(names(team.items)).toEqual(["Mia Manager"]);
    await expect(listTeamRoster(await actorOf(employee.user))).rejects.toMatchObject({ status: 404 });
  });

  test("the agency sees every client; a team member the clients of their spaces; a client the others of their company", async () => {
    const { owner, manager, designer, clientOwner, employee } = await agencyWithPeople();
    expect(names((await listClientRoster(await actorOf(owner))).clients.items)).toEqual([
      "Eve Employee",
      "Ian Initech",
      "Olga Owner",
    ]);
    const managerView = await listClientRoster(await actorOf(manager.user));
    expect(names(managerView.clients.items)).toEqual(["Eve Employee", "Olga Owner"]);
    expect(managerView).toMatchObject({ canEdit: false, canInvite: true });
    expect(await listClientRoster(await actorOf(designer.user))).toMatchObject({ canInvite: false });

    const ownerView = await listClientRoster(await actorOf(clientOwner.user));
    expect(names(ownerView.clients.items)).toEqual(["Eve Employee"]);
    expect(ownerView).toMatchObject({ canEdit: false, canInvite: true });
    const employeeView = await listClientRoster(await actorOf(employee.user));
    expect(names(employeeView.clients.items)).toEqual(["Olga Owner"]);
    expect(employeeView.canInvite).toBe(false);
  });
});

describe("editing (SPEC §2.9, §2.10, §5)", () => {
  test("the agency edits a team member's details and role", async () => {
    const { owner, designer } = await agencyWithPeople();
    await updatePerson(await actorOf(owner), "team_member", designer.member.id, {
      intent: "update",
      name: "Dana Designer",
      email: designer.user.email,
      role: "CONTENT_WRITER",
      mobileNumber: "(555) 123-4567",
    });
    const row = await db.selectFrom("team_members").selectAll().where("id", "=", designer.member.id).executeTakeFirst();
    expect(row).toMatchObject({ name: "Dana Designer", role: "CONTENT_WRITER", mobile_number: "(555) 123-4567" });
  });

  test("the agency edits a client inline", async () => {
    const { owner, employee } = await agencyWithPeople();
    await updatePerson(await actorOf(owner), "client", employee.client.id, {
      intent: "update",
      name: "Eve E.",
      role: "LEAD",
      company: "Globex",
      email: employee.user.email,
      extension: "42",
      url: "https://globex.example",
    });
    const row = await db.selectFrom("clients").selectAll().where("id", "=", employee.client.id).executeTakeFirst();
    expect(row).toMatchObject({ name: "Eve E.", role: "LEAD", extension: "42", url: "https://globex.example" });
  });

  test("nobody but the agency edits, and another agency gets 404 with nothing changed", async () => {
    const { manager, designer, clientOwner, employee } = await agencyWithPeople();
    const foreign = await createAgency({ agencyName: "Foreign" });
    const strangers = [await actorOf(foreign.owner), await actorOf(manager.user), await actorOf(clientOwner.user)];
    for (const actor of strangers) {
      await expect(
        updatePerson(actor, "team_member", designer.member.id, {
          intent: "update",
          name: "Hacked",
          email: designer.user.email,
          role: "OWNER",
        }),
      ).rejects.toMatchObject({ status: 404 });
      await expect(
        updatePerson(actor, "client", employee.client.id, {
          intent: "update",
          name: "Hacked",
          role: "OWNER",
          email: employee.user.email,
        }),
      ).rejects.toMatchObject({ status: 404 });
      await expect(getPerson(actor, "team_member", designer.member.id)).rejects.toMatchObject({ status: 404 });
      await expect(getPerson(actor, "client", employee.client.id)).rejects.toMatchObject({ status: 404 });
    }
    const member = await db
      .selectFrom("team_members")
      .selectAll()
      .where("id", "=", designer.member.id)
      .executeTakeFirst();
    const client = await db.selectFrom("clients").selectAll().where("id", "=", employee.client.id).executeTakeFirst();
    expect(member).toMatchObject({ name: "Dan Designer", role: "DESIGNER" });
    expect(client).toMatchObject({ name: "Eve Employee", role: "EMPLOYEE" });
  });
});

describe("removing (SPEC §2.9, §2.10)", () => {
  test("a removed team member loses record, spaces and sessions at once; their messages stay theirs", async () => {
    const { owner, manager, globexSpace } = await agencyWithPeople();
    const message = await createSpaceMessage(globexSpace.id, manager.user.id, { content: "Kick-off notes" });
    await db
      .insertInto("sessions")
      .values({ id: "manager-session", user_id: manager.user.id, expires_at: new Date(Date.now() + 60_000) })
      .execute();
    const ended: string[] = [];
    const removedFrom: string[] = [];
    const stop = [
      subscribe("user.sessions-ended", ({ userId }) => ended.push(userId)),
      subscribe("space.access-removed", ({ spaceId }) => removedFrom.push(spaceId)),
    ];

    await removePerson(await actorOf(owner), "team_member", manager.member.id);
    stop.forEach((unsubscribe) => unsubscribe());

    expect(ended).toEqual([manager.user.id]);
    // Both of the space's chats, its client chat and its team-only side (issue 38).
    expect(removedFrom).toEqual([globexSpace.id, await teamSideOf(globexSpace.id)]);
    expect(await db.selectFrom("team_members").select("id").where("id", "=", manager.member.id).execute()).toEqual([]);
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", manager.user.id).execute()).toEqual([]);
    const kept = await db
      .selectFrom("space_messages")
      .select("sender_id")
      .where("id", "=", message.id)
      .executeTakeFirst();
    expect(kept?.sender_id).toBe(manager.user.id);
    await expect(authenticate(manager.user.email, PASSWORD, "203.0.113.9")).rejects.toThrow(
      "Your account is no longer part of this workspace. Please contact your agency.",
    );
  });

  test("a removed client loses record and spaces; sign-in is refused with a clear message", async () => {
    const { owner, employee } = await agencyWithPeople();
    await removePerson(await actorOf(owner), "client", employee.client.id);
    expect(await db.selectFrom("clients").select("id").where("id", "=", employee.client.id).execute()).toEqual([]);
    await expect(authenticate(employee.user.email, PASSWORD, "203.0.113.9")).rejects.toBeInstanceOf(Refusal);
  });

  test("nobody but the agency removes, and another agency gets 404 with nothing removed", async () => {
    const { manager, designer, clientOwner, employee } = await agencyWithPeople();
    const foreign = await createAgency({ agencyName: "Foreign" });
    for (const actor of [await actorOf(foreign.owner), await actorOf(manager.user), await actorOf(clientOwner.user)]) {
      await expect(removePerson(actor, "team_member", designer.member.id)).rejects.toMatchObject({ status: 404 });
      await expect(removePerson(actor, "client", employee.client.id)).rejects.toMatchObject({ status: 404 });
    }
    expect(
      await db.selectFrom("team_members").select("id").where("id", "=", designer.member.id).execute(),
    ).toHaveLength(1);
    expect(await db.selectFrom("clients").select("id").where("id", "=", employee.client.id).execute()).toHaveLength(1);
  });
});

describe("temporary passwords (SPEC §4)", () => {
  test("the agency gives a person a temporary password; they must replace it, and all sessions end", async () => {
    const { owner, designer } = await agencyWithPeople();
    const { password } = await issueTemporaryPassword(await actorOf(owner), "team_member", designer.member.id);
    const user = await authenticate(designer.user.email, password, "203.0.113.10");
    expect(user.must_change_password).toBe(true);
    expect((await actorOf(user)).mustChangePassword).toBe(true);

    await replaceTemporaryPassword(await actorOf(user), "my own new password");
    const after = await db.selectFrom("users").selectAll().where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(after.must_change_password).toBe(false);
    expect(await verifyPassword(after.password_hash, "my own new password")).toBe(true);
  });

  test("a client record without an account gets a verified account with the temporary password", async () => {
    const { owner, agencyId } = await agencyWithPeople();
    const record = await db
      .insertInto("clients")
      .values({
        agency_id: agencyId,
        name: "Nora New",
        email: "nora@example.test",
        company_id: await companyNamed(db, agencyId, "Globex"),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const { password } = await issueTemporaryPassword(await actorOf(owner), "client", record.id);
    const user = await authenticate("nora@example.test", password, "203.0.113.11");
    expect(user).toMatchObject({ user_type: "CLIENT", agency_id: agencyId, must_change_password: true });
    expect((await actorOf(user)).client?.id).toBe(record.id);
  });

  test("nobody but the agency gives temporary passwords; another agency gets 404", async () => {
    const { manager, clientOwner, designer } = await agencyWithPeople();
    const foreign = await createAgency({ agencyName: "Foreign" });
    for (const actor of [await actorOf(foreign.owner), await actorOf(manager.user), await actorOf(clientOwner.user)]) {
      await expect(issueTemporaryPassword(actor, "team_member", designer.member.id)).rejects.toMatchObject({
        status: 404,
      });
    }
    await authenticate(designer.user.email, PASSWORD, "203.0.113.12");
  });
});
