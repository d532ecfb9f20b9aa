import type { Transaction } from "kysely";
import type { Profile } from "~/shared/profiles";
import type { Database } from "#db/schema";
import { db, type Executor } from "~/services/db.server";
import { emit } from "./events.server";
import type { Theme } from "~/shared/theme";
import { deleteImage, type ImageFolder } from "~/services/images.server";
import { storeImage } from "./uploads.server";
import type { Actor } from "./actors.server";
import { recordActivity } from "./activity.server";
import { notFound } from "./errors.server";
import type { AgencyProfileInput, ClientProfileInput, TeamMemberProfileInput } from "~/shared/settings.schemas";

/*
 * The Profile tab of the settings (SPEC §2.12): one model for the three areas, which
 * differ by the record behind the person. The agency owner edits the agency row
 * (name, owner's name, mobile number, website, logo and avatar); a team member their
 * team_members row (name and mobile number; the role is the agency's to set); a client
 * their clients row (name, mobile number, extension; the company is the agency's to
 * set, since it decides which colleagues they see). The email is the account's and
 * is read-only everywhere.
 */

export type ProfileInput =
  | ({ kind: "agency" } & Omit<AgencyProfileInput, "intent">)
  | ({ kind: "team" } & Omit<TeamMemberProfileInput, "intent">)
  | ({ kind: "client" } & Omit<ClientProfileInput, "intent">);

export type ProfileKind = "agency" | "team" | "client";

export function profileKindOf(actor: Actor): ProfileKind | null {
  if (actor.type === "AGENCY") return "agency";
  if (actor.type === "TEAM_MEMBER") return "team";
  if (actor.type === "CLIENT") return "client";
  return null;
}

export async function getProfile(actor: Actor): Promise<Profile> {
  const kind = profileKindOf(actor);
  if (kind === "agency") {
    const agency = await db.selectFrom("agencies").selectAll().where("id", "=", actor.id).executeTakeFirst();
    if (!agency) return { kind: "missing", of: "agency" };
    return {
      kind,
      email: actor.email,
      agencyName: agency.agency_name,
      firstName: agency.first_name,
      lastName: agency.last_name,
      mobileNumber: agency.mobile_number,
      url: agency.url,
      avatarKey: agency.avatar,
      logoKey: agency.logo,
    };
  }
  if (kind === "team") {
    const member = await ownTeamMember(actor);
    if (!member) return { kind: "missing", of: "team" };
    return {
      kind,
      email: actor.email,
      name: member.name,
      role: member.role,
      mobileNumber: member.mobile_number,
      avatarKey: member.profile_picture,
    };
  }
  if (kind === "client") {
    const client = await ownClient(actor);
    if (!client) return { kind: "missing", of: "client" };
    return {
      kind,
      email: actor.email,
      name: client.name,
      company: actor.client?.company ?? "",
      mobileNumber: client.mobile_number,
      extension: client.extension,
      avatarKey: client.avatar,
    };
  }
  return { kind: "none", email: actor.email };
}

/** Saves the actor's own profile; the input must be of the actor's kind. */
export async function updateProfile(actor: Actor, input: ProfileInput): Promise<void> {
  if (input.kind !== profileKindOf(actor)) throw notFound("Profile not found");
  await db.transaction().execute(async (tx) => {
    const now = new Date();
    let updated: { numUpdatedRows: bigint };
    let name: string;
    if (input.kind === "agency") {
      updated = await tx
        .updateTable("agencies")
        .set({
          agency_name: input.agencyName,
          first_name: input.firstName,
          last_name: input.lastName,
          mobile_number: input.mobileNumber,
          url: input.url,
          updated_at: now,
        })
        .where("id", "=", actor.id)
        .executeTakeFirst();
      name = `${input.firstName} ${input.lastName}`;
    } else if (input.kind === "team") {
      updated = await tx
        .updateTable("team_members")
        .set({ name: input.name, mobile_number: input.mobileNumber, updated_at: now })
        .where("user_id", "=", actor.id)
        .where("agency_id", "=", actor.agencyId)
        .executeTakeFirst();
      name = input.name;
    } else {
      updated = await tx
        .updateTable("clients")
        .set({ name: input.name, mobile_number: input.mobileNumber, extension: input.extension, updated_at: now })
        .where("user_id", "=", actor.id)
        .where("agency_id", "=", actor.agencyId)
        .executeTakeFirst();
      name = input.name;
    }
    if (!Number(updated.numUpdatedRows)) throw notFound("Profile not found");
    await recordActivity(tx, {
      agencyId: actor.agencyId!,
      actorId: actor.id,
      action: "profile.updated",
      summary: `${name} updated their profile`,
    });
  });
  emit("profile.updated", { userId: actor.id });
}

/** The actor's Time zone setting: an IANA zone (checked by TimeZoneSchema), or null for Automatic. */
export async function setTimeZone(actor: Actor, timeZone: string | null): Promise<void> {
  await db
    .updateTable("users")
    .set({ time_zone: timeZone, updated_at: new Date() })
    .where("id", "=", actor.id)
    .execute();
}

/** Appearance: the theme the actor's pages are drawn in. */
export async function setTheme(actor: Actor, theme: Theme): Promise<void> {
  await db.updateTable("users").set({ theme, updated_at: new Date() }).where("id", "=", actor.id).execute();
}

/** "Show when I'm active": whether others see the actor's presence (app/models/presence.server.ts). */
export async function setShowPresence(actor: Actor, showPresence: boolean): Promise<void> {
  await db
    .updateTable("users")
    .set({ show_presence: showPresence, updated_at: new Date() })
    .where("id", "=", actor.id)
    .execute();
  emit("presence.setting-changed", { userId: actor.id, showPresence });
}

/**
 * Replaces the actor's avatar (SPEC §4: upload, then the record, then the toast) and
 * removes the old file. A refused file changes nothing and says why (SPEC §8).
 */
export async function changeAvatar(actor: Actor, file: FormDataEntryValue | null): Promise<void> {
  const kind = profileKindOf(actor);
  if (!kind) throw notFound("Profile not found");
  const summary = `${actor.name} changed their profile picture`;
  return replaceImage(actor, file, "avatars", summary, async (tx, key) => {
    const now = new Date();
    if (kind === "agency") {
      const agency = await tx
        .selectFrom("agencies")
        .select("avatar")
        .where("id", "=", actor.id)
        .forUpdate()
        .executeTakeFirst();
      if (!agency) return undefined;
      await tx.updateTable("agencies").set({ avatar: key, updated_at: now }).where("id", "=", actor.id).execute();
      return agency.avatar;
    }
    if (kind === "team") {
      const member = await ownTeamMember(actor, tx);
      if (!member) return undefined;
      await tx
        .updateTable("team_members")
        .set({ profile_picture: key, updated_at: now })
        .where("id", "=", member.id)
        .execute();
      return member.profile_picture;
    }
    const client = await ownClient(actor, tx);
    if (!client) return undefined;
    await tx.updateTable("clients").set({ avatar: key, updated_at: now }).where("id", "=", client.id).execute();
    return client.avatar;
  });
}

/** The agency owner replaces the agency's logo; the old file is removed. */
export async function changeAgencyLogo(actor: Actor, file: FormDataEntryValue | null): Promise<void> {
  if (profileKindOf(actor) !== "agency") throw notFound("Profile not found");
  const summary = `${actor.name} changed the agency logo`;
  return replaceImage(actor, file, "agency-logos", summary, async (tx, key) => {
    const agency = await tx
      .selectFrom("agencies")
      .select("logo")
      .where("id", "=", actor.id)
      .forUpdate()
      .executeTakeFirst();
    if (!agency) return undefined;
    await tx.updateTable("agencies").set({ logo: key, updated_at: new Date() }).where("id", "=", actor.id).execute();
    return agency.logo;
  });
}

/**
 * Stores the new image, points the record at it in one transaction (which also reads
 * the old key, locked, so two uploads at once cannot lose a file), then deletes the
 * old one. `swap` returns the old key, or undefined when the record is gone.
 */
async function replaceImage(
  actor: Actor,
  file: FormDataEntryValue | null,
  folder: ImageFolder,
  summary: string,
  swap: (tx: Transaction<Database>, key: string) => Promise<string | null | undefined>,
): Promise<void> {
  const key = await storeImage(file, folder);
  const oldKey = await db.transaction().execute(async (tx) => {
    const oldKey = await swap(tx, key);
    if (oldKey === undefined) return undefined;
    await recordActivity(tx, {
      agencyId: actor.agencyId!,
      actorId: actor.id,
      action: "profile.image_changed",
      summary,
    });
    return oldKey;
  });
  if (oldKey === undefined) {
    await deleteImage(key);
    throw notFound("Profile not found");
  }
  await deleteImage(oldKey);
  emit("profile.updated", { userId: actor.id });
}

function ownTeamMember(actor: Actor, executor: Executor = db) {
  return executor
    .selectFrom("team_members")
    .selectAll()
    .where("user_id", "=", actor.id)
    .where("agency_id", "=", actor.agencyId)
    .executeTakeFirst();
}

function ownClient(actor: Actor, executor: Executor = db) {
  return executor
    .selectFrom("clients")
    .selectAll()
    .where("user_id", "=", actor.id)
    .where("agency_id", "=", actor.agencyId)
    .executeTakeFirst();
}
