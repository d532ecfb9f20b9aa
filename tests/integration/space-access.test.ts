import { describe, expect, test } from "vitest";
import {
  findVisibleSpace,
  spaceMemberUserIds,
  teamSideOf,
  visibleSpaceIds,
  visibleSpacesOfEach,
} from "~/models/space-access.server";
import {
  addClientToSpace,
  assignTeamMember,
  removeClientFromSpace,
  unassignTeamMember,
} from "~/models/space-assignments.server";
import { db } from "~/services/db.server";
import { subscribe } from "~/models/events.server";
import { actorOf, createAgency, createClient, createSpace, createTeamMember } from "#tests/support/factories";

async function visibleNames(actor: Awaited<ReturnType<typeof actorOf>>) {
  const rows = await db
    .selectFrom("spaces")
    .select("name")
    .where("id", "in", visibleSpaceIds(actor))
    .orderBy("name")
    .execute();
  return rows.map((row) => row.name);
}

async function world() {
  const agency = await createAgency();
  const designer = await createTeamMember(agency.agencyId, "DESIGNER");
  const owner = await createClient(agency.agencyId, { role: "OWNER", company: "Globex" });
  const employee = await createClient(agency.agencyId, { role: "EMPLOYEE", company: "Globex" });
  const outsider = await createClient(agency.agencyId, { role: "EMPLOYEE", company: "Initech" });
  const launch = await createSpace(agency.agencyId, {
    name: "Launch",
    teamMemberIds: [designer.member.id],
    clientIds: [owner.client.id],
  });
  const rebrand = await createSpace(agency.agencyId, { name: "Rebrand" });
  return { agency, designer, owner, employee, outsider, launch, rebrand };
}

describe("which spaces each user type sees (SPEC §6)", () => {
  test("an agency sees its own spaces, not another agency's", async () => {
    const { agency } = await world();
    const other = await world();
    expect(await visibleNames(await actorOf(agency.owner))).toEqual(["Launch", "Rebrand"]);
    await expect(findVisibleSpace(await actorOf(agency.owner), other.launch.id)).rejects.toMatchObject({ status: 404 });
  });

  test("a team member and a client see only the spaces they take part in", async () => {
    const { designer, owner, employee } = await world();
    expect(await visibleNames(await actorOf(designer.user))).toEqual(["Launch"]);
    expect(await visibleNames(await actorOf(owner.user))).toEqual(["Launch"]);
    expect(await visibleNames(await actorOf(employee.user))).toEqual([]);
  });

  test("read for many users at once (the sockets of a reconnect storm), each gets only their own", async () => {
    const { agency, designer, owner, employee, launch, rebrand } = await world();
    const other = await world();
    const actors = await Promise.all(
      [agency.owner, designer.user, owner.user, employee.user, other.agency.owner, other.owner.user].map(actorOf),
    );
    const each = await visibleSpacesOfEach(actors);
    const ids = (index: number) => each[index].map((space) => space.id).sort();
    // Every chat each may read: the agency's staff read both sides of their spaces, clients the client side alone.
    const bothSides = async (...spaceIds: string[]) =>
      [...spaceIds, ...(await Promise.all(spaceIds.map((id) => teamSideOf(id))))].sort();
    expect(ids(0)).toEqual(await bothSides(launch.id, rebrand.id));
    expect(ids(1)).toEqual(await bothSides(launch.id));
    expect(ids(2)).toEqual([launch.id]);
    expect(ids(3)).toEqual([]);
    expect(ids(4)).toEqual(await bothSides(other.launch.id, other.rebrand.id));
    expect(ids(5)).toEqual([other.launch.id]);
    expect(each[0].find((space) => space.id === launch.id)?.lastSeq).toBe(0);
    expect(await visibleSpacesOfEach([])).toEqual([]);
  });

  test("an unknown or malformed space id is not found", async () => {
    const { agency } = await world();
    const actor = await actorOf(agency.owner);
    await expect(findVisibleSpace(actor, "not-a-uuid")).rejects.toThrow("Space not found");
    await expect(findVisibleSpace(actor, crypto.randomUUID())).rejects.toThrow("Space not found");
  });

  test("the members of a space are the agency owner and the people assigned to it", async () => {
    const { agency, designer, owner, launch } = await world();
    expect((await spaceMemberUserIds(launch.id)).sort()).toEqual(
      [agency.owner.id, designer.user.id, owner.user.id].sort(),
    );
  });
});

describe("assigning people to spaces", () => {
  test("the agency assigns and un-assigns a team member, who then sees the space or not", async () => {
    const { agency, designer, rebrand } = await world();
    const actor = await actorOf(agency.owner);
    await assignTeamMember(actor, rebrand.id, designer.member.id);
    await assignTeamMember(actor, rebrand.id, designer.member.id);
    expect(await visibleNames(await actorOf(designer.user))).toEqual(["Launch", "Rebrand"]);

    const removed: Array<[string, string[]]> = [];
    const stop = subscribe("space.access-removed", ({ spaceId, userIds }) => removed.push([spaceId, userIds]));
    await unassignTeamMember(actor, rebrand.id, designer.member.id);
    stop();
    expect(await visibleNames(await actorOf(designer.user))).toEqual(["Launch"]);
    // Out of the space's rooms at once, its team side's too (issue 38).
    expect(removed).toEqual([
      [rebrand.id, [designer.user.id]],
      [await teamSideOf(rebrand.id), [designer.user.id]],
    ]);
  });

  test("team members and clients without the owner role cannot assign anyone", async () => {
    const { designer, employee, rebrand } = await world();
    await expect(assignTeamMember(await actorOf(designer.user), rebrand.id, designer.member.id)).rejects.toMatchObject({
      status: 404,
    });
    await expect(addClientToSpace(await actorOf(employee.user), rebrand.id, employee.client.id)).rejects.toMatchObject({
      status: 404,
    });
  });

  test("another agency's owner cannot touch a space or a person of this agency", async () => {
    const { designer, owner, launch } = await world();
    const other = await world();
    const stranger = await actorOf(other.agency.owner);
    await expect(assignTeamMember(stranger, launch.id, other.designer.member.id)).rejects.toMatchObject({
      status: 404,
    });
    await expect(assignTeamMember(stranger, other.launch.id, designer.member.id)).rejects.toMatchObject({
      status: 404,
    });
    await expect(removeClientFromSpace(stranger, launch.id, owner.client.id)).rejects.toMatchObject({ status: 404 });
    const stillThere = await db
      .selectFrom("space_clients")
      .select("client_id")
      .where("space_id", "=", launch.id)
      .execute();
    expect(stillThere).toEqual([{ client_id: owner.client.id }]);
  });

  test("a client owner adds employees of their own company to their spaces, and no one else", async () => {
    const { owner, employee, outsider, launch, rebrand } = await world();
    const actor = await actorOf(owner.user);
    await addClientToSpace(actor, launch.id, employee.client.id);
    expect(await visibleNames(await actorOf(employee.user))).toEqual(["Launch"]);
    await expect(addClientToSpace(actor, launch.id, outsider.client.id)).rejects.toThrow("Client not found");
    await expect(addClientToSpace(actor, rebrand.id, employee.client.id)).rejects.toThrow("Space not found");
    await removeClientFromSpace(actor, launch.id, employee.client.id);
    expect(await visibleNames(await actorOf(employee.user))).toEqual([]);
  });
});
