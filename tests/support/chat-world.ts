import { companyNamed } from "~/models/client-companies.server";
import { db } from "~/services/db.server";
import { createAgency, createClient, createSpace } from "./factories";
import { sessionCookie } from "./sockets";

/*
 * A busy agency for load runs (`npm run chaos`, `npm run bench`): its owner, `spaces`
 * spaces each with a client company of its own, and `clients` signed-up clients dealt
 * round-robin over the spaces, each with a live session as their browser would hold it.
 */

export type WorldPerson = {
  userId: string;
  spaceId: string;
  /** The Cookie header of the person's session. */
  cookie: string;
  /** The person's own address, as a proxy reports it (X-Forwarded-For). */
  address: string;
};

/** An address of its own for the index-th client, so that many clients behind one trusted proxy hop count as many. */
export const proxiedAddress = (index: number) => `10.${index >> 16}.${(index >> 8) & 255}.${index & 255}`;

export async function seedChatWorld({ clients, spaces: spaceCount }: { clients: number; spaces: number }) {
  const { agencyId, owner } = await createAgency({ agencyName: "Load Digital" });
  const spaces: Array<Awaited<ReturnType<typeof createSpace>>> = [];
  for (let index = 0; index < spaceCount; index++) {
    const company = `Company ${index}`;
    // Made one by one first: the clients below, made twenty at a time, then only find theirs.
    await companyNamed(db, agencyId, company);
    spaces.push(await createSpace(agencyId, { name: `Space ${index}` }));
  }
  const people: WorldPerson[] = [];
  // Twenty at a time: one by one, a thousand clients take minutes to set up.
  for (let first = 0; first < clients; first += 20) {
    const batch = Array.from({ length: Math.min(20, clients - first) }, async (_, offset) => {
      const index = first + offset;
      const space = spaces[index % spaceCount];
      const { user, client } = await createClient(agencyId, {
        company: `Company ${index % spaceCount}`,
        name: `Client ${index}`,
      });
      await db.insertInto("space_clients").values({ client_id: client.id, space_id: space.id }).execute();
      return { userId: user.id, spaceId: space.id, cookie: await sessionCookie(user), address: proxiedAddress(index) };
    });
    people.push(...(await Promise.all(batch)));
  }
  return { agencyId, owner, spaces, people };
}
