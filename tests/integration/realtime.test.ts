import http from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "socket.io";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { allowRealtimeRequest, attachRealtime, detachRealtime } from "~/realtime/server.server";
import * as login from "~/routes/login";
import * as logout from "~/routes/logout";
import { db } from "~/services/db.server";
import { PASSWORD, createAgency, createUser } from "#tests/support/factories";
import { context, cookiesFrom, postRequest, respond } from "#tests/support/requests";

/* The socket.io server wired as server.ts wires it, reached by a real client over a real socket. */
let server: http.Server;
let io: Server;
let origin: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = http.createServer();
  io = new Server(server, { allowRequest: allowRealtimeRequest });
  await attachRealtime(io);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await new Promise((resolve) => io.close(resolve));
  await detachRealtime();
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
    const { error } = await open({ origin: "https://evil.example", cookie: await signIn(owner.email) });
    expect(error).toBeDefined();
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
