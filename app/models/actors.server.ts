import type { ClientRole, TeamRole, Theme, UserType } from "#db/schema";
import { sql } from "kysely";
import { compiledQuery } from "~/services/compiled-queries.server";
import { db, type Executor } from "~/services/db.server";
import { ownerName } from "~/shared/owner-name";

/** The signed-in user as every model sees them: who they are, in which agency, in which role. */
export type Actor = {
  id: string;
  email: string;
  type: UserType;
  agencyId: string | null;
  emailVerified: boolean;
  /** Signed in with a temporary password (SPEC §4): they choose their own before anything else. */
  mustChangePassword: boolean;
  isAdmin: boolean;
  name: string;
  firstName: string;
  /** The agency's name, or the client's company. */
  companyName: string;
  avatarKey: string | null;
  /** The time zone chosen in their settings; null is Automatic (the browser's). */
  timeZone: string | null;
  /** "Show when I'm active" (issue 21): whether others see their presence. */
  showPresence: boolean;
  /** Light, dark, or the system's setting. */
  theme: Theme;
  teamMember: { id: string; role: TeamRole } | null;
  /** `companyId` decides who their colleagues are (decision 009); `company` is its name, for display. */
  client: { id: string; role: ClientRole; companyId: string; company: string } | null;
};

export async function loadActor(userId: string): Promise<Actor | null> {
  const row = await actorRows().where("users.id", "=", userId).executeTakeFirst();
  return row ? toActor(row) : null;
}

/** Users with what an Actor is made of (narrow it to one, and join what else the caller needs): see `toActor`. */
export function actorRows(executor: Executor = db) {
  return executor
    .selectFrom("users")
    .leftJoin("agencies", "agencies.id", "users.agency_id")
    .leftJoin("team_members", "team_members.user_id", "users.id")
    .leftJoin("clients", "clients.user_id", "users.id")
    .leftJoin("client_companies", "client_companies.id", "clients.company_id")
    .select([
      "users.id",
      "users.email",
      "users.user_type",
      "users.agency_id",
      "users.email_verified_at",
      "users.must_change_password",
      "users.pending_registration",
      "users.time_zone",
      "users.show_presence",
      "users.theme",
      "agencies.agency_name",
      "agencies.first_name",
      "agencies.last_name",
      "agencies.avatar as agency_avatar",
      "team_members.id as team_member_id",
      "team_members.role as team_role",
      "team_members.name as team_member_name",
      "team_members.profile_picture",
      "clients.id as client_id",
      "clients.role as client_role",
      "clients.name as client_name",
      "clients.company_id",
      "client_companies.name as company",
      "clients.avatar as client_avatar",
    ]);
}

type ActorRow = NonNullable<Awaited<ReturnType<ReturnType<typeof actorRows>["executeTakeFirst"]>>>;

export function toActor(row: ActorRow): Actor {
  const isAgencyOwner = row.user_type === "AGENCY";
  const name = displayName(row);
  return {
    id: row.id,
    email: row.email,
    type: row.user_type,
    agencyId: row.agency_id,
    emailVerified: row.email_verified_at !== null,
    mustChangePassword: row.must_change_password,
    isAdmin: row.user_type === "ADMIN",
    name,
    firstName: (isAgencyOwner && row.first_name) || name.split(" ")[0],
    companyName: (row.user_type === "CLIENT" ? row.company : row.agency_name) ?? "",
    avatarKey: avatarKeyOf(row),
    timeZone: row.time_zone,
    showPresence: row.show_presence,
    theme: row.theme,
    teamMember: row.team_member_id && row.team_role ? { id: row.team_member_id, role: row.team_role } : null,
    client:
      row.client_id && row.client_role && row.company_id
        ? { id: row.client_id, role: row.client_role, companyId: row.company_id, company: row.company ?? "" }
        : null,
  };
}

type PersonRow = {
  user_type: UserType;
  email: string;
  first_name: string | null;
  last_name: string | null;
  team_member_name: string | null;
  client_name: string | null;
  pending_registration?: { name: string } | null;
  agency_avatar: string | null;
  profile_picture: string | null;
  client_avatar: string | null;
};

/** SPEC §3: the owner is first plus last name, otherwise Agency Owner; others by their record's name. */
function displayName(row: PersonRow): string {
  if (row.user_type === "AGENCY") return ownerName(row.first_name, row.last_name);
  return row.team_member_name ?? row.client_name ?? row.pending_registration?.name ?? row.email;
}

/** The picture of the person's own record: a team member's or client's agency has its own avatar. */
function avatarKeyOf(row: PersonRow): string | null {
  if (row.user_type === "AGENCY") return row.agency_avatar;
  if (row.user_type === "TEAM_MEMBER") return row.profile_picture;
  if (row.user_type === "CLIENT") return row.client_avatar;
  return null;
}

export type Person = { id: string; email: string; name: string; avatarKey: string | null };

/** The names, emails and avatars of several accounts at once (senders in a mail, readers in the chat). */
export async function loadPeople(userIds: string[], executor: Executor = db): Promise<Map<string, Person>> {
  if (!userIds.length) return new Map();
  const rows = await peopleRows({ ids: [...new Set(userIds)] }, executor);
  return new Map(
    rows.map((row) => [row.id, { id: row.id, email: row.email, name: displayName(row), avatarKey: avatarKeyOf(row) }]),
  );
}

// Compiled once (a list of ids goes in as one array, each a key of users' index, so one plan
// serves any list): the chat reads people for every page and send.
const peopleRows = compiledQuery(
  (values: { ids: string[] }) =>
    db
      .selectFrom("users")
      .leftJoin("agencies", (join) => join.onRef("agencies.id", "=", "users.id"))
      .leftJoin("team_members", "team_members.user_id", "users.id")
      .leftJoin("clients", "clients.user_id", "users.id")
      .select([
        "users.id",
        "users.email",
        "users.user_type",
        "agencies.first_name",
        "agencies.last_name",
        "agencies.avatar as agency_avatar",
        "team_members.name as team_member_name",
        "team_members.profile_picture",
        "clients.name as client_name",
        "clients.avatar as client_avatar",
      ])
      .where(sql<boolean>`users.id = any(${values.ids}::uuid[])`),
  { onePlanForAnyList: true },
);
