import { describe, expect, test } from "vitest";
import { deleteMessage, searchMessages, sendMessage } from "~/models/messages.server";
import { search } from "~/models/search.server";
import { actorOf, createAgency, createClient, createSpace, createTeamMember } from "#tests/support/factories";

type TestActor = Awaited<ReturnType<typeof actorOf>>;

async function world(agencyName = "Acme Digital") {
  const agency = await createAgency({ agencyName });
  const designer = await createTeamMember(agency.agencyId, "DESIGNER", { name: "Dana Designer" });
  const client = await createClient(agency.agencyId, { role: "OWNER", name: "Cleo Client" });
  const launch = await createSpace(agency.agencyId, {
    name: "Launch",
    teamMemberIds: [designer.member.id],
    clientIds: [client.client.id],
  });
  const secret = await createSpace(agency.agencyId, { name: "Secret" });
  return {
    launch,
    secret,
    owner: await actorOf(agency.owner),
    designerActor: await actorOf(designer.user),
    clientActor: await actorOf(client.user),
  };
}

const send = (actor: TestActor, spaceId: string, content: string) =>
  sendMessage(actor, spaceId, { clientId: crypto.randomUUID(), content });

describe("searching messages", () => {
  test("the chat's search finds the space's messages by their words, and nothing deleted", async () => {
    const { launch, owner, clientActor } = await world();
    await send(owner, launch.id, "The homepage banner is ready");
    const { message } = await send(clientActor, launch.id, "Banner looks great, 100% approved");
    await send(owner, launch.id, "Next: the footer");
    expect((await searchMessages(clientActor, launch.id, "BANNER")).map((hit) => hit.content)).toEqual([
      "The homepage banner is ready",
      "Banner looks great, 100% approved",
    ]);
    expect((await searchMessages(clientActor, launch.id, "100%")).map((hit) => hit.id)).toEqual([message.id]);
    expect(await searchMessages(clientActor, launch.id, "%")).toHaveLength(1);
    await deleteMessage(clientActor, message.id);
    expect(await searchMessages(clientActor, launch.id, "approved")).toEqual([]);
  });

  test("the top bar's search finds messages only in the spaces the user takes part in", async () => {
    const { launch, secret, owner, designerActor, clientActor } = await world();
    const other = await world("Other Agency");
    await send(owner, launch.id, "Kickoff on Monday");
    await send(owner, secret.id, "Kickoff budget, internal only");
    await send(other.owner, other.launch.id, "Kickoff elsewhere");

    const hits = async (actor: TestActor) =>
      (await search(actor, "kickoff")).messages.map((hit) => `${hit.spaceName}: ${hit.content} (${hit.senderName})`);
    expect(await hits(owner)).toEqual([
      "Secret: Kickoff budget, internal only (Ada Owner)",
      "Launch: Kickoff on Monday (Ada Owner)",
    ]);
    expect(await hits(designerActor)).toEqual(["Launch: Kickoff on Monday (Ada Owner)"]);
    expect(await hits(clientActor)).toEqual(["Launch: Kickoff on Monday (Ada Owner)"]);
  });

  test("a foreign agency cannot search a space's messages", async () => {
    const { launch, owner } = await world();
    const other = await world("Other Agency");
    await send(owner, launch.id, "Private words");
    await expect(searchMessages(other.owner, launch.id, "private")).rejects.toMatchObject({ status: 404 });
  });
});
