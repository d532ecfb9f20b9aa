/*
 * The bench's world: the chat's agency (tests/support/chat-world.ts) and a space with
 * 200 messages for the pages, and a space of its own that no scenario writes to: the empty
 * chat page, which measures the signed-in shell and the chat's frame without the list.
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
  const { actorOf, createSpace } = await import("#tests/support/factories");
  const { sendMessage } = await import("~/models/message-sending.server");
  const world = await seedChatWorld({ clients, spaces });
  const chatSpace = world.spaces[0];
  const chatClient = world.people.find((person) => person.spaceId === chatSpace.id)!;
  const senders = [await actorOf(world.owner), await actorOf({ id: chatClient.userId })];
  for (let index = 0; index < CHAT_MESSAGES; index++) {
    const content = `Message ${index}: the homepage draft is in the shared folder, with the new hero image and copy.`;
    await sendMessage(senders[index % 2], chatSpace.id, { clientId: crypto.randomUUID(), content });
  }
  return {
    world,
    chatSpaceId: chatSpace.id,
    emptySpaceId: (await createSpace(world.agencyId, { name: "Quiet Space" })).id,
    chatClientCookie: chatClient.cookie,
    ownerCookie: await sessionCookie(world.owner),
  };
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
