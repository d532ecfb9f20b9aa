import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { sql } from "kysely";
import { db } from "~/services/db.server";
import { isOnline, presenceOf } from "~/models/presence.server";
import { PRESENCE_EVENT } from "~/shared/protocol";
import * as clientProfile from "~/routes/client.settings._index";
import { call, cookieFor, getRequest, postRequest, toastOf } from "#tests/support/requests";
import * as presenceRoute from "~/routes/resources.presence";
import { PresenceTracker } from "~/realtime/presence.server";
import { actorOf, createAgency, createClient, createSpace, createTeamMember } from "#tests/support/factories";
import { twoSpaces } from "#tests/support/space-worlds";
import { removeClientFromSpace } from "~/models/space-assignments.server";
import { canSeeChat } from "~/models/space-access.server";
import {
  closeClients,
  connectClient,
  connectInRooms,
  eventually,
  roundTrip,
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

/** The instances through which the user has a tab open, as they have written it. */
async function instancesWith(userId: string) {
  const rows = await db.selectFrom("user_presence").select("instance_id").where("user_id", "=", userId).execute();
  return rows.length;
}

describe("online", () => {
  test("from the first tab that connects, on any instance, until the last one closes", async () => {
    const { agencyId } = await createAgency();
    const { user: dana } = await createTeamMember(agencyId, "DESIGNER", { name: "Dana Designer" });
    expect(await isOnline(dana.id)).toBe(false);

    const first = await connectClient(origins[0], await sessionCookie(dana));
    const second = await connectClient(origins[1], await sessionCookie(dana));
    // Each instance has written her tab there.
    await eventually(async () => expect(await instancesWith(dana.id)).toBe(2));
    expect(await isOnline(dana.id)).toBe(true);
    first.close();
    // Once the first instance has written that her tab there is gone, the other still has hers.
    await eventually(async () => expect(await instancesWith(dana.id)).toBeLessThan(2));
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
    const instance = new PresenceTracker({ beatMs: 0 });
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

/** An agency with a team member in no space, two clients in a space each, and another agency. */
async function world() {
  const { inLaunch, agencyId, ...rest } = await twoSpaces("Olivia Chen");
  const { user: dana } = await createTeamMember(agencyId, "DESIGNER", { name: "Dana Designer" });
  return { ...rest, dana, olivia: inLaunch.user };
}

type PresenceChange = { userId: string; online: boolean };
/** Every presence change the socket is told of, one by one. */
function heardOf(socket: Awaited<ReturnType<typeof connectClient>>) {
  const seen: PresenceChange[] = [];
  socket.on(PRESENCE_EVENT, ({ changes }: { changes: PresenceChange[] }) => seen.push(...changes));
  return seen;
}

/** A tab of the user's, its socket in its rooms. */
function openTab(user: { id: string }, origin = origins[0]) {
  return connectInRooms(origin, user);
}

describe("whose presence a person sees", () => {
  test("the agency's team each other's; a client those they share a space with; another agency nobody's", async () => {
    const { owner, dana, olivia, bob, stranger } = await world();
    for (const user of [owner, dana, olivia, bob]) await openTab(user);
    const everyone = [owner.id, dana.id, olivia.id, bob.id];
    await eventually(async () => expect(await isOnline(bob.id)).toBe(true));

    const seenBy = async (viewer: { id: string }) =>
      [...(await presenceOf(await actorOf(viewer), everyone)).keys()].sort();
    expect(await seenBy(owner)).toEqual([...everyone].sort());
    // Dana is in no space: her agency's team, and nobody else.
    expect(await seenBy(dana)).toEqual([owner.id, dana.id].sort());
    // Olivia shares Launch with the owner only (Dana is not on it, Bob is in another space).
    expect(await seenBy(olivia)).toEqual([owner.id, olivia.id].sort());
    expect(await seenBy(stranger)).toEqual([]);
    const ofOlivia = (await presenceOf(await actorOf(owner), [olivia.id])).get(olivia.id);
    expect(ofOlivia).toEqual({ online: true, lastSeenAt: null });
  });

  test("read again for a page's pictures, many at once: only those the viewer may see, ids that are not ids left out", async () => {
    const { owner, dana, olivia, bob, stranger } = await world();
    await openTab(olivia);
    await eventually(async () => expect(await isOnline(olivia.id)).toBe(true));
    const users = [olivia.id, dana.id, bob.id, "not-an-id", crypto.randomUUID()].join(",");
    const ask = async (viewer: { id: string }) =>
      (
        await call(presenceRoute.loader, getRequest(`/resources/presence?users=${users}`, await cookieFor(viewer)))
      ).json();
    expect(await ask(olivia)).toEqual({ people: { [olivia.id]: { online: true, lastSeenAt: null } } });
    expect(Object.keys((await ask(owner)).people).sort()).toEqual([olivia.id, dana.id, bob.id].sort());
    expect((await ask(owner)).people[olivia.id]).toEqual({ online: true, lastSeenAt: null });
    expect(await ask(stranger)).toEqual({ people: {} });
  });

  test("nobody's who turned off Show when I'm active; and when someone was last seen", async () => {
    const { owner, dana, olivia } = await world();
    await db.updateTable("users").set({ show_presence: false }).where("id", "=", dana.id).execute();
    await openTab(dana);
    const tab = await openTab(olivia);
    await eventually(async () => expect(await isOnline(olivia.id)).toBe(true));
    const viewer = await actorOf(owner);
    expect((await presenceOf(viewer, [dana.id])).has(dana.id)).toBe(false);

    tab.close();
    await eventually(async () => expect(await isOnline(olivia.id)).toBe(false));
    const seen = (await presenceOf(viewer, [olivia.id])).get(olivia.id);
    expect(seen?.online).toBe(false);
    expect(Date.now() - Date.parse(seen!.lastSeenAt!)).toBeLessThan(60_000);
  });

  test("coming and going is told to those who share a space or the team, and to nobody else", async () => {
    const { owner, dana, olivia, bob, stranger } = await world();
    const ownerHears = heardOf(await openTab(owner));
    const tabs = { dana: await openTab(dana), bob: await openTab(bob), stranger: await openTab(stranger) };
    const heard = {
      owner: ownerHears,
      dana: heardOf(tabs.dana),
      bob: heardOf(tabs.bob),
      stranger: heardOf(tabs.stranger),
    };
    const about = (seen: PresenceChange[]) =>
      seen.filter((event) => event.userId === olivia.id).map((event) => event.online);

    // Through the other instance where they share rooms over Postgres; on PGlite there is one bus per instance.
    const tab = await openTab(olivia, process.env.TEST_DATABASE_URL ? origins[1] : origins[0]);
    await eventually(() => expect(about(heard.owner)).toEqual([true]));
    tab.close();
    await eventually(() => expect(about(heard.owner)).toEqual([true, false]));
    // Their instance told them whatever it told the owner before it answers them.
    await Promise.all(Object.values(tabs).map(roundTrip));
    // Dana's coming was told to the owner (their team), and Olivia's to neither Dana, Bob nor another agency.
    await eventually(() => expect(heard.owner.some((event) => event.userId === dana.id && event.online)).toBe(true));
    expect(about(heard.dana)).toEqual([]);
    expect(about(heard.bob)).toEqual([]);
    expect(heard.stranger.filter((event) => event.userId !== stranger.id)).toEqual([]);
  });
});

describe("after someone leaves a space", () => {
  test("their coming, going and Show when I'm active are no longer told to its room", async () => {
    const { owner, agencyId } = await createAgency();
    const { user: olivia, client: oliviaClient } = await createClient(agencyId, { name: "Olivia Chen" });
    const { user: cleo, client: cleoClient } = await createClient(agencyId, { name: "Cleo Client" });
    const launch = await createSpace(agencyId, { name: "Launch", clientIds: [oliviaClient.id, cleoClient.id] });
    const ownerHears = heardOf(await openTab(owner));
    const oliviaTab = await openTab(olivia);
    const cleoTab = await openTab(cleo);
    const toldOf = (user: { id: string }) =>
      ownerHears.filter((event) => event.userId === user.id).map((event) => event.online);
    await eventually(() => {
      expect(toldOf(olivia)).toEqual([true]);
      expect(toldOf(cleo)).toEqual([true]);
    });

    await removeClientFromSpace(await actorOf(owner), launch.id, oliviaClient.id);
    await eventually(async () => expect(await canSeeChat(await actorOf(olivia), launch.id)).toBe(false));
    const hidden = await call(
      clientProfile.action,
      postRequest("/client/settings", { intent: "presence" }, await cookieFor(olivia)),
    );
    expect(hidden.status).toBe(302);
    oliviaTab.close();
    // Told after Olivia's: Cleo's going, which the owner hears once everything before it was told.
    await eventually(async () => expect(await isOnline(olivia.id)).toBe(false));
    cleoTab.close();
    await eventually(() => expect(toldOf(cleo)).toEqual([true, false]));
    expect(toldOf(olivia)).toEqual([true]);
  });
});

describe("Show when I'm active", () => {
  test("turned off in Settings: nobody sees them online any more, at once and live; on again, they show", async () => {
    const { owner, olivia } = await world();
    const ownerHears = heardOf(await openTab(owner));
    await openTab(olivia);
    await eventually(() => expect(ownerHears.some((event) => event.userId === olivia.id && event.online)).toBe(true));
    const cookie = await cookieFor(olivia);
    const post = (fields: Record<string, string>) =>
      call(clientProfile.action, postRequest("/client/settings", { intent: "presence", ...fields }, cookie));

    // An unchecked box sends nothing: off.
    const off = await post({});
    expect(off.status).toBe(302);
    expect(await toastOf(off)).toMatchObject({ title: "Activity status updated" });
    expect((await presenceOf(await actorOf(owner), [olivia.id])).has(olivia.id)).toBe(false);
    await eventually(() =>
      expect(ownerHears.filter((event) => event.userId === olivia.id).map((event) => event.online)).toEqual([
        true,
        false,
      ]),
    );

    await post({ showPresence: "on" });
    expect((await presenceOf(await actorOf(owner), [olivia.id])).get(olivia.id)?.online).toBe(true);
  });
});
