import { describe, expect, test } from "vitest";
import { companyNamed } from "~/models/client-companies.server";
import { getDashboard } from "~/models/dashboard.server";
import { assignTeamMember } from "~/models/space-assignments.server";
import { createSpace, deleteSpace } from "~/models/spaces.server";
import { db } from "~/services/db.server";
import { actorOf, createAgency, createClient, createTeamMember } from "#tests/support/factories";

/** Two spaces: Globex (designer assigned, Globex owner in it) and Initech (nobody but its owner). */
async function world() {
  const agency = await createAgency({ firstName: "Ada" });
  const admin = await actorOf(agency.owner);
  const designer = await createTeamMember(agency.agencyId, "DESIGNER", { name: "Dana Designer" });
  const manager = await createTeamMember(agency.agencyId, "ACCOUNT_MANAGER", { name: "Mia Manager" });
  const globex = await createClient(agency.agencyId, { role: "OWNER", company: "Globex", name: "Olivia Owner" });
  await createClient(agency.agencyId, { role: "EMPLOYEE", company: "Globex", name: "Eli Employee" });
  const initech = await createClient(agency.agencyId, { role: "OWNER", company: "Initech", name: "Ivan Initech" });
  // Invited, not signed up yet: not an active client.
  await db
    .insertInto("clients")
    .values({
      agency_id: agency.agencyId,
      name: "Pending Pat",
      email: "pat@globex.example",
      company_id: await companyNamed(db, agency.agencyId, "Globex"),
    })
    .execute();
  const globexSpace = await createSpace(admin, { clientOwnerId: globex.client.id, name: "Globex Launch" });
  await createSpace(admin, { clientOwnerId: initech.client.id, name: "Initech Secret" });
  await assignTeamMember(admin, globexSpace.id, designer.member.id);
  return { agency, admin, designer, manager, globex, initech, globexSpace };
}

const figures = (dashboard: Awaited<ReturnType<typeof getDashboard>>) =>
  Object.fromEntries(dashboard.stats.map((stat) => [stat.label, stat.value]));
const summaries = (dashboard: Awaited<ReturnType<typeof getDashboard>>) =>
  dashboard.activity.map((item) => item.summary);

describe("dashboards count what each user may see", () => {
  test("the agency: all its spaces, its team and its clients who signed up", async () => {
    const { admin } = await world();
    await world();
    expect(figures(await getDashboard(admin))).toEqual({ "Total Spaces": 2, "Team Members": 2, "Active Clients": 3 });
  });

  test("a team member: only their spaces", async () => {
    const { designer, manager } = await world();
    expect(figures(await getDashboard(await actorOf(designer.user)))).toMatchObject({ "Total Spaces": 1 });
    expect(figures(await getDashboard(await actorOf(manager.user)))).toMatchObject({ "Total Spaces": 0 });
  });

  test("a client: their spaces, the agency team in them and their company's active employees", async () => {
    const { globex, initech } = await world();
    expect(figures(await getDashboard(await actorOf(globex.user)))).toEqual({
      "Total Spaces": 1,
      "Agency Team": 1,
      "Active Employees": 2,
    });
    expect(figures(await getDashboard(await actorOf(initech.user)))).toEqual({
      "Total Spaces": 1,
      "Agency Team": 0,
      "Active Employees": 1,
    });
  });
});

describe("recent activity shows what spaces produce, to those who may know of it", () => {
  test("the agency sees every space created, assigned and deleted", async () => {
    const { admin, globexSpace } = await world();
    await deleteSpace(admin, globexSpace.id);
    expect(summaries(await getDashboard(admin))).toEqual([
      "Ada Owner deleted the space Globex Launch",
      "Dana Designer was assigned to Globex Launch",
      "Ada Owner created the space Initech Secret",
      "Ada Owner created the space Globex Launch",
    ]);
  });

  test("team members and clients see the activity of their own spaces only", async () => {
    const { designer, manager, globex } = await world();
    const globexOnly = ["Dana Designer was assigned to Globex Launch", "Ada Owner created the space Globex Launch"];
    expect(summaries(await getDashboard(await actorOf(designer.user)))).toEqual(globexOnly);
    expect(summaries(await getDashboard(await actorOf(globex.user)))).toEqual(globexOnly);
    expect(summaries(await getDashboard(await actorOf(manager.user)))).toEqual([]);
  });
});

describe("quick actions follow permissions (SPEC §2.2)", () => {
  test("only the agency creates spaces and invites team members; account managers and client owners invite clients", async () => {
    const { admin, designer, manager, globex } = await world();
    const employee = await actorOf(
      (await createClient(admin.agencyId!, { role: "EMPLOYEE", company: "Globex", name: "Emma" })).user,
    );
    expect((await getDashboard(admin)).permissions).toEqual({
      createSpaces: true,
      inviteTeam: true,
      inviteClients: true,
    });
    expect((await getDashboard(await actorOf(manager.user))).permissions).toEqual({
      createSpaces: false,
      inviteTeam: false,
      inviteClients: true,
    });
    expect((await getDashboard(await actorOf(designer.user))).permissions.inviteClients).toBe(false);
    expect((await getDashboard(await actorOf(globex.user))).permissions).toEqual({
      createSpaces: false,
      inviteTeam: false,
      inviteClients: true,
    });
    expect((await getDashboard(employee)).permissions.inviteClients).toBe(false);
  });
});
