import { afterEach, describe, expect, test } from "vitest";
import type { ChildProcess } from "node:child_process";
import { db } from "~/services/db.server";
import type { SpaceChange } from "~/shared/protocol";
import { keepConnected } from "~/components/realtime/keep-connected";
import type { OutboxMessage } from "~/components/chat/live-chat";
import { startLiveChat } from "#tests/support/live-chat";
import {
  closeClients,
  connectClient,
  eventually,
  freePort,
  sessionCookie,
  startServerProcess,
  stopServerProcess,
} from "#tests/support/sockets";
import { CHAT_SIDES } from "#tests/support/space-worlds";

/*
 * The server process is killed with SIGKILL in the middle of a conversation and started
 * again. Both people use the browser's live chat (app/components/chat/live-chat.ts) over real
 * sockets. Needs a Postgres server: the test and the app processes share one database.
 */
const postgres = Boolean(process.env.TEST_DATABASE_URL);
if (!postgres) console.warn("fault test skipped: set TEST_DATABASE_URL to a Postgres server to run it");

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!postgres)("killing the server mid-conversation", () => {
  let instance: ChildProcess | undefined;

  afterEach(async () => {
    closeClients();
    if (instance) await stopServerProcess(instance);
    instance = undefined;
  });

  test.each(CHAT_SIDES)(
    "$name: every acknowledged message is there once for both people, and nothing unsent is left unmarked",
    async (side) => {
      const { owner, other: alice, chatId } = await side.world();
      const space = { id: chatId };
      const port = await freePort();
      const origin = `http://127.0.0.1:${port}`;
      instance = await startServerProcess(port);

      function person(socket: Awaited<ReturnType<typeof connectClient>>) {
        const tab = startLiveChat(socket, space.id, { ackTimeoutMs: 2_000 });
        keepConnected(socket);
        return tab;
      }
      const timesStoredNow = async () => {
        const stored = await db
          .selectFrom("space_messages")
          .select("client_id")
          .where("space_id", "=", space.id)
          .execute();
        return (clientId: string) => stored.filter((row) => row.client_id === clientId).length;
      };
      const sender = person(await connectClient(origin, await sessionCookie(owner), { reconnect: true }));
      const receiver = person(await connectClient(origin, await sessionCookie(alice), { reconnect: true }));
      await Promise.all([sender.chat.sync(), receiver.chat.sync()]);

      const typed: OutboxMessage[] = [];
      // At a pace, not all at once: the kill then lands with sends on their way and more to come.
      const type = async (count: number, gapMs: number) => {
        for (let index = 0; index < count; index++) {
          typed.push(sender.chat.send(`Message ${typed.length + 1}`));
          await pause(gapMs);
        }
      };
      await type(20, 15);
      await eventually(() => expect(sender.acknowledged.size).toBeGreaterThanOrEqual(5));
      // Five more go out, and the server dies under them; fifteen more are typed while it is down.
      await type(5, 0);
      const exited = new Promise((resolve) => instance!.once("exit", resolve));
      instance.kill("SIGKILL");
      await exited;
      // What the sender was shown as sent when the server died, up to its last acknowledgement:
      // each is stored already, once, though the server never got to do anything after it.
      const acknowledgedAtKill = [...sender.acknowledged];
      expect(acknowledgedAtKill.length).toBeGreaterThanOrEqual(5);
      expect(acknowledgedAtKill.map(await timesStoredNow())).toEqual(acknowledgedAtKill.map(() => 1));
      await type(15, 5);
      // While the server is down, every message is acknowledged or still shown as Sending… and kept in storage.
      const kept = JSON.parse(sender.storage.getItem(`chat-outbox:${space.id}`) ?? "[]") as OutboxMessage[];
      const unacknowledged = typed.filter((entry) => !sender.acknowledged.has(entry.clientId));
      expect(unacknowledged.length).toBeGreaterThan(0);
      for (const entry of unacknowledged) {
        expect(sender.pending()).toContainEqual(
          expect.objectContaining({ clientId: entry.clientId, status: "sending" }),
        );
        expect(kept).toContainEqual(expect.objectContaining({ clientId: entry.clientId, status: "sending" }));
      }

      instance = await startServerProcess(port);

      const clientIds = typed.map((entry) => entry.clientId);
      await eventually(async () => {
        expect(sender.pending()).toEqual([]);
        const created = (changes: SpaceChange[]) =>
          changes.filter((change) => change.kind === "message.created").map((change) => change.payload.clientId);
        expect(created(receiver.applied).sort()).toEqual([...clientIds].sort());
        expect(created(sender.applied).sort()).toEqual([...clientIds].sort());
      }, 30_000);

      const timesStored = await timesStoredNow();
      expect(clientIds.map(timesStored)).toEqual(clientIds.map(() => 1));
      // Each side applied the log once, without a gap.
      for (const side of [sender, receiver]) {
        expect(side.applied.map((change) => change.seq)).toEqual(side.applied.map((_, index) => index + 1));
      }
    },
    60_000,
  );
});
