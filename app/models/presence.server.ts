import { sql } from "kysely";
import { db } from "~/services/db.server";
import type { Actor } from "./actors.server";
import { isAgencyStaff } from "./policy.server";
import type { Presence } from "~/shared/presence-words";
import { visibleSpaceIds } from "./space-access.server";

/*
 * Who is online: a user with a connected socket (any tab, any instance). Each instance
 * keeps its own users in memory (app/realtime/presence.server.ts) and writes only what
 * changed, plus a beat every PRESENCE_BEAT_S, so the cost is per change of presence and
 * per instance, never per user per heartbeat. An instance that misses PRESENCE_STALE_S of
 * beats (killed, cut off) no longer makes anyone online.
 */

/** How often an instance says it is alive. */
export const PRESENCE_BEAT_S = 10;
export type { Presence };
/** Beats missed for this long: the instance's users no longer count as online. */
export const PRESENCE_STALE_S = 3 * PRESENCE_BEAT_S;
/** After this long without a beat the instance's rows are cleared away. */
const FORGET_INSTANCE_S = 10 * 60;

/**
 * The instance beats and its users' presence changes: `online` now have a socket on it,
 * `offline` no longer do. Answers whether the instance was unknown (new, or cleared away
 * after an outage), in which case the caller writes all of its users again.
 */
export async function recordPresence(
  instanceId: string,
  { online, offline }: { online: string[]; offline: string[] },
): Promise<{ instanceWasUnknown: boolean }> {
  return db.transaction().execute(async (tx) => {
    // xmax = 0 on a row the upsert inserted rather than updated.
    const { rows } = await sql<{ inserted: boolean }>`
      insert into realtime_instances (id, beat_at) values (${instanceId}, now())
      on conflict (id) do update set beat_at = now()
      returning (xmax = 0) as inserted`.execute(tx);
    if (online.length) {
      await sql`
        insert into user_presence (user_id, instance_id)
        select user_id, ${instanceId} from unnest(${online}::uuid[]) as online(user_id)
        where exists (select 1 from users where users.id = online.user_id)
        on conflict do nothing`.execute(tx);
    }
    if (offline.length) {
      await tx
        .deleteFrom("user_presence")
        .where("instance_id", "=", instanceId)
        .where("user_id", "in", offline)
        .execute();
      await sql`
        insert into user_last_seen (user_id, seen_at)
        select user_id, now() from unnest(${offline}::uuid[]) as offline(user_id)
        where exists (select 1 from users where users.id = offline.user_id)
        on conflict (user_id) do update set seen_at = excluded.seen_at`.execute(tx);
    }
    await tx
      .deleteFrom("realtime_instances")
      .where("beat_at", "<", sql<Date>`now() - make_interval(secs => ${FORGET_INSTANCE_S})`)
      .execute();
    return { instanceWasUnknown: rows[0]?.inserted ?? false };
  });
}

/** At a clean shutdown: the instance's users are no longer online through it. */
export async function forgetInstance(instanceId: string) {
  await db.deleteFrom("realtime_instances").where("id", "=", instanceId).execute();
}

/** Whether the user has the app open anywhere now. */
export async function isOnline(userId: string): Promise<boolean> {
  return (await onlineAmong([userId])).has(userId);
}

/** Those of the users who have the app open anywhere now. */
export async function onlineAmong(userIds: string[]): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  const rows = await db
    .selectFrom("user_presence")
    .innerJoin("realtime_instances", "realtime_instances.id", "user_presence.instance_id")
    .select("user_presence.user_id")
    .distinct()
    .where("user_presence.user_id", "in", userIds)
    .where("realtime_instances.beat_at", ">", sql<Date>`now() - make_interval(secs => ${PRESENCE_STALE_S})`)
    .execute();
  return new Set(rows.map((row) => row.user_id));
}

/**
 * The presence of those of `userIds` the viewer may see it of (issue 21): people they
 * share a space with, and for the agency's owner and team, each other; never anyone of
 * another agency, and nobody who turned "Show when I'm active" off. Others are absent.
 */
export async function presenceOf(viewer: Actor, userIds: string[]): Promise<Map<string, Presence>> {
  if (!userIds.length || !viewer.agencyId) return new Map();
  const visible = visibleSpaceIds(viewer);
  let sharing = db
    .selectFrom("spaces")
    .select("spaces.agency_id as user_id")
    .where("spaces.id", "in", visible)
    .union(
      db
        .selectFrom("team_member_spaces")
        .innerJoin("team_members", "team_members.id", "team_member_spaces.team_member_id")
        .select("team_members.user_id")
        .where("team_member_spaces.space_id", "in", visible)
        .$narrowType<{ user_id: string }>(),
    )
    .union(
      db
        .selectFrom("space_clients")
        .innerJoin("clients", "clients.id", "space_clients.client_id")
        .select("clients.user_id")
        .where("space_clients.space_id", "in", visible)
        .$narrowType<{ user_id: string }>(),
    );
  if (isAgencyStaff(viewer)) {
    sharing = sharing
      .union(db.selectFrom("users").select("users.id as user_id").where("users.id", "=", viewer.agencyId))
      .union(
        db
          .selectFrom("team_members")
          .select("team_members.user_id")
          .where("team_members.agency_id", "=", viewer.agencyId)
          .$narrowType<{ user_id: string }>(),
      );
  }
  const rows = await db
    .selectFrom("users")
    .leftJoin("user_last_seen", "user_last_seen.user_id", "users.id")
    .select((eb) => [
      "users.id",
      "user_last_seen.seen_at as last_seen_at",
      eb
        .selectFrom("user_presence")
        .innerJoin("realtime_instances", "realtime_instances.id", "user_presence.instance_id")
        .select((inner) => inner.fn.max("realtime_instances.beat_at").as("beat_at"))
        .whereRef("user_presence.user_id", "=", "users.id")
        .as("last_beat"),
      sql<Date>`now() - make_interval(secs => ${PRESENCE_STALE_S})`.as("stale_before"),
    ])
    .where("users.id", "in", userIds)
    .where("users.show_presence", "=", true)
    .where("users.id", "in", sharing)
    .execute();
  return new Map(
    rows.map((row) => {
      const lastBeat = row.last_beat ? new Date(row.last_beat) : null;
      const online = lastBeat !== null && lastBeat > new Date(row.stale_before);
      // A killed instance never said its users left: its last beat is when they were last seen.
      const seen = [row.last_seen_at, lastBeat].filter((at): at is Date => at !== null);
      const lastSeenAt = online || !seen.length ? null : new Date(Math.max(...seen.map(Number))).toISOString();
      return [row.id, { online, lastSeenAt }];
    }),
  );
}
