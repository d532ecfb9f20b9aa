/*
 * The bench's world: the chat's agency (tests/support/chat-world.ts) and a space with
 * 200 messages for the pages, and a space of its own that no scenario writes to: the empty
 * chat page, which measures the signed-in shell and the chat's frame without the list.
 * The weight scenario also reads a chat of 20 messages of every kind (replies, files,
 * mentions, a link, reactions, an edit, readers; own and others'), for a message's markup.
 * bench/run.ts seeds the Postgres server's database with it in its own process; for
 * PGlite, which one process at a time may open, it runs this file as a child
 * (`tsx bench/world.ts`, DATA_DIR set, DATABASE_URL unset) that seeds, prints what the
 * pages need as JSON and exits before the app opens the same directory.
 */
import crypto from "node:crypto";
import url from "node:url";

export const CHAT_MESSAGES = 200;

export async function seedBenchWorld({ clients, spaces }: { clients: number; spaces: number }) {
  const { migrate } = await import("~/services/db.server");
  await migrate();
  const { seedChatWorld } = await import("#tests/support/chat-world");
  const { sessionCookie } = await import("#tests/support/sockets");
  const { actorOf, createClient, createSpace } = await import("#tests/support/factories");
  const { sendMessage } = await import("~/models/message-sending.server");
  const world = await seedChatWorld({ clients, spaces });
  const chatSpace = world.spaces[0];
  const chatClient = world.people.find((person) => person.spaceId === chatSpace.id)!;
  const senders = [await actorOf(world.owner), await actorOf({ id: chatClient.userId })];
  for (let index = 0; index < CHAT_MESSAGES; index++) {
    const content = `Message ${index}: the homepage draft is in the shared folder, with the new hero image and copy.`;
    await sendMessage(senders[index % 2], chatSpace.id, { clientId: crypto.randomUUID(), content });
  }
  const kinds = await createClient(world.agencyId, { role: "OWNER", name: "Cleo Client", company: "Every Kind Co" });
  const kindsSpace = await createSpace(world.agencyId, { name: "Every Kind", clientIds: [kinds.client.id] });
  await seedMessagesOfEveryKind(kindsSpace.id, world.owner, kinds.user);
  return {
    world,
    chatSpaceId: chatSpace.id,
    kindsSpaceId: kindsSpace.id,
    emptySpaceId: (await createSpace(world.agencyId, { name: "Quiet Space" })).id,
    chatClientCookie: chatClient.cookie,
    ownerCookie: await sessionCookie(world.owner),
  };
}

/** Twice: a long text, a follow-up, a reply, a mention with a link, an image, a file, reactions, an edit; then read by both. */
async function seedMessagesOfEveryKind(spaceId: string, owner: { id: string }, client: { id: string }) {
  const { actorOf, createSpaceMessage } = await import("#tests/support/factories");
  const { sendMessage } = await import("~/models/message-sending.server");
  const { toggleReaction } = await import("~/models/message-reactions.server");
  const { editMessage } = await import("~/models/message-changes.server");
  const { markRead } = await import("~/models/space-reads.server");
  const [agency, company] = [await actorOf(owner), await actorOf(client)];
  const send = async (actor: typeof agency, content: string, replyToId?: string) =>
    (await sendMessage(actor, spaceId, { clientId: crypto.randomUUID(), content, replyToId })).message;
  for (let round = 0; round < 2; round++) {
    const brief = await send(
      company,
      "Here is the brief for the spring campaign: the audience, the channels, the budget split and the timeline.",
    );
    await send(company, "And the moodboard is coming tomorrow.");
    const thanks = await send(agency, "Thanks, we will read it today.", brief.id);
    await send(company, "@Ada Owner can you confirm the launch date? The plan is at https://example.com/plan.");
    await createSpaceMessage(spaceId, client.id, { content: "", file: { name: "logo.png", type: "image/png" } });
    await createSpaceMessage(spaceId, owner.id, {
      content: "The contract",
      file: { name: "contract.pdf", type: "application/pdf", size: 120_000 },
    });
    const approved = await send(company, "Looks great, approved from our side.");
    await toggleReaction(agency, approved.id, "heart");
    await toggleReaction(company, thanks.id, "thumbsup");
    await toggleReaction(agency, thanks.id, "smile");
    const draft = await send(agency, "Draft two is up, typo fixed.");
    await editMessage(agency, draft.id, "Draft two is up, typos fixed.");
    await send(company, "Perfect.");
    await send(agency, "Great, talk soon!");
  }
  await markRead(company, spaceId);
  await markRead(agency, spaceId);
}

export type PagesWorld = Omit<Awaited<ReturnType<typeof seedBenchWorld>>, "world">;

if (process.argv[1] === url.fileURLToPath(import.meta.url)) {
  const { world, ...pages } = await seedBenchWorld({
    clients: Number(process.env.BENCH_CLIENTS),
    spaces: Number(process.env.BENCH_SPACES),
  });
  const { db } = await import("~/services/db.server");
  await db.destroy();
  console.log(JSON.stringify(pages satisfies PagesWorld));
}
