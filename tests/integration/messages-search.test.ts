import { describe, expect, test } from "vitest";
import { listMessages, PAGE_SIZE } from "~/models/messages.server";
import { sendMessage } from "~/models/message-sending.server";
import { deleteMessage } from "~/models/message-changes.server";
import { search } from "~/models/search.server";
import { snippetText } from "~/components/search/search-entries";
import * as spacesLayout from "~/routes/spaces";
import * as spacePage from "~/routes/spaces.$spaceId";
import {
  actorOf,
  createAgency,
  createClient,
  createSpace,
  createSpaceMessage,
  createTeamMember,
} from "#tests/support/factories";
import { renderedApp } from "#tests/support/rendered-app";
import { cookieFor, getRequest } from "#tests/support/requests";

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
    expect(
      (await listMessages(clientActor, launch.id, { matching: "BANNER" })).messages.map((hit) => hit.content),
    ).toEqual(["The homepage banner is ready", "Banner looks great, 100% approved"]);
    expect((await listMessages(clientActor, launch.id, { matching: "100%" })).messages.map((hit) => hit.id)).toEqual([
      message.id,
    ]);
    expect((await listMessages(clientActor, launch.id, { matching: "%" })).messages).toHaveLength(1);
    await deleteMessage(clientActor, message.id);
    expect((await listMessages(clientActor, launch.id, { matching: "approved" })).messages).toEqual([]);
  });

  test("the top bar's search finds messages only in the spaces the user takes part in", async () => {
    const { launch, secret, owner, designerActor, clientActor } = await world();
    const other = await world("Other Agency");
    await send(owner, launch.id, "Kickoff on Monday");
    await send(owner, secret.id, "Kickoff budget, internal only");
    await send(other.owner, other.launch.id, "Kickoff elsewhere");

    const hits = async (actor: TestActor) =>
      (await search(actor, "kickoff", { sort: "newest" })).messages.hits.map(
        (hit) => `${hit.spaceName}: ${snippetText(hit.snippet)} (${hit.senderName})`,
      );
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
    await expect(listMessages(other.owner, launch.id, { matching: "private" })).rejects.toMatchObject({ status: 404 });
  });
});

describe("a search with more matches than a page", () => {
  const handle = renderedApp([
    ["routes/spaces", "root", "spaces", spacesLayout],
    ["routes/spaces.$spaceId", "routes/spaces", ":spaceId", spacePage],
  ]);
  const page = async (path: string, cookie: string) => await (await handle(getRequest(path, cookie))).text();

  test("says it shows the latest page of matches, and pages to the older matches and back", async () => {
    const agency = await createAgency();
    const space = await createSpace(agency.agencyId, { name: "Launch" });
    // A page and ten more matches, a minute apart, among messages that do not match.
    for (let index = 0; index < PAGE_SIZE + 10; index++) {
      await createSpaceMessage(space.id, agency.owner.id, {
        content: `Banner draft ${index}`,
        minutesAgo: 120 - index,
      });
      await createSpaceMessage(space.id, agency.owner.id, { content: `Footer ${index}`, minutesAgo: 120 - index });
    }
    const owner = await actorOf(agency.owner);
    const latest = await listMessages(owner, space.id, { matching: "banner" });
    expect(latest.messages.map((message) => message.content)).toEqual(
      Array.from({ length: PAGE_SIZE }, (_, index) => `Banner draft ${index + 10}`),
    );
    expect(latest.hasOlder).toBe(true);
    const older = await listMessages(owner, space.id, { matching: "banner", before: latest.messages[0].id });
    expect(older.messages.map((message) => message.content)).toEqual(
      Array.from({ length: 10 }, (_, index) => `Banner draft ${index}`),
    );
    expect(older.hasOlder).toBe(false);

    const cookie = await cookieFor(agency.owner);
    const first = await page(`/spaces/${space.id}?q=banner`, cookie);
    expect(first).toContain(`The latest ${PAGE_SIZE} messages matching “banner”`);
    expect(first).toContain(`?q=banner&amp;before=${latest.messages[0].id}`);
    expect(first).toContain("Older matches");
    const second = await page(`/spaces/${space.id}?q=banner&before=${latest.messages[0].id}`, cookie);
    expect(second).toContain("10 messages earlier matching “banner”");
    expect(second).toContain("Banner draft 0");
    expect(second).not.toContain("Older matches");
    expect(second).toContain("Newest matches");
  });
});
