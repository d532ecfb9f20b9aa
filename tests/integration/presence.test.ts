import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { sql } from "kysely";
import { db } from "~/services/db.server";
import { isOnline } from "~/models/presence.server";
import { PresenceTracker } from "~/realtime/presence.server";
import { createAgency, createTeamMember } from "#tests/support/factories";
import {
  closeClients,
  connectClient,
  eventually,
  sessionCookie,
  startRealtimeServer,
  stopRealtimeServers,
} from "#tests/support/sockets";

/* Who counts as online: a user with the app open, whatever instance their tabs reached. */
let origins: string[];

beforeAll(async () => {
  origins = [await startRealtimeServer(), await startRealtimeServer()];
});

afterEach(() => closeClients());

afterAll(async () => {
  await stopRealtimeServers();
});

describe("online", () => {
  test("from the first tab that connects, on any instance, until the last one closes", async () => {
    const { agencyId } = await createAgency();
    const { user: dana } = await createTeamMember(agencyId, "DESIGNER", { name: "Dana Designer" });
    expect(await isOnline(dana.id)).toBe(false);

    const first = await connectClient(origins[0], await sessionCookie(dana));
    const second = await connectClient(origins[1], await sessionCookie(dana));
    await eventually(async () => expect(await isOnline(dana.id)).toBe(true));
    first.close();
    // The other instance still has her tab.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await isOnline(dana.id)).toBe(true);
    second.close();
    await eventually(async () => expect(await isOnline(dana.id)).toBe(false));
  });

  test("not through an instance that stopped beating (killed): its users go offline without it", async () => {
    const { agencyId } = await createAgency();
    const { user: sam } = await createTeamMember(agencyId, "DESIGNER", { name: "Sam Rivera" });
    const instance = new PresenceTracker();
    instance.connected(sam.id);
    await instance.flush();
    expect(await isOnline(sam.id)).toBe(true);
    await db
      .updateTable("realtime_instances")
      .set({ beat_at: sql<Date>`now() - interval '1 minute'` })
      .where("id", "=", instance.instanceId)
      .execute();
    expect(await isOnline(sam.id)).toBe(false);
    await instance.stop();
  });

  test("an instance cleared away while it could not write puts its users back when it can", async () => {
    const { agencyId } = await createAgency();
    const { user: sam } = await createTeamMember(agencyId, "DESIGNER", { name: "Sam Rivera" });
    const instance = new PresenceTracker(0);
    instance.connected(sam.id);
    await instance.flush();
    await db.deleteFrom("realtime_instances").where("id", "=", instance.instanceId).execute();
    expect(await isOnline(sam.id)).toBe(false);
    await instance.flush();
    await instance.flush();
    expect(await isOnline(sam.id)).toBe(true);
    await instance.stop();
    expect(await isOnline(sam.id)).toBe(false);
  });
});
