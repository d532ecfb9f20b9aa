import crypto from "node:crypto";
import type { ClientRole, InvitationRole, TeamRole, UserType } from "#db/schema";
import { loadActor } from "~/models/actors.server";
import { companyNamed } from "~/models/client-companies.server";
import { hashPassword } from "~/models/passwords.server";
import { db } from "~/services/db.server";
import { hashSecret } from "~/services/secrets.server";

/* Small builders for test data, written straight to the database. */

export const PASSWORD = "correct horse battery";
let passwordHash: Promise<string> | undefined;

export function uniqueEmail(prefix = "user") {
  return `${prefix}-${crypto.randomBytes(5).toString("hex")}@example.test`;
}

export async function createUser({
  type = "AGENCY",
  verified = true,
  agencyId = null,
  email = uniqueEmail(type.toLowerCase()),
}: { type?: UserType; verified?: boolean; agencyId?: string | null; email?: string } = {}) {
  passwordHash ??= hashPassword(PASSWORD);
  return db
    .insertInto("users")
    .values({
      email,
      password_hash: await passwordHash,
      user_type: type,
      agency_id: agencyId,
      email_verified_at: verified ? new Date() : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createAgency({
  verified = true,
  agencyName = "Acme Digital",
  firstName = "Ada",
}: { verified?: boolean; agencyName?: string; firstName?: string } = {}) {
  const owner = await createUser({ verified });
  await db
    .insertInto("agencies")
    .values({ id: owner.id, agency_name: agencyName, first_name: firstName, last_name: "Owner" })
    .execute();
  await db.updateTable("users").set({ agency_id: owner.id }).where("id", "=", owner.id).execute();
  return { owner: { ...owner, agency_id: owner.id }, agencyId: owner.id };
}

/** A signed-up team member of the agency, with their account and their record. */
export async function createTeamMember(
  agencyId: string,
  role: TeamRole = "DESIGNER",
  { name = "Terry Team" }: { name?: string } = {},
) {
  const user = await createUser({ type: "TEAM_MEMBER", agencyId });
  const member = await db
    .insertInto("team_members")
    .values({ agency_id: agencyId, user_id: user.id, name, email: user.email, role })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { user, member };
}

/** A signed-up client contact of the agency, with their account and their record; `company` is found or made by name ("" makes a company of one). */
export async function createClient(
  agencyId: string,
  {
    role = "EMPLOYEE",
    company = "Globex",
    name = "Cleo Client",
  }: { role?: ClientRole; company?: string; name?: string } = {},
) {
  const user = await createUser({ type: "CLIENT", agencyId });
  const company_id = await companyNamed(db, agencyId, company);
  const client = await db
    .insertInto("clients")
    .values({ agency_id: agencyId, user_id: user.id, name, email: user.email, role, company_id })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { user, client };
}

export async function createInvitation(agencyId: string, role: InvitationRole, meta: Record<string, unknown> = {}) {
  return db
    .insertInto("invitations")
    .values({
      agency_id: agencyId,
      role,
      token_hash: hashSecret(crypto.randomBytes(16).toString("hex")),
      expires_at: new Date(Date.now() + 7 * 24 * 3600_000),
      meta: JSON.stringify(meta),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A user who registered from an invitation and has not verified their email yet (SPEC §4). */
export async function createPendingInvitee(
  agencyId: string,
  type: "TEAM_MEMBER" | "CLIENT",
  invitationId: string,
  name = "Invited Person",
) {
  const user = await createUser({ type, verified: false, agencyId });
  return db
    .updateTable("users")
    .set({ pending_registration: JSON.stringify({ invitationId, name, mobileNumber: null }) })
    .where("id", "=", user.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A space of the agency, with the given team members and clients taking part. */
export async function createSpace(
  agencyId: string,
  {
    name = "Globex Launch",
    teamMemberIds = [],
    clientIds = [],
  }: { name?: string; teamMemberIds?: string[]; clientIds?: string[] } = {},
) {
  const space = await db
    .insertInto("spaces")
    .values({ agency_id: agencyId, name, email: "hello@globex.example", company: "Globex" })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (teamMemberIds.length) {
    await db
      .insertInto("team_member_spaces")
      .values(teamMemberIds.map((team_member_id) => ({ team_member_id, space_id: space.id })))
      .execute();
  }
  if (clientIds.length) {
    await db
      .insertInto("space_clients")
      .values(clientIds.map((client_id) => ({ client_id, space_id: space.id })))
      .execute();
  }
  return space;
}

/*
 * Many rows of one kind in one insert, for the tests of long lists: records only (no
 * accounts), named "<name> 001" on, so that by name they come in that order.
 */
const numbered = (name: string, count: number) =>
  Array.from({ length: count }, (_, index) => `${name} ${String(index + 1).padStart(3, "0")}`);

export async function createTeamMembers(agencyId: string, count: number, { name = "Member" } = {}) {
  return db
    .insertInto("team_members")
    .values(
      numbered(name, count).map((each) => ({
        agency_id: agencyId,
        name: each,
        email: uniqueEmail("member"),
        role: "DESIGNER" as const,
      })),
    )
    .returningAll()
    .execute();
}

export async function createClients(agencyId: string, count: number, { name = "Client", company = "Globex" } = {}) {
  const company_id = await companyNamed(db, agencyId, company);
  return db
    .insertInto("clients")
    .values(
      numbered(name, count).map((each) => ({
        agency_id: agencyId,
        name: each,
        email: uniqueEmail("client"),
        role: "EMPLOYEE" as const,
        company_id,
      })),
    )
    .returningAll()
    .execute();
}

/** Spaces of the agency, each with these team members and clients taking part. */
export async function createSpaces(
  agencyId: string,
  count: number,
  {
    name = "Space",
    teamMemberIds = [],
    clientIds = [],
  }: { name?: string; teamMemberIds?: string[]; clientIds?: string[] } = {},
) {
  const spaces = await db
    .insertInto("spaces")
    .values(numbered(name, count).map((each) => ({ agency_id: agencyId, name: each })))
    .returningAll()
    .execute();
  const ids = spaces.map((space) => space.id);
  if (teamMemberIds.length) {
    await db
      .insertInto("team_member_spaces")
      .values(ids.flatMap((space_id) => teamMemberIds.map((team_member_id) => ({ team_member_id, space_id }))))
      .execute();
  }
  if (clientIds.length) {
    await db
      .insertInto("space_clients")
      .values(ids.flatMap((space_id) => clientIds.map((client_id) => ({ client_id, space_id }))))
      .execute();
  }
  return spaces;
}

/** Pending invitations, to "<name>-001@example.test" on, the first the newest (a second apart). */
export async function createInvitations(
  agencyId: string,
  role: InvitationRole,
  count: number,
  { name = "invitee", meta = {} }: { name?: string; meta?: Record<string, unknown> } = {},
) {
  const now = Date.now();
  return db
    .insertInto("invitations")
    .values(
      numbered(name, count).map((each, index) => ({
        agency_id: agencyId,
        role,
        email: `${each.replace(" ", "-")}@example.test`,
        token_hash: hashSecret(crypto.randomBytes(16).toString("hex")),
        created_at: new Date(now - index * 1000),
        expires_at: new Date(now + 7 * 24 * 3600_000),
        meta: JSON.stringify(meta),
      })),
    )
    .returningAll()
    .execute();
}

/** The actor the models see for this account, as the guards would load it. */
export async function actorOf(user: { id: string }) {
  const actor = await loadActor(user.id);
  if (!actor) throw new Error(`No actor for user ${user.id}`);
  return actor;
}

/**
 * A chat message in a space, as the chat stores it; `minutesAgo` dates it in the past.
 * `file` records a file with it, as a message with an attachment lists (no bytes are stored).
 */
export async function createSpaceMessage(
  spaceId: string,
  senderId: string,
  {
    content = "Hello there",
    minutesAgo = 0,
    file,
  }: { content?: string; minutesAgo?: number; file?: { name: string; type: string; size?: number } } = {},
) {
  return db
    .insertInto("space_messages")
    .values({
      space_id: spaceId,
      sender_id: senderId,
      client_id: crypto.randomUUID(),
      content,
      created_at: new Date(Date.now() - minutesAgo * 60_000),
      ...(file && {
        attachment_key: `chat-attachments/${crypto.randomBytes(16).toString("hex")}`,
        attachment_name: file.name,
        attachment_type: file.type,
        attachment_size: file.size ?? 1024,
      }),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A member's read watermark in a space, as the chat keeps it. */
export async function markSpaceRead(spaceId: string, userId: string, at = new Date()) {
  await db
    .insertInto("space_reads")
    .values({ space_id: spaceId, user_id: userId, last_read_at: at })
    .onConflict((oc) => oc.columns(["space_id", "user_id"]).doUpdateSet({ last_read_at: at }))
    .execute();
}
