import { sql } from "kysely";
import { db } from "~/services/db.server";

/*
 * Who is online: a user with a connected socket (any tab, any instance). Each instance
 * keeps its own users in memory (app/realtime/presence.server.ts) and writes only what
 * changed, plus a beat every PRESENCE_BEAT_S, so the cost is per change of presence and
 * per instance, never per user per heartbeat. An instance that misses PRESENCE_STALE_S of
 * beats (killed, cut off) no longer makes anyone online.
 */

/** How often an instance says it is alive. */
export const PRESENCE_BEAT_S = 10;
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
  const row = await db
    .selectFrom("user_presence")
    .innerJoin("realtime_instances", "realtime_instances.id", "user_presence.instance_id")
    .select("user_presence.user_id")
    .where("user_presence.user_id", "=", userId)
    .where("realtime_instances.beat_at", ">", sql<Date>`now() - make_interval(secs => ${PRESENCE_STALE_S})`)
    .executeTakeFirst();
  return Boolean(row);
}
