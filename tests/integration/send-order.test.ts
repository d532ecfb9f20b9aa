import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/services/db.server";
import type { SpaceChange } from "~/shared/protocol";
import { listMessages } from "~/models/messages.server";
import { sendMessage } from "~/models/message-sending.server";
import { keepConnected } from "~/components/realtime/keep-connected";
import { actorOf, createAgency, createClient, createSpace, createTeamMember } from "#tests/support/factories";
import { startLiveChat } from "#tests/support/live-chat";
import { refuseMessagesAsUnavailable } from "#tests/support/outages";
import {
  closeClients,
  connectClient,
  eventually,
  sessionCookie,
  startKillableServer,
  stopRealtimeServers,
} from "#tests/support/sockets";

/*
 * Issue 34: one person's messages in one tab are stored in the order they were typed,
 * whatever happens to the connection. The sequence a tester saw go wrong, without a
 * browser: 1–19 acknowledged, 20 in flight when the server dies, 21–50 refused as
 * unavailable (the database not back yet) and queued, then 51 and 52 typed while the
 * queue drains, and 53–60 after. On a Postgres server the server is a process killed with
 * SIGKILL; on PGlite it is this process's socket.io server with every connection cut.
 */

type Person = Awaited<ReturnType<typeof joinChat>>;

async function joinChat(origin: string, user: { id: string }, spaceId: string) {
  const socket = await connectClient(origin, await sessionCookie(user), { reconnect: true });
  const typed: string[] = [];
  const { chat, applied, acknowledged } = startLiveChat(socket, spaceId, { ackTimeoutMs: 2_000 });
  keepConnected(socket);
  await chat.sync();
  return {
    user,
    socket,
    chat,
    applied,
    acknowledged,
    typed,
    type(count: number) {
      for (let index = 0; index < count; index++) {
        const number = String(typed.length + 1).padStart(3, "0");
        typed.push(this.chat.send(`${number} from ${user.id.slice(0, 8)}`).clientId);
      }
    },
  };
}

// The random outages below wait on purpose: how long apart things happen is what they vary.
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every message of the space in the order a view shows it, as client ids of `sender`. */
function createdBy(changes: SpaceChange[], sender: Person) {
  return changes
    .filter((change) => change.kind === "message.created" && change.userId === sender.user.id)
    .map((change) => change.payload.clientId as string);
}

/** Asserts that each person's messages are stored once each, in the order they typed them, in every view. */
async function expectTypingOrder(spaceId: string, senders: Person[], viewers: Person[]) {
  for (const sender of senders) {
    const stored = await db
      .selectFrom("space_messages")
      .select("client_id")
      .where("space_id", "=", spaceId)
      .where("sender_id", "=", sender.user.id)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    // The chat's order (time, then id), which a reload shows: each once, as typed.
    expect(stored.map((row) => row.client_id)).toEqual(sender.typed);
    // The log's order, which every live view applies.
    const logged = await db
      .selectFrom("space_changes")
      .select("payload")
      .where("space_id", "=", spaceId)
      .where("kind", "=", "message.created")
      .where("user_id", "=", sender.user.id)
      .orderBy("seq")
      .execute();
    expect(logged.map((row) => (row.payload as { clientId: string }).clientId)).toEqual(sender.typed);
    for (const viewer of viewers) {
      // Live, as each person's browser applied the changes.
      expect(createdBy(viewer.applied, sender)).toEqual(sender.typed);
      // After a reload, as the chat page lists them.
      const page = await listMessages(await actorOf(viewer.user), spaceId, { limit: 1_000 });
      const listed = page.messages.filter((message) => message.senderId === sender.user.id);
      expect(listed.map((message) => message.clientId)).toEqual(sender.typed);
    }
  }
}

describe("a person's messages keep the order they typed them", () => {
  let server: Awaited<ReturnType<typeof startKillableServer>>;

  beforeAll(async () => {
    server = await startKillableServer();
  });

  afterAll(async () => {
    closeClients();
    await server.stop();
    await stopRealtimeServers();
  });

  /** The agency owner, a client and a team member in one space's chat; the first `senderCount` of them type. */
  async function conversation(senderCount: number) {
    const { owner, agencyId } = await createAgency();
    const { user: member, member: teamMember } = await createTeamMember(agencyId);
    const { user: client, client: clientRecord } = await createClient(agencyId);
    const space = await createSpace(agencyId, { clientIds: [clientRecord.id], teamMemberIds: [teamMember.id] });
    const people = [
      await joinChat(server.origin, owner, space.id),
      await joinChat(server.origin, client, space.id),
      await joinChat(server.origin, member, space.id),
    ];
    const leave = () => people.forEach((person) => (person.chat.stop(), person.socket.close()));
    return { space, people, senders: people.slice(0, senderCount), leave };
  }

  /** Waits until every message typed is acknowledged and seen by everyone, then checks the order in every view. */
  async function expectAllInTypingOrder({ space, people, senders }: Awaited<ReturnType<typeof conversation>>) {
    await eventually(() => {
      for (const sender of senders) expect(sender.acknowledged.size).toBe(sender.typed.length);
      for (const viewer of people) {
        for (const sender of senders) expect(createdBy(viewer.applied, sender)).toHaveLength(sender.typed.length);
      }
    }, 30_000);
    await expectTypingOrder(space.id, senders, people);
  }

  async function killRefuseAndRestart(senderCount: number) {
    const talk = await conversation(senderCount);
    const { senders } = talk;
    for (const sender of senders) sender.type(19);
    await eventually(() => senders.forEach((sender) => expect(sender.acknowledged.size).toBe(19)), 15_000);

    // The database is not back when the server is: every send is refused as unavailable.
    const outage = await refuseMessagesAsUnavailable(talk.space.id);
    for (const sender of senders) sender.type(1);
    await server.kill();
    await server.start();
    for (const sender of senders) sender.type(30);
    // Refused more than once: a queue retried message by message, each on its own timer, is what reorders.
    await eventually(async () => expect(await outage.refusals()).toBeGreaterThanOrEqual(3), 15_000);
    await outage.end();
    // Typed while the queue drains, and after.
    for (const sender of senders) sender.type(2);
    await eventually(() => senders.forEach((sender) => expect(sender.acknowledged.size).toBeGreaterThan(20)), 15_000);
    for (const sender of senders) sender.type(8);
    await expectAllInTypingOrder(talk);
    talk.leave();
  }

  test("one sender: killed with a message in flight, refused while the database is away, typing on as it drains", async () => {
    await killRefuseAndRestart(1);
  }, 90_000);

  test("three senders at once, whose sends the server stores in shared batches", async () => {
    await killRefuseAndRestart(3);
  }, 90_000);

  test("a burst typed at once is stored in its order, and so is one typed while the line waits out a refusal", async () => {
    const talk = await conversation(3);
    const outage = await refuseMessagesAsUnavailable(talk.space.id);
    for (const sender of talk.senders) sender.type(5);
    await eventually(async () => expect(await outage.refusals()).toBeGreaterThanOrEqual(2), 15_000);
    for (const sender of talk.senders) sender.type(5);
    await outage.end();
    for (const sender of talk.senders) sender.type(10);
    await expectAllInTypingOrder(talk);
    talk.leave();
  }, 90_000);

  test("a file, sent over HTTP, takes its turn: after the messages typed before it, before those typed after", async () => {
    const talk = await conversation(1);
    const [sender] = talk.senders;
    const outage = await refuseMessagesAsUnavailable(talk.space.id);
    sender.type(2);
    await eventually(async () => expect(await outage.refusals()).toBeGreaterThanOrEqual(1), 15_000);
    // What the chat's upload does once its turn comes: the form's post, which calls sendMessage.
    const fileClientId = crypto.randomUUID();
    const uploaded = sender.chat.inTurn(async () => {
      const stored = await sendMessage(await actorOf(sender.user), talk.space.id, {
        clientId: fileClientId,
        content: "003 the logo",
        file: new File(["the logo, as text"], "logo.txt", { type: "text/plain" }),
      });
      if (stored.change) sender.chat.receive(stored.change);
    });
    sender.typed.push(fileClientId);
    sender.type(2);
    await outage.end();
    await uploaded;
    sender.acknowledged.add(fileClientId);
    await expectAllInTypingOrder(talk);
    talk.leave();
  }, 60_000);

  /*
   * Random outages: when the server dies and for how long, when the database refuses and
   * for how long, when one person's connection drops (losing the acknowledgements on their
   * way), and when each of two people types, in any interleaving.
   */
  const step = fc.oneof(
    fc.record({ type: fc.integer({ min: 1, max: 6 }), sender: fc.integer({ min: 0, max: 1 }) }),
    fc.record({ wait: fc.integer({ min: 0, max: 150 }) }),
    fc.record({ kill: fc.integer({ min: 0, max: 300 }) }),
    fc.record({ refuse: fc.integer({ min: 100, max: 800 }) }),
    fc.record({ drop: fc.integer({ min: 0, max: 1 }) }),
  );

  test("whatever the outages, every sender's messages are stored exactly once, in typing order", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 6, maxLength: 16 }), async (steps) => {
        const talk = await conversation(2);
        let outage: Awaited<ReturnType<typeof refuseMessagesAsUnavailable>> | null = null;
        const endOutage = async () => {
          const ending = outage;
          outage = null;
          await ending?.end();
        };
        try {
          for (const next of steps) {
            if ("type" in next) talk.senders[next.sender].type(next.type);
            if ("wait" in next) await pause(next.wait);
            if ("kill" in next) {
              await server.kill();
              await pause(next.kill);
              await server.start();
            }
            if ("refuse" in next && !outage) {
              outage = await refuseMessagesAsUnavailable(talk.space.id);
              const started = outage;
              setTimeout(() => void (outage === started && endOutage()), next.refuse);
            }
            if ("drop" in next) talk.senders[next.drop].socket.io.engine.close();
          }
          await endOutage();
          await expectAllInTypingOrder(talk);
        } finally {
          await endOutage();
          talk.leave();
        }
      }),
      // A failing run is reported as found, with its seed: shrinking it would replay outages for minutes.
      // Fewer on a Postgres server, where each kill starts a process (two seconds) rather than a listener.
      { numRuns: process.env.TEST_DATABASE_URL ? 6 : 15, endOnFailure: true },
    );
  }, 240_000);
});
