import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { SpaceChange } from "~/shared/protocol";
import {
  connectClient,
  eventually,
  record,
  request,
  sessionCookie,
  startServerProcesses,
} from "#tests/support/sockets";
import { clientSpace } from "#tests/support/space-worlds";

/*
 * Two app instances in two processes on one Postgres database: a room broadcast made by
 * one reaches the sockets connected to the other through @socket.io/postgres-adapter.
 */
const postgres = Boolean(process.env.TEST_DATABASE_URL);
if (!postgres)
  console.warn("multi-process realtime test skipped: set TEST_DATABASE_URL to a Postgres server to run it");

describe.skipIf(!postgres)("two instances on one database", () => {
  let instances: Awaited<ReturnType<typeof startServerProcesses>>;
  let origins: string[];

  beforeAll(async () => {
    instances = await startServerProcesses(2);
    origins = instances.origins;
  });

  afterAll(() => instances.stop());

  test("a message sent through one instance reaches a client connected to the other", async () => {
    const { owner, alice, launch: space } = await clientSpace();
    const ownerSocket = await connectClient(origins[0], await sessionCookie(owner));
    const aliceSocket = await connectClient(origins[1], await sessionCookie(alice));
    const toAlice = record<{ spaceId: string; change: SpaceChange }>(aliceSocket, "space:change");

    const answer = await request(ownerSocket, "chat:send", {
      spaceId: space.id,
      clientId: crypto.randomUUID(),
      content: "Hello from instance one",
    });

    expect(answer).toMatchObject({ ok: true, seq: 1 });
    await eventually(() =>
      expect(toAlice).toEqual([
        {
          spaceId: space.id,
          change: expect.objectContaining({
            seq: 1,
            kind: "message.created",
            payload: expect.objectContaining({ content: "Hello from instance one" }),
          }),
        },
      ]),
    );
  });
});
