import { forget } from "@epic-web/remember";
import fc from "fast-check";
import { beforeAll, expect, test } from "vitest";
import { agencyWorld, unknownTargets, type AgencyWorld, type Targets } from "#tests/support/access-world";
import { BASE, call, cookieFor, toastOf } from "#tests/support/requests";
import { ROUTES, actionRoutes, importRoute, routeUrl, type RouteModule } from "#tests/support/route-table";

/*
 * Hostile input: every form action, found in app/routes, gets generated posts (wrong
 * types, huge strings, Unicode edge cases, missing and repeated fields, bodies that are
 * not forms at all) from the user who may use it, and never answers 5xx. Each action
 * gets an agency of its own, so one that removes or deletes leaves the others theirs.
 */

const RUNS = 25;

const INTENTS = [
  "send",
  "edit",
  "delete",
  "react",
  "read",
  "update",
  "assign",
  "unassign",
  "remove",
  "temporary-password",
  "profile",
  "logo",
  "change-password",
  "sign-out-session",
  "sign-out-others",
  "start-two-factor",
  "confirm-two-factor",
  "cancel-two-factor",
  "disable-two-factor",
  "require-two-factor",
  "client-exports",
  "resend",
  "add",
  "continue",
];

const FIELDS = [
  "intent",
  "email",
  "password",
  "confirmPassword",
  "currentPassword",
  "name",
  "firstName",
  "lastName",
  "agencyName",
  "mobileNumber",
  "agencyUrl",
  "url",
  "terms",
  "agreeToTerms",
  "invite",
  "token",
  "code",
  "kind",
  "role",
  "clientRole",
  "company",
  "extension",
  "sendEmail",
  "clientOwnerId",
  "logo",
  "spaceId",
  "memberId",
  "messageId",
  "clientId",
  "content",
  "reaction",
  "upTo",
  "redirectTo",
  "collapsed",
  "session",
  "required",
  "allowed",
  "newClient",
  "teamActivity",
  "unreadMessages",
  "marketing",
  "contactNumber",
];

/** Values a hostile client might send in any field. */
function hostileValue(ids: Targets) {
  return fc.oneof(
    fc.string(),
    fc.string({ unit: "grapheme", maxLength: 50 }),
    fc.string({ unit: "binary", maxLength: 50 }),
    fc.constantFrom(
      "",
      " ",
      "\u0000",
      "\uD800",
      "\u202Eevil\u202C",
      "\u200B\u200D\uFEFF",
      "e\u0301\u0301\u0301",
      "𝕳𝖊𝖑𝖑𝖔 👩‍👩‍👧‍👦",
      "true",
      "on",
      "null",
      "undefined",
      "NaN",
      "-1",
      "1e309",
      "[object Object]",
      '{"$gt":""}',
      "' OR 1=1 --",
      "<script>alert(1)</script>",
      "../../etc/passwd",
      "//evil.example",
      "javascript:alert(1)",
      "http://evil.example/",
      "a@b",
      "user@example.test",
      "(555) 123-4567",
      "00000000-0000-0000-0000-000000000000",
      "not-a-uuid",
      "space-logos/0123456789abcdef0123456789abcdef.webp",
      ids.space,
      ids.message,
      ids.member,
      ids.client,
      ids.invitation,
    ),
    fc.constantFrom(...INTENTS),
    fc.integer({ min: 1, max: 3 }).map((exponent) => "x".repeat(10 ** (exponent + 3))),
  );
}

/** A form: some of the known fields (so others are missing), any of them repeated, plus an unknown one. */
function hostileForm(ids: Targets) {
  return fc.array(fc.tuple(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 20 })), hostileValue(ids)), {
    maxLength: 12,
  });
}

type Body = { kind: "urlencoded" | "multipart" | "json" | "garbage"; fields: Array<[string, string]> };

function hostileBody(ids: Targets) {
  return fc.record({
    kind: fc.constantFrom<Body["kind"]>("urlencoded", "urlencoded", "multipart", "json", "garbage"),
    fields: hostileForm(ids),
  });
}

function requestOf(path: string, body: Body, cookie: string | null) {
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
  if (body.kind === "multipart") {
    const form = new FormData();
    for (const [name, value] of body.fields) form.append(name, value);
    form.append("file", new File([new Uint8Array([0xff, 0xd8, 0xff, 0x00])], "x.jpg", { type: "image/jpeg" }));
    return new Request(`${BASE}${path}`, { method: "POST", body: form, headers });
  }
  if (body.kind === "json") {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    return new Request(`${BASE}${path}`, { method: "POST", body: JSON.stringify(body.fields), headers });
  }
  if (body.kind === "garbage") {
    headers["Content-Type"] = "multipart/form-data; boundary=nope";
    return new Request(`${BASE}${path}`, { method: "POST", body: "--nope\r\nbroken", headers });
  }
  headers["Content-Type"] = "application/x-www-form-urlencoded";
  const params = new URLSearchParams();
  for (const [name, value] of body.fields) params.append(name, value);
  return new Request(`${BASE}${path}`, { method: "POST", body: params, headers });
}

/** Who posts to the route: someone it is for, so the hostile input reaches the action's parsing and models. */
function posterOf(file: string, world: AgencyWorld): Array<{ id: string } | null> {
  const { kind } = ROUTES[file];
  if (kind === "guest" || kind === "open" || kind === "missing") return [null];
  if (kind === "signed-in") return [world.people.owner, world.people.clientOwner];
  if (kind.area === "teams") return [world.people.memberIn];
  if (kind.area === "client") return [world.people.clientOwner];
  return [world.people.owner];
}

let actions: Array<[string, RouteModule]>;

beforeAll(async () => {
  actions = await actionRoutes();
});

test("every form action answers generated hostile posts without a 5xx", async () => {
  const failures: string[] = [];
  for (const [index, [file, module]] of actions.entries()) {
    const world = await agencyWorld(`Hostile${index}`);
    const ids: Targets = {
      space: world.space.id,
      message: world.message.id,
      client: world.client.id,
      member: world.member.id,
      invitation: world.invitation.id,
    };
    const { path, params } = routeUrl(file, ids);
    for (const poster of posterOf(file, world)) {
      const cookie = poster && (await cookieFor(poster));
      await fc
        .assert(
          fc.asyncProperty(hostileBody(ids), async (body) => {
            // A fresh allowance for each post, so that the body reaches the action rather than a 429 (ACTIONS_PER_USER).
            forget("actions-per-user");
            const response = await call(module.action!, requestOf(path, body, cookie), params).catch(
              (error: unknown) => new Response(String(error), { status: 500 }),
            );
            if (response.status >= 500) {
              failures.push(`${file} ${JSON.stringify(body).slice(0, 300)}: ${response.status}`);
              return false;
            }
            return true;
          }),
          { numRuns: RUNS, seed: 1313, endOnFailure: true },
        )
        .catch(() => undefined);
    }
  }
  expect(failures).toEqual([]);
}, 240_000);

test("a broken multipart body to a profile form is refused with a message, not a 500", async () => {
  const world = await agencyWorld("Brokenbody");
  for (const [file, user] of [
    ["_agency.settings._index.tsx", world.people.owner],
    ["teams.settings._index.tsx", world.people.memberIn],
    ["client.settings._index.tsx", world.people.clientOwner],
  ] as const) {
    const { action } = await importRoute(file);
    const body: Body = { kind: "garbage", fields: [] };
    const response = await call(action!, requestOf(routeUrl(file, unknownTargets()).path, body, await cookieFor(user)));
    expect(response.status, file).toBe(302);
    expect((await toastOf(response))?.type).toBe("error");
  }
});
