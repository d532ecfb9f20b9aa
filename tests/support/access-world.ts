import crypto from "node:crypto";
import { sql } from "kysely";
import sharp from "sharp";
import type { Database } from "#db/schema";
import { recordPresence } from "~/models/presence.server";
import { askForSignOff } from "~/models/sign-offs.server";
import { teamSideOf } from "~/models/space-access.server";
import { requestSpaceExport, sendSpaceExport, setClientOwnerExports } from "~/models/space-exports.server";
import { db } from "~/services/db.server";
import { readOutbox } from "~/services/outbox.server";
import { newFileKey, storage } from "~/services/storage.server";
import { getSessionId } from "~/web/auth.server";
import {
  actorOf,
  createAgency,
  createClient,
  createInvitation,
  createSpace,
  createSpaceMessage,
  createTeamMember,
  createUser,
} from "./factories";
import { BASE, cookieFor, getRequest } from "./requests";

/*
 * Two agencies filled with every kind of row, for the access tests. Every name, email,
 * company, space and message text of an agency carries its tag, so a response that
 * shows any of the other agency's data is found by looking for that tag. What is kept
 * about them is there for real, so that a refusal is a refusal and not a miss: the
 * messages' files and link preview pictures in storage, everyone's last seen, a browser
 * of the owner with push turned on, and a finished export of the main space with its
 * mailed link.
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
  const { user: hiddenClientUser, client: hiddenClient } = await createClient(agencyId, {
    company,
    name: `${tag} Hidden Client`,
  });
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
  // Both messages carry a file and a link preview with its picture, so that their downloads are
  // refused for who may not see them, not for lack of a file.
  const message = await messageWithFileAndPreview(space.id, owner.id, tag, `${tag} main message text`);
  // Issue 38: a message with its file and preview on the main space's team-only side, marked
  // with a word of its own, which none of the space's clients may ever be shown.
  const teamMarker = `Hushhush${tag}`;
  const teamSide = await teamSideOf(space.id);
  const teamMessage = await messageWithFileAndPreview(teamSide, owner.id, teamMarker, `${teamMarker} team-only text`);
  const hiddenMessage = await messageWithFileAndPreview(
    hiddenSpace.id,
    owner.id,
    `${tag}Hidden`,
    `${tag} hidden message text`,
  );
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
  // Issue 39: a file of the main space's client chat waits for the client owner's sign-off, its note
  // marked with a word of its own (that carries the tag), so a card or an Approve form shown to anyone
  // else shows it; and one of the hidden space's files for the hidden client's, for the agency's own
  // people who are not in that space. The main and hidden messages are left without one, so that they
  // may be asked on: a refused ask is refused for the message's being out of reach, not for being asked.
  const signOffMarker = `Signoffnote${tag}`;
  const signOffMessage = await messageWithFileAndPreview(
    space.id,
    owner.id,
    `${tag}Signoff`,
    `${tag} version one for sign-off`,
  );
  const signOff = await askForSignOff(await actorOf(owner), signOffMessage.id, {
    askedIds: [clientOwner.id],
    dueOn: null,
    note: `${signOffMarker} please approve the brief`,
    today: "2000-01-01",
  });
  const hiddenSignOffMessage = await messageWithFileAndPreview(
    hiddenSpace.id,
    owner.id,
    `${tag}Hidden`,
    `${tag} hidden version one`,
  );
  const hiddenSignOff = await askForSignOff(await actorOf(owner), hiddenSignOffMessage.id, {
    askedIds: [hiddenClientUser.id],
    dueOn: null,
    note: `${tag}Hidden sign-off note`,
    today: "2000-01-01",
  });
  // Everyone was here a while ago, so whoever may see their presence is told when.
  await recordPresence(crypto.randomUUID(), {
    online: [],
    offline: [...Object.values(people), hiddenClientUser].map((user) => user.id),
  });
  const browser = await pushBrowser(owner.id);
  // The client owner may export their space too, so that only the link's being someone else's refuses them.
  await setClientOwnerExports(await actorOf(owner), true);
  const exportToken = await finishedExport(owner, space.id);
  return {
    tag,
    agencyId,
    people,
    records: { memberIn: memberInRecord, memberOut: memberOutRecord, clientOwner: clientOwnerRecord },
    space,
    hiddenSpace,
    hiddenClient: hiddenClientUser,
    message,
    teamOnly: { side: teamSide, message: teamMessage, markers: [teamMarker, teamMarker.toLowerCase()] },
    hiddenMessage,
    signOff: { id: signOff.id, message: signOffMessage, marker: signOffMarker },
    hiddenSignOff: { id: hiddenSignOff.id, marker: `${tag}Hidden` },
    invitation,
    client: clientEmployeeRecord,
    member: memberInRecord,
    browser,
    exportToken,
  };
}

/**
 * A message with a text file and a link preview, their bytes in storage as the chat keeps
 * them. `name` is in the file, and in the picture's EXIF, so that either shown to someone
 * else shows it.
 */
async function messageWithFileAndPreview(spaceId: string, senderId: string, name: string, text: string) {
  const link = `https://example.test/${name.toLowerCase()}-brief`;
  const { id } = await createSpaceMessage(spaceId, senderId, { content: `${text} ${link}` });
  const file = Buffer.from(`${name} attachment body`);
  const fileKey = newFileKey("chat-attachments", "txt");
  await storage().put(fileKey, file, { contentType: "text/plain" });
  const picture = await sharp({ create: { width: 80, height: 42, channels: 3, background: "#4f46e5" } })
    .webp()
    .withExif({ IFD0: { ImageDescription: `${name} preview picture` } })
    .toBuffer();
  const pictureKey = newFileKey("link-previews", "webp");
  await storage().put(pictureKey, picture, { contentType: "image/webp" });
  return db
    .updateTable("space_messages")
    .set({
      attachment_key: fileKey,
      attachment_name: `${name}-brief.txt`,
      attachment_size: file.length,
      attachment_type: "text/plain",
      link_preview: JSON.stringify({
        url: link,
        title: `${name} brief`,
        description: `What ${name} plans`,
        siteName: "example.test",
        image: { key: pictureKey, width: 80, height: 42 },
      }),
    })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * A browser of the user, signed in, with push turned on: its session's cookie and its
 * endpoint. The row is written as subscribeToPush keeps it, since subscribing needs the
 * server's push keys, which only the tests of push set.
 */
async function pushBrowser(userId: string) {
  const cookie = await cookieFor({ id: userId });
  const sessionId = (await getSessionId(getRequest("/", cookie)))!;
  const keys = crypto.createECDH("prime256v1");
  keys.generateKeys();
  const endpoint = `https://push.example.test/send/${crypto.randomBytes(16).toString("hex")}`;
  await db
    .insertInto("push_subscriptions")
    .values({
      session_id: sessionId,
      user_id: userId,
      endpoint,
      p256dh: keys.getPublicKey("base64url"),
      auth: crypto.randomBytes(16).toString("base64url"),
    })
    .execute();
  return { cookie, endpoint };
}

/** Asks for an export of the space as the user, runs its job now, and returns the token of the link it mailed. */
async function finishedExport(user: { id: string; email: string }, spaceId: string) {
  await requestSpaceExport(await actorOf(user), spaceId);
  const { id } = await db
    .selectFrom("space_exports")
    .select("id")
    .where("space_id", "=", spaceId)
    .where("token_hash", "is", null)
    .executeTakeFirstOrThrow();
  if (!(await sendSpaceExport(id, BASE))) throw new Error("the export was not made");
  const mail = (await readOutbox()).filter((sent) => sent.to === user.email).at(-1);
  const link = mail?.text.match(/\/space-export\?token=([\w-]+)/);
  if (!link) throw new Error(`no export link mailed to ${user.email}`);
  return link[1];
}

/** Ids of each kind that the actor must not reach: another agency's, or ones that exist nowhere. */
export type Targets = { space: string; message: string; client: string; member: string; invitation: string };

/**
 * What routes are about that is not in their path, but in their query or form: a person
 * (`users`: several, comma-separated), a browser's push endpoint, an export link's token,
 * a sign-off (issue 39) and a client member who may be asked for one (`clientUser`).
 */
export type Keys = {
  user: string;
  users: string;
  endpoint: string;
  exportToken: string;
  signOff: string;
  clientUser: string;
};

export function foreignTargets(world: AgencyWorld): Targets & Keys {
  return {
    space: world.space.id,
    message: world.message.id,
    client: world.client.id,
    member: world.member.id,
    invitation: world.invitation.id,
    user: world.people.owner.id,
    users: Object.values(world.people)
      .map((user) => user.id)
      .join(","),
    endpoint: world.browser.endpoint,
    exportToken: world.exportToken,
    signOff: world.signOff.id,
    clientUser: world.people.clientOwner.id,
  };
}

export function unknownTargets(): Targets & Keys {
  const id = () => crypto.randomUUID();
  return {
    space: id(),
    message: id(),
    client: id(),
    member: id(),
    invitation: id(),
    user: id(),
    users: `${id()},${id()}`,
    endpoint: `https://push.example.test/send/${crypto.randomBytes(16).toString("hex")}`,
    exportToken: crypto.randomBytes(32).toString("base64url"),
    signOff: id(),
    clientUser: id(),
  };
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
