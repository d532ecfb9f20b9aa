import crypto from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { ACTIONS_PER_USER } from "~/models/action-allowance.server";
import { RATE_LIMITS } from "~/models/rate-limits.server";
import { CHAT_EVENTS } from "~/realtime/chat-handlers.server";
import { REALTIME_LIMITS } from "~/realtime/limits.server";
import { SPACE_TYPING_EVENT, TOO_MANY_REQUESTS, TYPING_EVENT } from "~/shared/protocol";
import { createAdmin, unknownTargets } from "#tests/support/access-world";
import { createAgency, createClient, createSpace, createTeamMember } from "#tests/support/factories";
import { call, cookieFor, postRequest } from "#tests/support/requests";
import { ROUTES, actionRoutes, routeUrl, type RouteModule } from "#tests/support/route-table";
import {
  closeClients,
  connectClient,
  eventually,
  request,
  sessionCookie,
  startRealtimeServer,
  stopRealtimeServers,
} from "#tests/support/sockets";

/*
 * The rate-limit matrix (issue 35, docs/security.md "Limits"): every route that changes
 * something (an action) and every socket event has a limit. Generated from app/routes and
 * CHAT_EVENTS: an action or an event that no limit covers fails the first tests, by name.
 *
 * - A signed-in person's posts draw on their allowance in requireActor, so every action
 *   behind the sign-in has it; each is posted past it here and must answer 429.
 * - The signed-out forms are held by counters in the database (RATE_LIMITS); the table
 *   names them, and their own tests (accounts, registration, two-factor) prove them.
 * - What changes nothing a stranger could aim at needs none, and says why.
 */

/** The signed-out forms and the database counters that hold them (app/models/rate-limits.server.ts). */
const SIGNED_OUT_LIMITS: Record<string, Array<keyof typeof RATE_LIMITS>> = {
  "login.tsx": ["signInFailuresPerIp", "signInPerAccount"],
  "team-login.tsx": ["signInFailuresPerIp", "signInPerAccount"],
  "login_.two-factor.tsx": ["twoFactorPerAccount", "signInFailuresPerIp"],
  "register.tsx": ["agencySignUpPerIp"],
  "client-register.tsx": ["inviteeSignUpPerIp", "signUpPerInvitation"],
  "team-register.tsx": ["inviteeSignUpPerIp", "signUpPerInvitation"],
  "forgot-password.tsx": ["mailPerIp", "mailPerAccount"],
  // Its Resend mails; its other button only reads who is signed in.
  "email-verification.tsx": ["mailPerIp", "mailPerAccount"],
};

/** Actions that need no limit, and why. */
const NOTHING_TO_LIMIT: Record<string, string> = {
  "$.tsx": "nothing is here: every post is a 404",
  "logout.tsx": "ends the poster's own session",
  "resources.sidebar.tsx": "sets a cookie in the poster's own browser",
  "reset-password.tsx": "changes a password only with a single-use secret of 256 bits; without one it reads one row",
  "conversation-link.tsx": "signs in only with a single-use secret of 256 bits; without one it reads one row",
  "webhooks.resend.tsx":
    "refuses what Resend did not sign (an HMAC of the body) before any database work; the mail it announces has its own limits (mail-replies.server.ts)",
};

/** An agency's owner, a team member and a client in one space. */
async function people() {
  const { owner, agencyId } = await createAgency();
  const { user: member, member: memberRecord } = await createTeamMember(agencyId);
  const { user: client, client: clientRecord } = await createClient(agencyId, { role: "OWNER" });
  const space = await createSpace(agencyId, { teamMemberIds: [memberRecord.id], clientIds: [clientRecord.id] });
  return { owner, member, client, space };
}

/** Whom to post as: someone the route's area lets through, so that the post reaches the allowance. */
function posterOf(file: string, { owner, member, client }: Awaited<ReturnType<typeof people>>, admin: { id: string }) {
  const { kind } = ROUTES[file];
  if (typeof kind !== "object") return owner;
  return { agency: owner, client, teams: member, admin }[kind.area];
}

let actions: Array<[string, RouteModule]>;

beforeAll(async () => {
  actions = await actionRoutes();
});

describe("every action has a limit", () => {
  test("each action is behind the sign-in, held by named counters, or said to need none", () => {
    const unlimited = actions
      .map(([file]) => file)
      .filter((file) => {
        const { kind } = ROUTES[file];
        const signedIn = kind === "signed-in" || typeof kind === "object";
        return !signedIn && !(file in SIGNED_OUT_LIMITS) && !(file in NOTHING_TO_LIMIT);
      });
    expect(unlimited, "actions without a limit").toEqual([]);
    const named = Object.values(SIGNED_OUT_LIMITS).flat();
    expect(named.filter((name) => !(name in RATE_LIMITS))).toEqual([]);
  });

  test("every signed-in action answers 429 once its poster's allowance is spent", async () => {
    const admin = await createAdmin();
    const failures: string[] = [];
    // The allowance regains ACTIONS_PER_USER.perSecond a second; its clock stands still here, so the count is exact.
    vi.useFakeTimers({ toFake: ["performance"] });
    try {
      for (const [file, module] of actions) {
        const { kind } = ROUTES[file];
        if (kind !== "signed-in" && typeof kind !== "object") continue;
        // People of their own for each: a person's allowance is theirs across routes. Unknown ids: the posts change nothing.
        const cookie = await cookieFor(posterOf(file, await people(), admin));
        const { path, params } = routeUrl(file, unknownTargets());
        const post = () => call(module.action!, postRequest(path, {}, cookie), params);
        const statuses = new Set<number>();
        for (let count = 0; count < ACTIONS_PER_USER.burst; count++) statuses.add((await post()).status);
        const over = await post();
        if (statuses.has(429)) failures.push(`${file}: refused within the allowance`);
        if (over.status !== 429 || (await over.text()) !== TOO_MANY_REQUESTS) {
          failures.push(`${file}: answered ${over.status} past the allowance, not 429`);
        }
      }
    } finally {
      vi.useRealTimers();
    }
    expect(failures).toEqual([]);
  }, 240_000);
});

describe("every socket event has a limit", () => {
  let origin: string;
  let world: Awaited<ReturnType<typeof people>>;

  beforeAll(async () => {
    origin = await startRealtimeServer();
    world = await people();
  });

  afterEach(() => {
    closeClients();
    vi.useRealTimers();
  });

  afterAll(() => stopRealtimeServers());

  test("each chat event is refused past its socket's allowance, whatever it carries", async () => {
    const failures: string[] = [];
    for (const event of CHAT_EVENTS) {
      const socket = await connectClient(origin, await sessionCookie((await people()).member));
      vi.useFakeTimers({ toFake: ["performance"] });
      const answers = [];
      for (let count = 0; count <= REALTIME_LIMITS.eventsPerSocket.burst; count++) {
        answers.push(await request<{ ok: boolean; error?: string }>(socket, event, { spaceId: crypto.randomUUID() }));
      }
      vi.useRealTimers();
      const refused = answers.filter((answer) => answer.error === TOO_MANY_REQUESTS);
      if (refused.length !== 1 || answers.at(-1)?.error !== TOO_MANY_REQUESTS) {
        failures.push(`${event}: ${refused.length} of ${answers.length} refused as too many`);
      }
      socket.close();
    }
    expect(failures).toEqual([]);
  });

  test("typing is passed on at most its allowance, then dropped", async () => {
    const { member, owner, space } = world;
    const listener = await connectClient(origin, await sessionCookie(owner));
    const heard: string[] = [];
    listener.on(SPACE_TYPING_EVENT, ({ userId }: { userId: string }) => heard.push(userId));
    listener.on("space:change", () => heard.push("message"));
    const typist = await connectClient(origin, await sessionCookie(member));
    vi.useFakeTimers({ toFake: ["performance"] });
    for (let count = 0; count < 3 * REALTIME_LIMITS.typingPerSocket.burst; count++) {
      typist.emit(TYPING_EVENT, { spaceId: space.id, typing: true });
    }
    // A message after the signals reaches the room after whatever of them was passed on.
    const sent = await request<{ ok: boolean }>(typist, "chat:send", {
      spaceId: space.id,
      clientId: crypto.randomUUID(),
      content: "After the typing",
    });
    expect(sent.ok).toBe(true);
    await eventually(() => expect(heard).toContain("message"));
    expect(heard.filter((entry) => entry === member.id)).toHaveLength(REALTIME_LIMITS.typingPerSocket.burst);
  });
});
