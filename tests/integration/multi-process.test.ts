import type { ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { SpaceChange } from "~/services/events.server";
import { createAgency, createClient, createSpace } from "#tests/support/factories";
import {
  closeClients,
  connectClient,
  eventually,
  freePort,
  record,
  request,
  sessionCookie,
  startServerProcess,
  stopServerProcess,
} from "#tests/support/sockets";

/*
 * Two app instances in two processes on one Postgres database: a room broadcast made by
 * one reaches the sockets connected to the other through @socket.io/postgres-adapter.
 */
const postgres = Boolean(process.env.TEST_DATABASE_URL);
if (!postgres)
  console.warn("multi-process realtime test skipped: set TEST_DATABASE_URL to a Postgres server to run it");

describe.skipIf(!postgres)("two instances on one database", () => {
  const instances: ChildProcess[] = [];
  const origins: string[] = [];

  beforeAll(async () => {
    // The second waits until it hears the first: from then on the first's broadcasts reach it.
    for (let index = 0; index < 2; index++) {
      const port = await freePort();
      instances.push(await startServerProcess(port, { instances: index + 1 }));
      origins.push(`http://127.0.0.1:${port}`);
    }
  });

  afterAll(async () => {
    closeClients();
    await Promise.all(instances.map((instance) => stopServerProcess(instance)));
  });

  test("a message sent through one instance reaches a client connected to the other", async () => {
    const { owner, agencyId } = await createAgency();
    const { user: alice, client } = await createClient(agencyId);
    const space = await createSpace(agencyId, { clientIds: [client.id] });
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
