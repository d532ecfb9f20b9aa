import crypto from "node:crypto";
import { sql } from "kysely";
import type { Database } from "#db/schema";
import { db } from "~/services/db.server";
import { storage } from "~/services/storage.server";
import {
  createAgency,
  createClient,
  createInvitation,
  createSpace,
  createSpaceMessage,
  createTeamMember,
  createUser,
} from "./factories";
import { cookieFor } from "./requests";

/*
 * Two agencies filled with every kind of row, for the access tests. Every name, email,
 * company, space and message text of an agency carries its tag, so a response that
 * shows any of the other agency's data is found by looking for that tag.
 */

export type AgencyWorld = Awaited<ReturnType<typeof agencyWorld>>;

/** An agency whose every visible string carries `tag` (letters only, so no word elsewhere contains it). */
export async function agencyWorld(tag: string) {
  const { owner, agencyId } = await createAgency({ agencyName: `${tag} Agency`, firstName: `${tag}owner` });
  const { user: memberIn, member: memberInRecord } = await createTeamMember(agencyId, "ACCOUNT_MANAGER", {
    name: `${tag} Assigned Member`,
  });
  const { user: memberOut, member: memberOutRecord } = await createTeamMember(agencyId, "DESIGNER", {
    name: `${tag} Unassigned Member`,
  });
  const company = `${tag} Corp`;
  const { user: clientOwner, client: clientOwnerRecord } = await createClient(agencyId, {
    role: "OWNER",
    company,
    name: `${tag} Client Owner`,
  });
  const { user: clientEmployee, client: clientEmployeeRecord } = await createClient(agencyId, {
    role: "EMPLOYEE",
    company,
    name: `${tag} Client Employee`,
  });
  // A client who takes part only in the hidden space.
  const { client: hiddenClient } = await createClient(agencyId, { company, name: `${tag} Hidden Client` });
  const space = await createSpace(agencyId, {
    name: `${tag} Main Space`,
    teamMemberIds: [memberInRecord.id],
    clientIds: [clientOwnerRecord.id, clientEmployeeRecord.id],
  });
  const hiddenSpace = await createSpace(agencyId, { name: `${tag} Hidden Space`, clientIds: [hiddenClient.id] });
  await db
    .updateTable("spaces")
    .set({ company, email: `${tag.toLowerCase()}-space@example.test`, client_owner_id: clientOwnerRecord.id })
    .where("id", "=", space.id)
    .execute();
  const message = await createSpaceMessage(space.id, owner.id, { content: `${tag} main message text` });
  // The main message carries a file, so its download is refused for who may not see it, not for lack of a file.
  const attachmentKey = `chat-attachments/${crypto.randomBytes(16).toString("hex")}.txt`;
  await storage().put(attachmentKey, Buffer.from(`${tag} attachment body`), { contentType: "text/plain" });
  await db
    .updateTable("space_messages")
    .set({
      attachment_key: attachmentKey,
      attachment_name: `${tag}-brief.txt`,
      attachment_size: 30,
      attachment_type: "text/plain",
    })
    .where("id", "=", message.id)
    .execute();
  const hiddenMessage = await createSpaceMessage(hiddenSpace.id, owner.id, { content: `${tag} hidden message text` });
  const invitation = await createInvitation(agencyId, "CLIENT", { name: `${tag} Invitee`, company });
  await db
    .updateTable("invitations")
    .set({ email: `${tag.toLowerCase()}-invitee@example.test`, invited_by: owner.id })
    .where("id", "=", invitation.id)
    .execute();
  // Emails carry the tag too.
  const people = { owner, memberIn, memberOut, clientOwner, clientEmployee };
  for (const [role, user] of Object.entries(people)) {
    const email = `${tag.toLowerCase()}-${role.toLowerCase()}@example.test`;
    await db.updateTable("users").set({ email }).where("id", "=", user.id).execute();
    await db.updateTable("team_members").set({ email }).where("user_id", "=", user.id).execute();
    await db.updateTable("clients").set({ email }).where("user_id", "=", user.id).execute();
    user.email = email;
  }
  return {
    tag,
    agencyId,
    people,
    records: { memberIn: memberInRecord, memberOut: memberOutRecord, clientOwner: clientOwnerRecord },
    space,
    hiddenSpace,
    message,
    hiddenMessage,
    invitation,
    client: clientEmployeeRecord,
    member: memberInRecord,
  };
}

/** Ids of each kind that the actor must not reach: another agency's, or ones that exist nowhere. */
export type Targets = { space: string; message: string; client: string; member: string; invitation: string };

export function foreignTargets(world: AgencyWorld): Targets {
  return {
    space: world.space.id,
    message: world.message.id,
    client: world.client.id,
    member: world.member.id,
    invitation: world.invitation.id,
  };
}

export function unknownTargets(): Targets {
  const id = () => crypto.randomUUID();
  return { space: id(), message: id(), client: id(), member: id(), invitation: id() };
}

/** The strings of an agency that nobody outside it may be shown. */
export function markersOf(world: AgencyWorld): string[] {
  return [world.tag, world.tag.toLowerCase()];
}

/** The first marker found in the text, if any. */
export function leakedMarker(text: string, markers: string[]): string | undefined {
  return markers.find((marker) => text.includes(marker));
}

/** A site administrator: an account of no agency. */
export async function createAdmin() {
  return createUser({ type: "ADMIN" });
}

export type Actor = { name: string; type: string; cookie: string | null };

/** Each user type of the world, signed in with a fresh session. */
export async function signedInActors(world: AgencyWorld, names = Object.keys(world.people)): Promise<Actor[]> {
  const actors: Actor[] = [];
  for (const name of names) {
    const user = world.people[name as keyof AgencyWorld["people"]];
    actors.push({ name: `${world.tag} ${name}`, type: user.user_type, cookie: await cookieFor(user) });
  }
  return actors;
}

/*
 * "Nothing changes": every row of every table of the app's schema, read from the
 * catalogue so that a new table is watched without anyone remembering to add it.
 * Sessions, rate-limit counters and presence are left out, since signing in, connecting and being refused write them.
 */
const NOT_SNAPSHOT = new Set([
  "sessions",
  "rate_limits",
  "kysely_migration",
  "kysely_migration_lock",
  // The Postgres adapter's large-broadcast buffer, not app data.
  "socket_io_attachments",
  // Who has a socket open: connecting writes it, refused or not.
  "realtime_instances",
  "user_presence",
  "user_last_seen",
]);

async function snapshotTables(): Promise<Array<keyof Database>> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE'
    order by table_name`.execute(db);
  return rows.map((row) => row.name).filter((name) => !NOT_SNAPSHOT.has(name)) as Array<keyof Database>;
}

export async function snapshot(): Promise<Record<string, string>> {
  const tables: Record<string, string> = {};
  for (const table of await snapshotTables()) {
    const rows = await db.selectFrom(table).selectAll().execute();
    tables[table] = JSON.stringify(rows.map((row) => JSON.stringify(row)).sort());
  }
  return tables;
}

/** The tables whose rows differ between two snapshots. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(before).filter((table) => before[table] !== after[table]);
}
