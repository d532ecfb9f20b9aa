import type { Kysely, Transaction } from "kysely";
import type { Database } from "#db/schema";
import { db } from "~/services/db.server";
import type { Actor } from "./actors.server";
import type { NotificationPreferences } from "~/shared/settings.schemas";

/* Which mails a user wants (SPEC §3), stored per user; a user who never saved any has the defaults. */

export const DEFAULT_PREFERENCES: NotificationPreferences = {
  newClient: true,
  teamActivity: true,
  unreadMessages: true,
  mentions: true,
  signOffs: true,
  marketing: false,
};

export async function getNotificationPreferences(actor: Actor): Promise<NotificationPreferences> {
  const row = await db
    .selectFrom("notification_preferences")
    .select(["new_client", "team_activity", "unread_messages", "mentions", "sign_offs", "marketing"])
    .where("user_id", "=", actor.id)
    .executeTakeFirst();
  if (!row) return DEFAULT_PREFERENCES;
  return {
    newClient: row.new_client,
    teamActivity: row.team_activity,
    unreadMessages: row.unread_messages,
    mentions: row.mentions,
    signOffs: row.sign_offs,
    marketing: row.marketing,
  };
}

export async function saveNotificationPreferences(actor: Actor, preferences: NotificationPreferences) {
  const values = {
    new_client: preferences.newClient,
    team_activity: preferences.teamActivity,
    unread_messages: preferences.unreadMessages,
    mentions: preferences.mentions,
    sign_offs: preferences.signOffs,
    marketing: preferences.marketing,
    updated_at: new Date(),
  };
  await db
    .insertInto("notification_preferences")
    .values({ user_id: actor.id, ...values })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
    .execute();
}

export type Preference = "new_client" | "team_activity" | "unread_messages" | "mentions" | "sign_offs" | "marketing";

/**
 * Of these users, those whose preference allows a mail of this kind; no row means the
 * defaults (everything but marketing). Used by every notice before it is sent.
 */
export async function usersWhoWant(
  userIds: string[],
  preference: Preference,
  executor: Kysely<Database> | Transaction<Database> = db,
): Promise<string[]> {
  if (!userIds.length) return [];
  const rows = await executor
    .selectFrom("users")
    .leftJoin("notification_preferences", "notification_preferences.user_id", "users.id")
    .select("users.id")
    .where("users.id", "in", userIds)
    .where("users.email_verified_at", "is not", null)
    .where(
      (eb) => eb.fn.coalesce(`notification_preferences.${preference}`, eb.lit(preference !== "marketing")),
      "=",
      true,
    )
    .execute();
  return rows.map((row) => row.id);
}
