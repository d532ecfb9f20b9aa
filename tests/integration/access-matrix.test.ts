import { beforeAll, describe, expect, test } from "vitest";
import type { UserType } from "#db/schema";
import { canEnterArea, homePath } from "~/models/policy.server";
import {
  agencyWorld,
  changedTables,
  createAdmin,
  foreignTargets,
  leakedMarker,
  markersOf,
  signedInActors,
  snapshot,
  unknownTargets,
  type Actor,
  type AgencyWorld,
  type Targets,
} from "#tests/support/access-world";
import { call, cookieFor, getRequest, postRequest } from "#tests/support/requests";
import {
  ROUTES,
  fill,
  fillForm,
  importRoute,
  paramNames,
  referencesId,
  routeFiles,
  routeUrl,
  type RouteEntry,
  type RouteModule,
} from "#tests/support/route-table";

/*
 * The access matrix, generated from app/routes: every loader and action, called as each
 * user type of one agency, of another agency, as an administrator and signed out, with
 * another agency's ids, unknown ids, and ids of its own agency the user does not take
 * part in. Each must answer 404 (or send the user to sign in, or to their own area),
 * change nothing, and show nothing of the other agency.
 */

let home: AgencyWorld;
let other: AgencyWorld;
let modules: Map<string, RouteModule>;
const signedOut: Actor = { name: "signed out", type: "NONE", cookie: null };

// Many calls in one test; a busy machine makes them slow.
const SLOW = 180_000;

beforeAll(async () => {
  home = await agencyWorld("Quokkanest");
  other = await agencyWorld("Zanzibarra");
  modules = new Map();
  for (const file of routeFiles()) modules.set(file, await importRoute(file));
});

test("every route file is in the access table (a new route must say who may use it)", () => {
  const files = routeFiles();
  expect(
    files.filter((file) => !(file in ROUTES)),
    "new route not covered",
  ).toEqual([]);
  expect(
    Object.keys(ROUTES).filter((file) => !files.includes(file)),
    "table names a route that is gone",
  ).toEqual([]);
  for (const file of files) {
    const { action } = modules.get(file)!;
    if (action && paramNames(file).some((name) => name !== "*")) {
      expect(ROUTES[file].forms, `${file}: an action on an id needs forms to try`).toBeDefined();
    }
  }
});

type Failure = string;
type Call = { file: string; method: "GET" | "POST"; form?: Record<string, string> };

/** Calls the route with `pathIds` in its path and `fieldIds` in its form's fields and query. */
async function run(actor: Actor, { file, method, form }: Call, pathIds: Targets, tag: string, fieldIds = pathIds) {
  const module = modules.get(file)!;
  const entry = ROUTES[file];
  const { path, params } = routeUrl(file, pathIds);
  const query = method === "GET" && entry.query ? fill(entry.query, fieldIds, tag) : "";
  const request =
    method === "GET"
      ? getRequest(`${path}${query}`, actor.cookie)
      : postRequest(path, fillForm(form ?? {}, fieldIds, tag), actor.cookie);
  const handler = method === "GET" ? module.loader! : module.action!;
  // A thrown error is what the server would answer with a 500.
  const response = await call(handler, request, params).catch(
    (error: unknown) => new Response(String(error), { status: 500 }),
  );
  const body = (await response.text()) + withoutEcho(response.headers.get("Location"), `${path}${query}`);
  return { response, body, path, where: `${actor.name} ${method} ${path}${query} ${form ? JSON.stringify(form) : ""}` };
}

/** A sign-in redirect names the address the caller asked for; only the rest of it could leak. */
function withoutEcho(location: string | null, asked: string): string {
  if (!location) return "";
  const url = new URL(location, "http://localhost");
  if (url.searchParams.get("redirectTo") === asked) url.searchParams.delete("redirectTo");
  return `${url.pathname}${url.search}`;
}

const isRedirect = (status: number) => status >= 300 && status < 400;

/** Why this answer to a call on a hidden id is wrong, or null when it is right. */
function wrongAnswer(
  actor: Actor,
  entry: RouteEntry,
  response: Response,
  path: string,
  method: string,
  formNamesId: boolean,
): string | null {
  const { status } = response;
  const location = response.headers.get("Location") ?? "";
  if (status >= 500) return `answered ${status}`;
  if (entry.kind === "missing") return status === 404 ? null : `answered ${status}, not 404`;
  if (!actor.cookie) {
    return isRedirect(status) && location.startsWith("/login?redirectTo=")
      ? null
      : `answered ${status} ${location}, not the sign-in redirect`;
  }
  const type = actor.type as UserType;
  const area = typeof entry.kind === "object" ? entry.kind.area : null;
  if (area && !canEnterArea({ type, isAdmin: type === "ADMIN" }, area)) {
    return isRedirect(status) && location === homePath(type)
      ? null
      : `answered ${status} ${location}, not ${homePath(type)}`;
  }
  if (entry.clientsToOwnChat && type === "CLIENT" && method === "GET") {
    return location === path.replace("/spaces/", "/client/chat/") ? null : `answered ${status} ${location}`;
  }
  // A refused id in a form's field is told on the form (400) or as not found.
  if (formNamesId && status === 400) return null;
  return status === 404 ? null : `answered ${status} ${location}, not 404`;
}

/** The calls of every route that takes an id in its path (loader, and action with each of its forms). */
function idRouteCalls(): Call[] {
  const calls: Call[] = [];
  for (const [file, module] of modules) {
    if (!paramNames(file).some((name) => name !== "*")) continue;
    if (module.loader && file !== "invitations_.$invitationId.tsx") calls.push({ file, method: "GET" });
    if (module.action) for (const form of ROUTES[file].forms ?? [{}]) calls.push({ file, method: "POST", form });
  }
  return calls;
}

/**
 * Runs every id route as the actor against the targets: all wrong answers, leaks and
 * changes are collected, so one run shows them all.
 */
async function matrix(actor: Actor, targets: Targets, victim: AgencyWorld, fieldsOnly = false, pathTargets = targets) {
  const failures: Failure[] = [];
  const before = await snapshot();
  const markers = markersOf(victim);
  for (const spec of idRouteCalls()) {
    if (fieldsOnly && !(spec.form ? referencesId(spec.form) : ROUTES[spec.file].query?.includes(":message"))) continue;
    const { response, body, path, where } = await run(actor, spec, pathTargets, victim.tag, targets);
    const namesId = Boolean(spec.form && referencesId(spec.form));
    const wrong = wrongAnswer(actor, ROUTES[spec.file], response, path, spec.method, namesId);
    if (wrong) failures.push(`${where}: ${wrong}`);
    const leak = leakedMarker(body, markers);
    if (leak) failures.push(`${where}: shows "${leak}"`);
  }
  const changed = changedTables(before, await snapshot());
  if (changed.length) failures.push(`${actor.name}: changed ${changed.join(", ")}`);
  return failures;
}

function ownTargets(world: AgencyWorld): Targets {
  return {
    space: world.space.id,
    message: world.message.id,
    client: world.client.id,
    member: world.member.id,
    invitation: world.invitation.id,
  };
}

function hiddenOwnTargets(world: AgencyWorld): Targets {
  return { ...unknownTargets(), space: world.hiddenSpace.id, message: world.hiddenMessage.id };
}

test(
  "the ids under test are real: their own agency's people reach them",
  async () => {
    const ids = foreignTargets(other);
    const [owner, client] = await signedInActors(other, ["owner", "clientOwner"]);
    for (const [actor, file] of [
      [owner, "spaces.$spaceId.tsx"],
      [owner, "spaces.$spaceId_.edit.tsx"],
      [owner, "spaces.$spaceId_.export.tsx"],
      [owner, "spaces.$spaceId_.files.tsx"],
      [owner, "attachments.$messageId.tsx"],
      [owner, "_agency.team_.$memberId.tsx"],
      [owner, "_agency.clients_.$clientId.tsx"],
      [client, "client.chat.$spaceId.tsx"],
      [client, "client.chat.$spaceId_.files.tsx"],
      [client, "attachments.$messageId.tsx"],
    ] as const) {
      const { response, body, where } = await run(actor, { file, method: "GET" }, ids, "");
      expect(response.status, where).toBe(200);
      expect(body, where).toContain(other.tag);
    }
  },
  SLOW,
);

describe("another agency's ids answer 404 and show and change nothing", () => {
  const actors = async () => [
    ...(await signedInActors(home)),
    { name: "admin", type: "ADMIN", cookie: await cookieFor(await createAdmin()) },
    signedOut,
  ];

  test(
    "as each user type of another agency, an administrator and signed out",
    async () => {
      const failures: Failure[] = [];
      for (const actor of await actors()) failures.push(...(await matrix(actor, foreignTargets(other), other)));
      expect(failures).toEqual([]);
    },
    SLOW,
  );

  test(
    "the other way round: that agency's owner, team member and client against this one",
    async () => {
      const failures: Failure[] = [];
      for (const actor of await signedInActors(other, ["owner", "memberIn", "clientOwner"])) {
        failures.push(...(await matrix(actor, foreignTargets(home), home)));
      }
      expect(failures).toEqual([]);
    },
    SLOW,
  );

  test(
    "another agency's ids in the fields of a form posted to the user's own space, person or message",
    async () => {
      const failures: Failure[] = [];
      for (const actor of await signedInActors(home)) {
        failures.push(...(await matrix(actor, foreignTargets(other), other, true, ownTargets(home))));
      }
      expect(failures).toEqual([]);
    },
    SLOW,
  );
});

describe("unknown ids and own-agency ids the user does not take part in answer 404", () => {
  test(
    "ids that exist nowhere, for every user type and signed out",
    async () => {
      const failures: Failure[] = [];
      for (const actor of [...(await signedInActors(home)), signedOut]) {
        failures.push(...(await matrix(actor, unknownTargets(), other)));
      }
      expect(failures).toEqual([]);
    },
    SLOW,
  );

  test(
    "a space of their own agency, and its message, that they do not take part in",
    async () => {
      const failures: Failure[] = [];
      const outsiders = await signedInActors(home, ["memberIn", "memberOut", "clientOwner", "clientEmployee"]);
      for (const actor of outsiders) failures.push(...(await matrix(actor, hiddenOwnTargets(home), other)));
      expect(failures).toEqual([]);
    },
    SLOW,
  );
});

describe("the pages without ids show nothing of another agency", () => {
  test(
    "every loader, as every user type and signed out, with the other agency's name searched for",
    async () => {
      const failures: Failure[] = [];
      const actors = [
        ...(await signedInActors(home)),
        { name: "admin", type: "ADMIN", cookie: await cookieFor(await createAdmin()) },
        signedOut,
      ];
      const before = await snapshot();
      for (const actor of actors) {
        for (const [file, module] of modules) {
          if (!module.loader || paramNames(file).some((name) => name !== "*")) continue;
          const entry = ROUTES[file];
          const { response, body, where } = await run(actor, { file, method: "GET" }, unknownTargets(), other.tag);
          const location = response.headers.get("Location") ?? "";
          const wrong = wrongNoIdAnswer(actor, entry, response.status, location);
          if (wrong) failures.push(`${where}: ${wrong}`);
          // An administrator's own pages list every account of the site, by design.
          const adminPage = actor.type === "ADMIN" && typeof entry.kind === "object" && entry.kind.area === "admin";
          const leak = !adminPage && leakedMarker(body, markersOf(other));
          if (leak) failures.push(`${where}: shows "${leak}"`);
        }
      }
      expect(changedTables(before, await snapshot())).toEqual([]);
      expect(failures).toEqual([]);
    },
    SLOW,
  );

  test(
    "every action, posted signed out, sends to sign-in (or refuses) and changes nothing",
    async () => {
      const failures: Failure[] = [];
      const before = await snapshot();
      for (const [file, module] of modules) {
        if (!module.action) continue;
        const { response, where } = await run(signedOut, { file, method: "POST", form: {} }, foreignTargets(other), "");
        const entry = ROUTES[file];
        const needsSignIn = entry.kind === "signed-in" || typeof entry.kind === "object";
        const location = response.headers.get("Location") ?? "";
        if (response.status >= 500) failures.push(`${where}: answered ${response.status}`);
        if (needsSignIn && !location.startsWith("/login?redirectTo=")) failures.push(`${where}: not sent to sign in`);
      }
      expect(changedTables(before, await snapshot())).toEqual([]);
      expect(failures).toEqual([]);
    },
    SLOW,
  );
});

/** What a page without ids must answer: guests' pages, areas and sign-in as the table says. */
function wrongNoIdAnswer(actor: Actor, entry: RouteEntry, status: number, location: string): string | null {
  if (status >= 500) return `answered ${status}`;
  if (entry.unknownIsNotFound && status !== 404) return `answered ${status} for an unknown key, not 404`;
  if (entry.kind === "open") return null;
  if (entry.kind === "missing") return status === 404 ? null : `answered ${status}, not 404`;
  if (!actor.cookie) {
    // A guest's page may itself send on or answer 404 (a registration without its invitation).
    if (entry.kind === "guest") return null;
    return location.startsWith("/login?redirectTo=")
      ? null
      : `answered ${status} ${location}, not the sign-in redirect`;
  }
  const type = actor.type as UserType;
  if (entry.kind === "guest") return location === homePath(type) ? null : `answered ${status} ${location}`;
  const area = typeof entry.kind === "object" ? entry.kind.area : null;
  if (area && !canEnterArea({ type, isAdmin: type === "ADMIN" }, area)) {
    return location === homePath(type) ? null : `answered ${status} ${location}, not ${homePath(type)}`;
  }
  return null;
}
