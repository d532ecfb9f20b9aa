import crypto from "node:crypto";
import { hashPassword } from "~/models/passwords.server";
import { SESSION_IDLE_MS } from "~/models/sessions.server";
import { db } from "~/services/db.server";
import { sessionCookieHeader } from "~/web/auth.server";
import { PASSWORD, createAgency } from "./factories";

/*
 * A busy agency for load runs (`npm run chaos`, `npm run bench`): its owner, `spaces`
 * spaces each with a client company of its own, and `clients` signed-up clients dealt
 * round-robin over the spaces, each with a live session as their browser would hold it.
 * Written in bulk, a thousand rows a statement: the capacity run seeds tens of thousands.
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

const ROWS_PER_STATEMENT = 1_000;

async function inChunks<T, R>(rows: T[], insert: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const done: R[] = [];
  for (let first = 0; first < rows.length; first += ROWS_PER_STATEMENT) {
    done.push(...(await insert(rows.slice(first, first + ROWS_PER_STATEMENT))));
  }
  return done;
}

export async function seedChatWorld({ clients, spaces: spaceCount }: { clients: number; spaces: number }) {
  const { agencyId, owner } = await createAgency({ agencyName: "Load Digital" });
  const indexes = (count: number) => Array.from({ length: count }, (_, index) => index);
  const companies = await inChunks(indexes(spaceCount), (chunk) =>
    db
      .insertInto("client_companies")
      .values(chunk.map((index) => ({ agency_id: agencyId, name: `Company ${index}` })))
      .returning("id")
      .execute(),
  );
  const spaces = await inChunks(indexes(spaceCount), (chunk) =>
    db
      .insertInto("spaces")
      .values(chunk.map((index) => ({ agency_id: agencyId, name: `Space ${index}`, company: `Company ${index}` })))
      .returningAll()
      .execute(),
  );
  // One hash for every client: argon2 per user would take minutes.
  const password_hash = await hashPassword(PASSWORD);
  const run = crypto.randomBytes(4).toString("hex");
  const users = await inChunks(indexes(clients), (chunk) =>
    db
      .insertInto("users")
      .values(
        chunk.map((index) => ({
          email: `client-${run}-${index}@example.test`,
          password_hash,
          user_type: "CLIENT" as const,
          agency_id: agencyId,
          email_verified_at: new Date(),
        })),
      )
      .returning(["id", "email"])
      .execute(),
  );
  const records = await inChunks(
    users.map((user, index) => ({ user, index })),
    (chunk) =>
      db
        .insertInto("clients")
        .values(
          chunk.map(({ user, index }) => ({
            agency_id: agencyId,
            user_id: user.id,
            name: `Client ${index}`,
            email: user.email,
            company_id: companies[index % spaceCount].id,
          })),
        )
        .returning("id")
        .execute(),
  );
  await inChunks(
    records.map((record, index) => ({ client_id: record.id, space_id: spaces[index % spaceCount].id })),
    (chunk) => db.insertInto("space_clients").values(chunk).execute(),
  );
  const sessionIds = users.map(() => crypto.randomBytes(32).toString("base64url"));
  await inChunks(
    users.map((user, index) => ({ id: sessionIds[index], user_id: user.id })),
    (chunk) =>
      db
        .insertInto("sessions")
        .values(
          chunk.map((row) => ({ ...row, expires_at: new Date(Date.now() + SESSION_IDLE_MS), user_agent: "bench" })),
        )
        .execute(),
  );
  const people: WorldPerson[] = await Promise.all(
    users.map(async (user, index) => ({
      userId: user.id,
      spaceId: spaces[index % spaceCount].id,
      cookie: (await sessionCookieHeader(sessionIds[index])).split(";")[0],
      address: proxiedAddress(index),
    })),
  );
  return { agencyId, owner, spaces, people };
}
