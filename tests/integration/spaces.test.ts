import { Refusal } from "~/models/errors.server";
import crypto from "node:crypto";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { holdImage, pruneUnusedUploads } from "~/models/pending-uploads.server";
import { teamSideOf } from "~/models/space-access.server";
import { removeClientFromSpace } from "~/models/space-assignments.server";
import { getSpaceClients, getSpaceTeam } from "~/models/space-members.server";
import {
  createSpace,
  deleteSpace,
  getSpaceOverview,
  listClientOwners,
  listVisibleSpaces,
  updateSpace,
} from "~/models/spaces.server";
import { db } from "~/services/db.server";
import { subscribe } from "~/models/events.server";
import { storage } from "~/services/storage.server";
import { actorOf, createAgency, createClient, createTeamMember } from "#tests/support/factories";

type Actor = Awaited<ReturnType<typeof actorOf>>;

async function png(width = 64) {
  const bytes = await sharp({ create: { width, height: width, channels: 3, background: "#3366ff" } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], "logo.png", { type: "image/png" });
}

async function heldLogo(actor: Actor) {
  return holdImage(actor, await png(), "agency-logos");
}

/** An agency with a designer, an account manager, two Globex clients (owner, employee), an Initech owner, and one space. */
async function world() {
  const agency = await createAgency();
  const designer = await createTeamMember(agency.agencyId, "DESIGNER", { name: "Dana Designer" });
  const manager = await createTeamMember(agency.agencyId, "ACCOUNT_MANAGER", { name: "Mia Manager" });
  const owner = await createClient(agency.agencyId, { role: "OWNER", company: "Globex", name: "Olivia Owner" });
  const employee = await createClient(agency.agencyId, { role: "EMPLOYEE", company: "Globex", name: "Eli Employee" });
  const initech = await createClient(agency.agencyId, { role: "OWNER", company: "Initech", name: "Ivan Initech" });
  const admin = await actorOf(agency.owner);
  const launch = await createSpace(admin, { clientOwnerId: owner.client.id });
  await db
    .insertInto("team_member_spaces")
    .values({ space_id: launch.id, team_member_id: designer.member.id })
    .execute();
  return { agency, admin, designer, manager, owner, employee, initech, launch };
}

const names = (spaces: { items: Array<{ name: string }> }) => spaces.items.map((space) => space.name);

describe("which spaces each user type sees (SPEC §6)", () => {
  test("the agency sees all its spaces with real counts, nobody else's", async () => {
    const { admin, initech } = await world();
    const other = await world();
    await createSpace(admin, { clientOwnerId: initech.client.id, name: "Initech Rebrand" });
    const spaces = await listVisibleSpaces(admin);
    expect(names(spaces)).toEqual(["Globex", "Initech Rebrand"]);
    expect(spaces.items[0]).toMatchObject({ teamMemberCount: 1, clientCount: 1, email: expect.stringContaining("@") });
    expect(spaces.items[1]).toMatchObject({ teamMemberCount: 0, clientCount: 1 });
    expect(names(await listVisibleSpaces(other.admin))).toEqual(["Globex"]);
    expect((await listVisibleSpaces(other.admin)).items[0].id).not.toBe(spaces.items[0].id);
  });

  test("a team member and a client see only the spaces they take part in", async () => {
    const { designer, manager, owner, employee, initech } = await world();
    expect(names(await listVisibleSpaces(await actorOf(designer.user)))).toEqual(["Globex"]);
    expect(names(await listVisibleSpaces(await actorOf(manager.user)))).toEqual([]);
    expect(names(await listVisibleSpaces(await actorOf(owner.user)))).toEqual(["Globex"]);
    expect(names(await listVisibleSpaces(await actorOf(employee.user)))).toEqual([]);
    expect(names(await listVisibleSpaces(await actorOf(initech.user)))).toEqual([]);
  });

  test("the space page shows the client owner and the agency to those who see it, and is not found for others", async () => {
    const { designer, manager, owner, launch } = await world();
    const other = await world();
    const overview = await getSpaceOverview(await actorOf(designer.user), launch.id);
    expect(overview).toMatchObject({
      name: "Globex",
      clientOwner: { name: "Olivia Owner", company: "Globex", email: owner.user.email },
      agency: { name: "Acme Digital", ownerName: "Ada Owner" },
      canEdit: false,
    });
    await expect(getSpaceOverview(await actorOf(manager.user), launch.id)).rejects.toThrow("Space not found");
    await expect(getSpaceOverview(other.admin, launch.id)).rejects.toThrow("Space not found");
    await expect(getSpaceOverview(other.admin, "not-a-uuid")).rejects.toThrow("Space not found");
  });
});

describe("who may create, edit and delete spaces (SPEC §6 canEdit)", () => {
  test("team members, even account managers, and clients, even owners, may not", async () => {
    const { designer, manager, owner, launch } = await world();
    for (const user of [designer.user, manager.user, owner.user]) {
      const actor = await actorOf(user);
      await expect(createSpace(actor, { clientOwnerId: owner.client.id, name: "Sneaky" })).rejects.toMatchObject({
        status: 404,
      });
      await expect(
        updateSpace(actor, launch.id, { name: "Renamed", clientOwnerId: owner.client.id }),
      ).rejects.toMatchObject({ status: 404 });
      await expect(deleteSpace(actor, launch.id)).rejects.toMatchObject({ status: 404 });
      await expect(listClientOwners(actor)).rejects.toMatchObject({ status: 404 });
    }
    const space = await db.selectFrom("spaces").selectAll().where("id", "=", launch.id).executeTakeFirstOrThrow();
    expect(space.name).toBe("Globex");
    expect(await db.selectFrom("spaces").select("name").where("name", "=", "Sneaky").execute()).toEqual([]);
  });

  test("another agency can neither edit nor delete a space, nor make one for a client, of this agency", async () => {
    const { owner, launch } = await world();
    const other = await world();
    await expect(
      updateSpace(other.admin, launch.id, { name: "Hijacked", clientOwnerId: other.owner.client.id }),
    ).rejects.toThrow("Space not found");
    await expect(deleteSpace(other.admin, launch.id)).rejects.toThrow("Space not found");
    await expect(createSpace(other.admin, { clientOwnerId: owner.client.id })).rejects.toMatchObject({
      field: "clientOwnerId",
    });
    const space = await db.selectFrom("spaces").selectAll().where("id", "=", launch.id).executeTakeFirstOrThrow();
    expect(space).toMatchObject({ name: "Globex", client_owner_id: owner.client.id });
  });
});

describe("creating a space", () => {
  test("for an OWNER client: named after their company unless named, with them in it, and the activity recorded", async () => {
    const { admin, owner, launch } = await world();
    expect(launch).toMatchObject({ name: "Globex", company: "Globex", client_owner_id: owner.client.id });
    expect(launch.email).toBe(owner.user.email);
    const clients = await db
      .selectFrom("space_clients")
      .select("client_id")
      .where("space_id", "=", launch.id)
      .execute();
    expect(clients).toEqual([{ client_id: owner.client.id }]);
    const activity = await db.selectFrom("activity").selectAll().where("subject_id", "=", launch.id).execute();
    expect(activity).toMatchObject([{ action: "space.created", summary: "Ada Owner created the space Globex" }]);
    expect((await listClientOwners(admin)).map((client) => client.name)).toEqual(["Ivan Initech", "Olivia Owner"]);
  });

  test("only an OWNER client can own a space, and a name needs 2 characters", async () => {
    const { admin, owner, employee } = await world();
    await expect(createSpace(admin, { clientOwnerId: employee.client.id })).rejects.toMatchObject({
      field: "clientOwnerId",
      message: "Only a client with the OWNER role can own a space. Please choose another client owner.",
    });
    await expect(createSpace(admin, { clientOwnerId: "not-a-uuid" })).rejects.toMatchObject({ field: "clientOwnerId" });
    await expect(createSpace(admin, { clientOwnerId: owner.client.id, name: " x " })).rejects.toMatchObject({
      field: "name",
    });
  });

  test("takes a logo its user uploaded, once; not another user's upload, nor any other stored file", async () => {
    const { admin, owner, initech } = await world();
    const other = await world();
    const key = await heldLogo(admin);
    const space = await createSpace(admin, { clientOwnerId: owner.client.id, name: "With Logo", logo: key });
    expect(space.logo).toBe(key);
    await expect(createSpace(admin, { clientOwnerId: initech.client.id, logo: key })).rejects.toMatchObject({
      field: "logo",
      message: "Please upload the logo again.",
    });

    const foreignKey = await heldLogo(other.admin);
    await expect(createSpace(admin, { clientOwnerId: initech.client.id, logo: foreignKey })).rejects.toMatchObject({
      field: "logo",
    });
    const avatar = await holdImage(admin, await png(), "avatars");
    await expect(createSpace(admin, { clientOwnerId: initech.client.id, logo: avatar })).rejects.toMatchObject({
      field: "logo",
    });
    await expect(
      createSpace(admin, { clientOwnerId: initech.client.id, logo: `agency-logos/${"0".repeat(32)}.webp` }),
    ).rejects.toMatchObject({ field: "logo" });
    expect(names(await listVisibleSpaces(admin))).toEqual(["Globex", "With Logo"]);
  });
});

describe("editing a space (SPEC §2.8)", () => {
  test("saves every field; a new logo replaces the old, whose file is removed from storage", async () => {
    const { admin, owner, launch } = await world();
    const first = await heldLogo(admin);
    await updateSpace(admin, launch.id, { name: "Globex Launch", clientOwnerId: owner.client.id, logo: first });
    expect(await storage().get(first)).not.toBeNull();

    const second = await heldLogo(admin);
    const updated = await updateSpace(admin, launch.id, {
      name: "Globex Relaunch",
      clientOwnerId: owner.client.id,
      company: "Globex Corp",
      email: "team@globex.example",
      contactNumber: "(555) 123-4567",
      url: "https://globex.example",
      logo: second,
    });
    expect(updated).toMatchObject({
      name: "Globex Relaunch",
      company: "Globex Corp",
      email: "team@globex.example",
      contact_number: "(555) 123-4567",
      url: "https://globex.example",
      logo: second,
    });
    expect(await storage().get(first)).toBeNull();
    expect(await storage().get(second)).not.toBeNull();

    // Without a new logo the logo stays; emptied optional fields are cleared.
    const kept = await updateSpace(admin, launch.id, { name: "Globex Relaunch", clientOwnerId: owner.client.id });
    expect(kept).toMatchObject({ logo: second, email: null, url: null });
  });

  test("a new client owner must be an OWNER client, and joins the space", async () => {
    const { admin, employee, initech, launch } = await world();
    await expect(
      updateSpace(admin, launch.id, { name: "Globex", clientOwnerId: employee.client.id }),
    ).rejects.toMatchObject({ field: "clientOwnerId" });
    await updateSpace(admin, launch.id, { name: "Globex", clientOwnerId: initech.client.id });
    expect(names(await listVisibleSpaces(await actorOf(initech.user)))).toEqual(["Globex"]);
  });
});

describe("deleting a space", () => {
  test("removes its messages, its logo and its chat attachments, and ends everyone's access", async () => {
    const { admin, designer, owner, launch } = await world();
    const logo = await heldLogo(admin);
    await updateSpace(admin, launch.id, { name: "Globex", clientOwnerId: owner.client.id, logo });
    const attachment = `chat-attachments/${crypto.randomBytes(16).toString("hex")}.pdf`;
    await storage().put(attachment, Buffer.from("%PDF-1.4"), { contentType: "application/pdf" });
    await db
      .insertInto("space_messages")
      .values([
        { space_id: launch.id, sender_id: admin.id, client_id: "m1", content: "Hello" },
        { space_id: launch.id, sender_id: owner.user.id, client_id: "m2", attachment_key: attachment },
      ])
      .execute();

    const teamSide = await teamSideOf(launch.id);
    const removed: Array<[string, string[]]> = [];
    const stop = subscribe("space.access-removed", ({ spaceId, userIds }) => removed.push([spaceId, userIds.sort()]));
    await deleteSpace(admin, launch.id);
    stop();

    expect(await db.selectFrom("space_messages").select("id").where("space_id", "=", launch.id).execute()).toEqual([]);
    expect(await storage().get(logo)).toBeNull();
    expect(await storage().get(attachment)).toBeNull();
    // Both sides' rooms: the team side's only ever had the agency's staff (issue 38).
    expect(removed).toEqual([
      [launch.id, [admin.id, designer.user.id, owner.user.id].sort()],
      [teamSide, [admin.id, designer.user.id].sort()],
    ]);
    expect(await db.selectFrom("spaces").select("id").where("id", "=", teamSide).execute()).toEqual([]);
    expect((await listVisibleSpaces(admin)).items).toEqual([]);
    const activity = await db.selectFrom("activity").select("action").where("subject_id", "=", launch.id).execute();
    expect(activity.map((row) => row.action)).toContain("space.deleted");
  });
});

describe("the client owner (decision 004)", () => {
  test("stays in the space until another is chosen", async () => {
    const { admin, owner, launch } = await world();
    await expect(removeClientFromSpace(admin, launch.id, owner.client.id)).rejects.toBeInstanceOf(Refusal);
    expect(names(await listVisibleSpaces(await actorOf(owner.user)))).toEqual(["Globex"]);
  });

  test("whose client record is removed leaves the space without an owner, and the space stays", async () => {
    const { admin, owner, launch } = await world();
    await db.deleteFrom("clients").where("id", "=", owner.client.id).execute();
    expect(await getSpaceOverview(admin, launch.id)).toMatchObject({ name: "Globex", clientOwner: null });
  });
});

describe("Manage Team and Manage Clients", () => {
  test("Manage Team is for those who manage the team", async () => {
    const { admin, designer, manager, launch } = await world();
    const team = await getSpaceTeam(admin, launch.id);
    expect(team.assigned.map((member) => member.name)).toEqual(["Dana Designer"]);
    expect(team.available.map((member) => member.id)).toEqual([manager.member.id]);
    await expect(getSpaceTeam(await actorOf(designer.user), launch.id)).rejects.toMatchObject({ status: 404 });
  });

  test("the agency may add any of its clients; a client owner only their own company's; others nobody", async () => {
    const { admin, owner, employee, initech, designer, launch } = await world();
    const asAgency = await getSpaceClients(admin, launch.id);
    expect(asAgency.addLabel).toBe("Add Client");
    expect(asAgency.candidates.map((candidate) => candidate.id).sort()).toEqual(
      [employee.client.id, initech.client.id].sort(),
    );
    expect(asAgency.clients).toMatchObject([{ id: owner.client.id, isOwner: true, canRemove: false }]);

    const asOwner = await getSpaceClients(await actorOf(owner.user), launch.id);
    expect(asOwner.addLabel).toBe("Add Employee");
    expect(asOwner.candidates.map((candidate) => candidate.id)).toEqual([employee.client.id]);

    const asDesigner = await getSpaceClients(await actorOf(designer.user), launch.id);
    expect(asDesigner).toMatchObject({ addLabel: null, candidates: [] });
    await expect(getSpaceClients(await actorOf(initech.user), launch.id)).rejects.toMatchObject({ status: 404 });
  });
});

describe("logos uploaded ahead of their form", () => {
  test("are removed with their file when left unused for a day", async () => {
    const { admin } = await world();
    const key = await heldLogo(admin);
    expect(await pruneUnusedUploads(new Date(Date.now() + 3600_000))).toBe(0);
    expect(await pruneUnusedUploads(new Date(Date.now() + 25 * 3600_000))).toBeGreaterThanOrEqual(1);
    expect(await storage().get(key)).toBeNull();
  });

  test("are checked from their bytes like every image", async () => {
    const { admin } = await world();
    await expect(
      holdImage(admin, new File(["not an image"], "logo.png", { type: "image/png" }), "agency-logos"),
    ).rejects.toMatchObject({ title: "Invalid file type", message: "Please upload an image file." });
    expect(await db.selectFrom("pending_uploads").select("key").execute()).toEqual([]);
  });
});
