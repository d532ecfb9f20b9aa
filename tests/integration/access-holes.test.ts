import crypto from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import * as clientEmployees from "~/routes/client.employees";
import * as suggestions from "~/routes/resources.search";
import * as searchPage from "~/routes/search";
import { db } from "~/services/db.server";
import { agencyWorld, type AgencyWorld } from "#tests/support/access-world";
import { createClient, createSpace } from "#tests/support/factories";
import { call, cookieFor, getRequest } from "#tests/support/requests";
import {
  closeClients,
  connectClient,
  request,
  sessionCookie,
  startRealtimeServer,
  stopRealtimeServers,
} from "#tests/support/sockets";

/*
 * The access holes the review found, seen from outside through the world of the
 * access matrix (access-matrix.test.ts): each failed before its fix and now guards it.
 */

let origin: string;
let home: AgencyWorld;

beforeAll(async () => {
  origin = await startRealtimeServer();
  home = await agencyWorld("Quokkanest");
});

afterEach(() => closeClients());

afterAll(async () => {
  await stopRealtimeServers();
});

describe("closed hole: the socket handshake and the agency's two-factor requirement", () => {
  test("a team member or client who has not set up two-factor, in an agency that requires it, gets no socket", async () => {
    await db.updateTable("agencies").set({ require_two_factor: true }).where("id", "=", home.agencyId).execute();
    try {
      for (const user of [home.people.memberIn, home.people.clientOwner]) {
        const outcome = await connectClient(origin, await sessionCookie(user)).then(
          () => "connected",
          (error: Error) => error.message,
        );
        expect(outcome, user.email).not.toBe("connected");
      }
    } finally {
      await db.updateTable("agencies").set({ require_two_factor: false }).where("id", "=", home.agencyId).execute();
    }
  });
});

describe("closed hole: a team member's search and the clients of spaces they are not in", () => {
  test("neither the search page nor the suggestions list a client who is only in a space the member is not in", async () => {
    const hiddenClient = `${home.tag} Hidden Client`;
    for (const user of [home.people.memberIn, home.people.memberOut]) {
      const cookie = await cookieFor(user);
      for (const [route, path] of [
        [searchPage, "/search"],
        [suggestions, "/resources/search"],
      ] as const) {
        const response = await call(route.loader, getRequest(`${path}?q=Hidden`, cookie));
        expect(response.status).toBe(200);
        expect(await response.text(), `${user.email} ${path}`).not.toContain(hiddenClient);
      }
    }
  });
});

describe("closed hole: clients without a company", () => {
  test("two clients of the agency with no company do not see each other as employees", async () => {
    const { user: first } = await createClient(home.agencyId, { company: "", name: "Solo Freelancer One" });
    const { client: second } = await createClient(home.agencyId, { company: "", name: "Solo Freelancer Two" });
    await createSpace(home.agencyId, { name: "Freelance Work", clientIds: [second.id] });
    const response = await call(clientEmployees.loader, getRequest("/client/employees", await cookieFor(first)));
    expect(response.status).toBe(200);
    expect(await response.text()).not.toContain("Solo Freelancer Two");
  });
});

describe("closed hole: chat:sync and edited messages", () => {
  test("a replay from the start shows a message as it stands, not the text it was edited away from", async () => {
    const socket = await connectClient(origin, await sessionCookie(home.people.owner));
    const sent = await request<{ ok: boolean; message: { id: string } }>(socket, "chat:send", {
      spaceId: home.space.id,
      clientId: crypto.randomUUID(),
      content: "the password is hunter2",
    });
    expect(sent.ok).toBe(true);
    await request(socket, "chat:edit", { messageId: sent.message.id, content: "(removed)" });
    const member = await connectClient(origin, await sessionCookie(home.people.memberIn));
    const replay = await request<{ ok: boolean }>(member, "chat:sync", { spaceId: home.space.id, afterSeq: 0 });
    expect(replay.ok).toBe(true);
    expect(JSON.stringify(replay)).not.toContain("hunter2");
  });
});
