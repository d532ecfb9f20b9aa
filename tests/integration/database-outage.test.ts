import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Socket } from "socket.io-client";
import { createClient as createPgClient, isDatabaseUnavailable } from "#db/connect";
import * as space from "~/routes/spaces.$spaceId";
import { db } from "~/services/db.server";
import { REALTIME_LIMITS } from "~/realtime/limits.server";
import type { SpaceChange } from "~/shared/protocol";
import { keepConnected } from "~/components/realtime/keep-connected";
import type { OutboxMessage } from "~/components/chat/live-chat";
import { CATCH_UP_EVENT } from "~/shared/protocol";
import { startLiveChat } from "#tests/support/live-chat";
import { call, cookieFor, getRequest } from "#tests/support/requests";
import { connectClient, eventually, record, sessionCookie, startServerProcesses } from "#tests/support/sockets";
import { CHAT_SIDES } from "#tests/support/space-worlds";

/*
 * The database goes away under a conversation: every backend of this test's database is
 * terminated (what a Postgres restart or a failover does to the app's connections),
 * again and again for a second, while two app instances (processes) relay a chat and
 * this process loads pages. Needs a Postgres server; only this file's own database is touched.
 */
const postgres = Boolean(process.env.TEST_DATABASE_URL);
if (!postgres) console.warn("database outage test skipped: set TEST_DATABASE_URL to a Postgres server to run it");

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Ends every session of this test's database but the one asking; how many it ended. */
async function terminateEveryBackend(): Promise<number> {
  const admin = createPgClient(process.env.DATABASE_URL!, "outage test");
  await admin.connect();
  try {
    const { rows } = await admin.query<{ ended: number }>(
      `select count(*) filter (where pg_terminate_backend(pid))::int as ended
         from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    return rows[0].ended;
  } finally {
    await admin.end();
  }
}

/** Runs `step` again and again, `gapMs` apart, until the returned stop is called; resolves once the last step is done. */
function repeat(step: () => Promise<void>, gapMs: number) {
  let running = true;
  const done = (async () => {
    while (running) {
      await step();
      await pause(gapMs);
    }
  })();
  return () => {
    running = false;
    return done;
  };
}

describe.skipIf(!postgres)("the database going away under a conversation", () => {
  let instances: Awaited<ReturnType<typeof startServerProcesses>>;
  let origins: string[];

  beforeAll(async () => {
    instances = await startServerProcesses(2);
    origins = instances.origins;
  });

  afterAll(() => instances.stop());

  test.each(CHAT_SIDES)(
    "$name: the instances stay up, sends succeed again, nothing acknowledged is lost or doubled, and live delivery resumes",
    async (side) => {
      const { owner, other: alice, chatId } = await side.world();
      const chatSpace = { id: chatId };

      function person(socket: Socket) {
        const tab = startLiveChat(socket, chatSpace.id, { ackTimeoutMs: 5_000 });
        keepConnected(socket);
        return { ...tab, catchUps: record(socket, CATCH_UP_EVENT) };
      }
      // The owner on the first instance, Alice on the second.
      const sender = person(await connectClient(origins[0], await sessionCookie(owner), { reconnect: true }));
      const receiver = person(await connectClient(origins[1], await sessionCookie(alice), { reconnect: true }));
      await Promise.all([sender.chat.sync(), receiver.chat.sync()]);

      const typed: OutboxMessage[] = [];
      // As fast as the socket's allowance lets a person go on for long (its sends and the
      // syncs of reconnects both draw on it): typed faster, the outbox is told to wait, and on
      // a slow machine what it holds outgrows any deadline.
      const typingGapMs = 2 * (1000 / REALTIME_LIMITS.eventsPerSocket.perSecond);
      const stopTyping = repeat(
        async () => void typed.push(sender.chat.send(`Message ${typed.length + 1}`)),
        typingGapMs,
      );
      const pageCookie = await cookieFor(owner);
      const pages: Array<number | "unavailable"> = [];
      const loadPage = () =>
        call(space.loader, getRequest(`/spaces/${chatSpace.id}`, pageCookie), { spaceId: chatSpace.id });
      const stopLoading = repeat(async () => {
        try {
          pages.push((await loadPage()).status);
        } catch (error) {
          // What the page server turns into 503 with Retry-After (entry.server.tsx); anything else fails the test.
          if (!isDatabaseUnavailable(error)) throw error;
          pages.push("unavailable");
        }
      }, 20);

      // The conversation is under way, and pages load.
      await eventually(() => {
        expect(sender.acknowledged.size).toBeGreaterThanOrEqual(5);
        expect(pages).toContain(200);
      });
      // For a second, every connection the instances and this process hold or open is ended.
      let ended = 0;
      for (let round = 0; round < 6; round++) {
        ended += await terminateEveryBackend();
        await pause(200);
      }
      // Typing goes on until a message typed after the outage is acknowledged.
      const typedBefore = typed.length;
      await eventually(() => {
        expect(typed.length).toBeGreaterThan(typedBefore);
        expect(sender.acknowledged.has(typed[typedBefore].clientId)).toBe(true);
      }, 30_000);
      await stopTyping();
      await stopLoading();

      expect(ended).toBeGreaterThan(0);
      for (const instance of instances.processes)
        expect({ exitCode: instance.exitCode, signal: instance.signalCode }).toEqual({ exitCode: null, signal: null });
      // Each instance lost its LISTEN, listened again, and told its sockets to catch up.
      await eventually(() => {
        expect(sender.catchUps.length).toBeGreaterThan(0);
        expect(receiver.catchUps.length).toBeGreaterThan(0);
      }, 30_000);

      // Every message typed is acknowledged in the end, and both people see each once, in order.
      const clientIds = typed.map((entry) => entry.clientId);
      const created = (changes: SpaceChange[]) =>
        changes.filter((change) => change.kind === "message.created").map((change) => change.payload.clientId);
      await eventually(() => {
        expect(sender.pending()).toEqual([]);
        expect(created(sender.applied).sort()).toEqual([...clientIds].sort());
        expect(created(receiver.applied).sort()).toEqual([...clientIds].sort());
      }, 60_000);
      const stored = await db
        .selectFrom("space_messages")
        .select("client_id")
        .where("space_id", "=", chatSpace.id)
        .execute();
      const timesStored = (clientId: string) => stored.filter((row) => row.client_id === clientId).length;
      expect(clientIds.map(timesStored)).toEqual(clientIds.map(() => 1));
      for (const side of [sender, receiver])
        expect(side.applied.map((change) => change.seq)).toEqual(side.applied.map((_, index) => index + 1));

      // Pages answered throughout, and answer normally again.
      expect(pages.length).toBeGreaterThan(0);
      expect(pages.filter((status) => status !== "unavailable" && status !== 200)).toEqual([]);
      expect((await loadPage()).status).toBe(200);

      // A message sent now reaches the other instance's socket live, as a broadcast.
      const live = record<{ spaceId: string; change: SpaceChange }>(receiver.socket, "space:change");
      const probe = sender.chat.send("After the outage");
      await eventually(
        () =>
          expect(live.map(({ change }) => change.kind === "message.created" && change.payload.clientId)).toContain(
            probe.clientId,
          ),
        30_000,
      );
    },
    180_000,
  );
});
