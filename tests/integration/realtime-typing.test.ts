import type { Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import type { SpaceChange } from "~/shared/protocol";
import { SPACE_TYPING_EVENT, TYPING_EVENT } from "~/shared/protocol";
import { createSpace } from "#tests/support/factories";
import { startLiveChat } from "#tests/support/live-chat";
import {
  closeClients,
  connectInRooms,
  eventually,
  record,
  request,
  roundTrip,
  startRealtimeServer,
  stopRealtimeServers,
} from "#tests/support/sockets";
import { twoSpaces } from "#tests/support/space-worlds";

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

async function world() {
  const { inLaunch, ...rest } = await twoSpaces("Olivia Chen");
  // Each in their rooms, on the last instance but Olivia, so that her signals cross instances where there are two.
  const connectAs = (user: { id: string }, origin = origins.at(-1)!) => connectInRooms(origin, user);
  return { ...rest, olivia: inLaunch.user, connectAs };
}

function liveChat(socket: Socket, spaceId: string, viewerId: string) {
  const typing: string[][] = [];
  const { chat } = startLiveChat(socket, spaceId, { viewerId, onTyping: (names) => typing.push(names) });
  return { chat, typing };
}

/** Someone's signal that they are typing in the space, as the others hear it. */
const typingIn = (space: { id: string }, user: { id: string }) =>
  expect.objectContaining({ spaceId: space.id, userId: user.id, typing: true });

describe("typing", () => {
  test("reaches the space's other members by name, on any instance, and nobody else", async () => {
    const { owner, olivia, bob, launch, rebrand, stranger, connectAs } = await world();
    const elsewhere = await createSpace(stranger.agency_id, { name: "Elsewhere's own" });
    const oliviaSocket = await connectAs(olivia, origins[0]);
    const oliviaOtherTab = await connectAs(olivia);
    const heard = {
      owner: record<Signal>(await connectAs(owner), SPACE_TYPING_EVENT),
      bob: record<Signal>(await connectAs(bob), SPACE_TYPING_EVENT),
      stranger: record<Signal>(await connectAs(stranger), SPACE_TYPING_EVENT),
      olivia: record<Signal>(oliviaSocket, SPACE_TYPING_EVENT),
      oliviaOtherTab: record<Signal>(oliviaOtherTab, SPACE_TYPING_EVENT),
    };

    oliviaSocket.emit(TYPING_EVENT, { spaceId: launch.id, typing: true });
    // A space she does not see, and one that does not exist: passed to nobody.
    oliviaSocket.emit(TYPING_EVENT, { spaceId: rebrand.id, typing: true });
    oliviaSocket.emit(TYPING_EVENT, { spaceId: crypto.randomUUID(), typing: true });

    const signal = { spaceId: launch.id, userId: olivia.id, name: "Olivia Chen", typing: true };
    await eventually(() => expect(heard.owner).toEqual([signal]));
    // Her other tab hears it (and the browser leaves her own name out); her typing socket does not.
    await eventually(() => expect(heard.oliviaOtherTab).toEqual([signal]));
    // Once her instance has handled her signals, signals that must reach the others go out from it:
    // each arrives after anything of hers would have.
    await roundTrip(oliviaSocket);
    const [ownerThere, strangerThere] = [await connectAs(owner, origins[0]), await connectAs(stranger, origins[0])];
    ownerThere.emit(TYPING_EVENT, { spaceId: launch.id, typing: true });
    ownerThere.emit(TYPING_EVENT, { spaceId: rebrand.id, typing: true });
    strangerThere.emit(TYPING_EVENT, { spaceId: elsewhere.id, typing: true });
    await eventually(() => {
      expect(heard.olivia).toContainEqual(typingIn(launch, owner));
      expect(heard.bob).toContainEqual(typingIn(rebrand, owner));
      expect(heard.stranger).toContainEqual(typingIn(elsewhere, stranger));
    });
    expect(heard.olivia).toEqual([typingIn(launch, owner)]);
    expect(heard.bob).toEqual([typingIn(rebrand, owner)]);
    expect(heard.stranger).toEqual([typingIn(elsewhere, stranger)]);
  });

  test("is shown while the person types, goes when they send, and a flood of signals is cut short", async () => {
    const { owner, olivia, launch, connectAs } = await world();
    const oliviaSocket = await connectAs(olivia, origins[0]);
    const ownerSocket = await connectAs(owner);
    const signals = record<Signal>(ownerSocket, SPACE_TYPING_EVENT);
    const changes = record<{ change: SpaceChange }>(ownerSocket, "space:change");
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
    // Her next message is handled after them, and reaches the owner after every signal that was passed on.
    const { message } = await request<{ message: { id: string } }>(oliviaSocket, "chat:send", {
      spaceId: launch.id,
      clientId: crypto.randomUUID(),
      content: "One more thing",
    });
    await eventually(() => expect(changes.map(({ change }) => change.messageId)).toContain(message.id));
    expect(signals.length).toBeLessThanOrEqual(2 + 5);
    ownerChat.chat.stop();
    oliviaChat.chat.stop();
  });
});
