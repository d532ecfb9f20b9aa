import type { Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { LiveChat } from "~/components/chat/live-chat";
import { SPACE_TYPING_EVENT, TYPING_EVENT } from "~/shared/protocol";
import { createAgency, createClient, createSpace } from "#tests/support/factories";
import {
  MemoryStorage,
  closeClients,
  connectClient,
  eventually,
  record,
  sessionCookie,
  startRealtimeServer,
  stopRealtimeServers,
} from "#tests/support/sockets";

/*
 * "Olivia Chen is typing…" (issue 21): passed from one member's socket to the space's
 * other members, by name, never stored, never to anyone who does not see the space.
 */
let origins: string[];
// Two instances share their rooms through Postgres; on PGlite there is one instance.
const instances = process.env.TEST_DATABASE_URL ? 2 : 1;

beforeAll(async () => {
  origins = [];
  for (let index = 0; index < instances; index++) origins.push(await startRealtimeServer());
});

afterEach(() => closeClients());

afterAll(async () => {
  await stopRealtimeServers();
});

type Signal = { spaceId: string; userId: string; name: string; typing: boolean };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function world() {
  const { owner, agencyId } = await createAgency();
  const { user: olivia, client: oliviaClient } = await createClient(agencyId, { name: "Olivia Chen" });
  const { user: bob, client: bobClient } = await createClient(agencyId, { name: "Bob Client" });
  const launch = await createSpace(agencyId, { name: "Launch", clientIds: [oliviaClient.id] });
  const rebrand = await createSpace(agencyId, { name: "Rebrand", clientIds: [bobClient.id] });
  const stranger = (await createAgency({ agencyName: "Elsewhere" })).owner;
  // Each on the last instance but Olivia, so that her signals cross instances where there are two.
  const connectAs = async (user: { id: string }, origin = origins.at(-1)!) =>
    connectClient(origin, await sessionCookie(user));
  return { owner, olivia, bob, launch, rebrand, stranger, connectAs };
}

function liveChat(socket: Socket, spaceId: string, viewerId: string) {
  const typing: string[][] = [];
  const chat = new LiveChat({
    socket,
    spaceId,
    viewerId,
    lastSeq: 0,
    storage: new MemoryStorage(),
    onChange: () => {},
    onReload: () => {},
    onTyping: (names) => typing.push(names),
  });
  chat.start();
  return { chat, typing };
}

describe("typing", () => {
  test("reaches the space's other members by name, on any instance, and nobody else", async () => {
    const { owner, olivia, bob, launch, rebrand, stranger, connectAs } = await world();
    const oliviaSocket = await connectAs(olivia, origins[0]);
    const oliviaOtherTab = await connectAs(olivia);
    const heard = {
      owner: record<Signal>(await connectAs(owner), SPACE_TYPING_EVENT),
      bob: record<Signal>(await connectAs(bob), SPACE_TYPING_EVENT),
      stranger: record<Signal>(await connectAs(stranger), SPACE_TYPING_EVENT),
      olivia: record<Signal>(oliviaSocket, SPACE_TYPING_EVENT),
      oliviaOtherTab: record<Signal>(oliviaOtherTab, SPACE_TYPING_EVENT),
    };
    // Rooms are joined as the handshake ends: give them that moment.
    await pause(200);

    oliviaSocket.emit(TYPING_EVENT, { spaceId: launch.id, typing: true });
    // A space she does not see, and one that does not exist: passed to nobody.
    oliviaSocket.emit(TYPING_EVENT, { spaceId: rebrand.id, typing: true });
    oliviaSocket.emit(TYPING_EVENT, { spaceId: crypto.randomUUID(), typing: true });

    const signal = { spaceId: launch.id, userId: olivia.id, name: "Olivia Chen", typing: true };
    await eventually(() => expect(heard.owner).toEqual([signal]));
    // Her other tab hears it (and the browser leaves her own name out); her typing socket does not.
    await eventually(() => expect(heard.oliviaOtherTab).toEqual([signal]));
    await pause(300);
    expect(heard.olivia).toEqual([]);
    expect(heard.bob).toEqual([]);
    expect(heard.stranger).toEqual([]);
  });

  test("is shown while the person types, goes when they send, and a flood of signals is cut short", async () => {
    const { owner, olivia, launch, connectAs } = await world();
    const oliviaSocket = await connectAs(olivia, origins[0]);
    const ownerSocket = await connectAs(owner);
    const signals = record<Signal>(ownerSocket, SPACE_TYPING_EVENT);
    const ownerChat = liveChat(ownerSocket, launch.id, owner.id);
    const oliviaChat = liveChat(oliviaSocket, launch.id, olivia.id);
    await Promise.all([ownerChat.chat.sync(), oliviaChat.chat.sync()]);

    // Keystrokes in a row: one signal.
    for (let key = 0; key < 10; key++) oliviaChat.chat.typing(true);
    await eventually(() => expect(ownerChat.typing.at(-1)).toEqual(["Olivia Chen"]));
    oliviaChat.chat.send("Draft is up");
    oliviaChat.chat.typing(false);
    await eventually(() => expect(ownerChat.typing.at(-1)).toEqual([]));
    expect(signals.filter((signal) => signal.typing)).toHaveLength(1);

    // A broken or hostile client: 50 signals at once, of which the server passes a handful.
    for (let index = 0; index < 50; index++) oliviaSocket.emit(TYPING_EVENT, { spaceId: launch.id, typing: true });
    await pause(500);
    expect(signals.length).toBeLessThanOrEqual(2 + 5);
    ownerChat.chat.stop();
    oliviaChat.chat.stop();
  });
});
