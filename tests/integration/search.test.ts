import { describe, expect, test } from "vitest";
import { search } from "~/models/search.server";
import { assignTeamMember } from "~/models/space-assignments.server";
import { createSpace } from "~/models/spaces.server";
import { actorOf, createAgency, createClient, createTeamMember } from "#tests/support/factories";

async function world(agencyName = "Acme Digital") {
  const agency = await createAgency({ agencyName });
  const admin = await actorOf(agency.owner);
  const designer = await createTeamMember(agency.agencyId, "DESIGNER", { name: "Dana Designer" });
  const writer = await createTeamMember(agency.agencyId, "CONTENT_WRITER", { name: "Wes Writer" });
  const globex = await createClient(agency.agencyId, { role: "OWNER", company: "Globex", name: "Olivia Owner" });
  const colleague = await createClient(agency.agencyId, { role: "EMPLOYEE", company: "Globex", name: "Gus Colleague" });
  const initech = await createClient(agency.agencyId, { role: "OWNER", company: "Initech", name: "Ivan Initech" });
  const launch = await createSpace(admin, { clientOwnerId: globex.client.id, name: "Globex Launch" });
  await createSpace(admin, { clientOwnerId: initech.client.id, name: "Initech Secret" });
  await assignTeamMember(admin, launch.id, designer.member.id);
  return { admin, designer, writer, globex, colleague, initech, launch };
}

const found = async (actor: Awaited<ReturnType<typeof actorOf>>, query: string) => {
  const results = await search(actor, query);
  return { spaces: results.spaces.map((space) => space.name), people: results.people.map((person) => person.name) };
};

describe("search finds the spaces and people the user may see", () => {
  test("the agency finds its spaces and people by name, company or email, and nothing of another agency", async () => {
    const { admin, globex } = await world();
    await world("Other Agency");
    expect(await found(admin, "globex")).toEqual({
      spaces: ["Globex Launch"],
      people: ["Gus Colleague", "Olivia Owner"],
    });
    expect(await found(admin, globex.user.email.toUpperCase())).toEqual({
      spaces: ["Globex Launch"],
      people: ["Olivia Owner"],
    });
    expect(await found(admin, "writer")).toEqual({ spaces: [], people: ["Wes Writer"] });
  });

  test("a team member finds only their own spaces", async () => {
    const { designer } = await world();
    expect((await found(await actorOf(designer.user), "e")).spaces).toEqual(["Globex Launch"]);
  });

  test("a client finds their spaces, the team of their spaces and their colleagues, and no one else", async () => {
    const { globex } = await world();
    expect(await found(await actorOf(globex.user), "e")).toEqual({
      spaces: ["Globex Launch"],
      people: ["Dana Designer", "Gus Colleague", "Olivia Owner"],
    });
  });

  test("wildcards are searched as text, and an empty query finds nothing", async () => {
    const { admin } = await world();
    expect(await found(admin, "%")).toEqual({ spaces: [], people: [] });
    expect(await found(admin, "Glo_ex")).toEqual({ spaces: [], people: [] });
    expect(await found(admin, "Glo%Launch")).toEqual({ spaces: [], people: [] });
    expect(await found(admin, "   ")).toEqual({ spaces: [], people: [] });
  });
});
