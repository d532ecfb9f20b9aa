import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import * as login from "~/routes/login";
import * as logout from "~/routes/logout";
import { db } from "~/services/db.server";
import { setTwoFactorRequirement } from "~/models/two-factor.server";
import { PASSWORD, actorOf, createAgency, createClient, createTeamMember, createUser } from "#tests/support/factories";
import { context, cookiesFrom, postRequest, respond } from "#tests/support/requests";
import { startRealtimeServer, stopRealtimeServers } from "#tests/support/sockets";
import { withTwoFactor } from "#tests/support/two-factor";

/* The socket.io server wired as server.ts wires it, reached by a real client over a real socket. */
let origin: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  origin = await startRealtimeServer();
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await stopRealtimeServers();
});

function open(headers: Record<string, string>) {
  const socket = connect(origin, { transports: ["websocket"], extraHeaders: headers, reconnection: false });
  sockets.push(socket);
  return new Promise<{ socket: Socket; error?: string }>((resolve) => {
    socket.on("connect", () => resolve({ socket }));
    socket.on("connect_error", (error) => resolve({ socket, error: error.message }));
  });
}

async function signIn(email: string) {
  const args = { request: postRequest("/login", { email, password: PASSWORD }), context: context(), params: {} };
  return cookiesFrom(await respond(() => login.action(args)));
}

describe("the realtime handshake", () => {
  test("is refused from another site's page", async () => {
    const { owner } = await createAgency();
    const cookie = await signIn(owner.email);
    const foreign = { origin: "https://evil.example", cookie };
    // A browser's first request, the polling handshake, is told why.
    const handshake = await fetch(`${origin}/socket.io/?EIO=4&transport=polling`, { headers: foreign });
    expect(handshake.status).toBe(403);
    expect(await handshake.json()).toEqual({ code: 4, message: "origin not allowed" });
    // Straight to a websocket: the upgrade is refused, and no socket is made.
    const { socket, error } = await open(foreign);
    expect(error).toBe("websocket error");
    expect(socket.connected).toBe(false);
    // The same session from the app's own page gets in: it was the other site that was refused.
    expect((await open({ origin, cookie })).error).toBeUndefined();
  });

  test("is refused without a session, and for an unverified account", async () => {
    expect((await open({ origin })).error).toBe("unauthorized");
    const pending = await createUser({ verified: false });
    const cookie = await signIn(pending.email);
    expect((await open({ origin, cookie })).error).toBe("unauthorized");
  });

  test("is refused to a user who has yet to replace a temporary password", async () => {
    const { owner } = await createAgency();
    const cookie = await signIn(owner.email);
    await db.updateTable("users").set({ must_change_password: true }).where("id", "=", owner.id).execute();
    expect((await open({ origin, cookie })).error).toBe("unauthorized");
  });

  test("is refused to a team member or client whose agency requires two-factor, until they set it up", async () => {
    const { agencyId } = await createAgency();
    const { user: member } = await createTeamMember(agencyId);
    const { user: client } = await createClient(agencyId);
    await db.updateTable("agencies").set({ require_two_factor: true }).where("id", "=", agencyId).execute();
    const cookie = await signIn(member.email);
    expect((await open({ origin, cookie })).error).toBe("unauthorized");
    expect((await open({ origin, cookie: await signIn(client.email) })).error).toBe("unauthorized");

    await withTwoFactor(member);
    expect((await open({ origin, cookie })).error).toBeUndefined();
  });

  test("drops a connected team member's socket once their agency requires two-factor they lack", async () => {
    const { owner, agencyId } = await createAgency();
    const { user } = await createTeamMember(agencyId);
    const { socket, error } = await open({ origin, cookie: await signIn(user.email) });
    expect(error).toBeUndefined();

    const disconnected = new Promise<string>((resolve) => socket.on("disconnect", resolve));
    await withTwoFactor(owner);
    await setTwoFactorRequirement(await actorOf(owner), true);
    expect(await disconnected).toBe("io server disconnect");
  });

  test("accepts a signed-in user, and drops their socket when they sign out", async () => {
    const { owner } = await createAgency();
    const cookie = await signIn(owner.email);
    const { socket, error } = await open({ origin, cookie });
    expect(error).toBeUndefined();

    const disconnected = new Promise<string>((resolve) => socket.on("disconnect", resolve));
    await respond(() => logout.action({ request: postRequest("/logout", {}, cookie), context: context(), params: {} }));
    expect(await disconnected).toBe("io server disconnect");
  });
});
