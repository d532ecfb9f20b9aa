import { db } from "~/services/db.server";
import { hashSecret } from "~/services/secrets.server";
import { recordSecurityActivity } from "./activity.server";
import { NEW_DEVICE_SIGN_IN } from "~/shared/audit-kinds";
import { loadActor } from "./actors.server";

/*
 * Issue 17's audit trail: a sign-in from a browser the user has not signed in from
 * before. A browser is known by its device cookie (a random value the web layer keeps
 * for 400 days); the user's first browser is where their account began, not news.
 */

/**
 * Notes that the user signed in from this device, and writes "signed in from a new
 * device" to their agency's trail when it is not the first they ever used.
 * `deviceLabel` is how the person would name it ("Chrome on macOS").
 */
export async function recognizeDevice(
  userId: string,
  deviceId: string,
  deviceLabel: string,
): Promise<{ isNew: boolean }> {
  const deviceHash = hashSecret(deviceId);
  // Read before the transaction: on PGlite a query outside it would wait for its one connection.
  const actor = await loadActor(userId);
  return db.transaction().execute(async (tx) => {
    const added = await tx
      .insertInto("known_devices")
      .values({ user_id: userId, device_hash: deviceHash })
      .onConflict((oc) => oc.columns(["user_id", "device_hash"]).doNothing())
      .returning("device_hash")
      .executeTakeFirst();
    if (!added) return { isNew: false };
    const others = await tx
      .selectFrom("known_devices")
      .select("device_hash")
      .where("user_id", "=", userId)
      .where("device_hash", "!=", deviceHash)
      .limit(1)
      .executeTakeFirst();
    if (!others) return { isNew: false };
    if (actor) {
      await recordSecurityActivity(tx, actor, {
        action: NEW_DEVICE_SIGN_IN,
        summary: `${actor.name} signed in from a new device (${deviceLabel})`,
      });
    }
    return { isNew: true };
  });
}
