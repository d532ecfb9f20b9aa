import crypto from "node:crypto";
import webpush from "web-push";
import { forget } from "@epic-web/remember";
import { beforeAll, describe, expect, test } from "vitest";
import type { UserType } from "#db/schema";
import { isNotFound } from "~/models/errors.server";
import { canEnterArea, homePath } from "~/models/policy.server";
import { findSignOffCard, listSignOffs } from "~/models/sign-off-cards.server";
import { findAskableMessage } from "~/models/sign-offs.server";
import * as pushRoute from "~/routes/resources.push-subscription";
import { db } from "~/services/db.server";
import type { SignOffPanel } from "~/shared/sign-offs";
import { getSessionId } from "~/web/auth.server";
import { actorOf } from "#tests/support/factories";
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
  type Keys,
  type Targets,
} from "#tests/support/access-world";
import { BASE, call, cookieFor, getRequest, postRequest, toastOf } from "#tests/support/requests";
import {
  FILE_FIELD,
  ROUTES,
  fill,
  fillForm,
  importRoute,
  paramNames,
  referencesId,
  routeFiles,
  routeUrl,
  type KeyedAnswer,
  type KeyedCall,
  type RouteEntry,
  type RouteModule,
} from "#tests/support/route-table";

/*
 * The access matrix, generated from app/routes: every loader and action, called as each
 * user type of one agency, of another agency, as an administrator and signed out, with
 * another agency's ids, unknown ids, and ids of its own agency the user does not take
 * part in. Each must answer 404 (or send the user to sign in, or to their own area),
 * change nothing, and show nothing of the other agency. Routes about a key in their
 * query or form (a person, a push endpoint, an export link) answer as the table says.
 */

// Push is set up, so that a browser's subscription is taken (before anything reads the environment).
const vapid = webpush.generateVAPIDKeys();
process.env.VAPID_PUBLIC_KEY = vapid.publicKey;
process.env.VAPID_PRIVATE_KEY = vapid.privateKey;
process.env.VAPID_SUBJECT = "mailto:access-matrix@example.test";

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
type Ids = Targets & Keys;
/**
 * A call of a route; `query` in place of the table's, `keyed` when it is one of the
 * route's keyed calls, `panel` when its query is one of the page's panels.
 */
type Call = {
  file: string;
  method: "GET" | "POST";
  form?: Record<string, string>;
  query?: string;
  keyed?: KeyedCall;
  panel?: boolean;
};

/** Calls the route with `ids` in its form's fields and query, and `pathIds` in its path. */
async function run(
  actor: Actor,
  { file, method, form, query: asked }: Call,
  ids: Ids,
  tag: string,
  pathIds: Targets = ids,
) {
  const module = modules.get(file)!;
  const entry = ROUTES[file];
  const { path, params } = routeUrl(file, pathIds);
  const queryOf = asked ?? entry.query;
  const query = method === "GET" && queryOf ? fill(queryOf, ids, tag) : "";
  const request =
    method === "GET"
      ? getRequest(`${path}${query}`, actor.cookie)
      : formRequest(path, fillForm(form ?? {}, ids, tag), actor.cookie);
  const handler = method === "GET" ? module.loader! : module.action!;
  /*
   * A fresh allowance for every call, so that a refusal is the id's: the matrix posts more
   * as one person than their allowance holds (ACTIONS_PER_USER), faster than it refills on
   * a quiet machine. rate-limit-matrix.test.ts tests the allowance itself.
   */
  forget("actions-per-user");
  // A thrown error is what the server would answer with a 500.
  const response = await call(handler, request, params).catch(
    (error: unknown) => new Response(String(error), { status: 500 }),
  );
  const text = await response.text();
  const body = text + withoutEcho(response.headers.get("Location"), `${path}${query}`);
  const where = `${actor.name} ${method} ${path}${query} ${form ? JSON.stringify(form) : ""}`;
  return { response, text, body, path, where };
}

/** A form's post: with a small text file in each field the table marks `:file`, as a browser sends an upload. */
function formRequest(path: string, fields: Record<string, string>, cookie: string | null) {
  if (!Object.values(fields).includes(FILE_FIELD)) return postRequest(path, fields, cookie);
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    body.append(
      name,
      value === FILE_FIELD ? new File(["access matrix file"], "matrix.txt", { type: "text/plain" }) : value,
    );
  }
  return new Request(`${BASE}${path}`, { method: "POST", body, headers: cookie ? { Cookie: cookie } : {} });
}

/** A sign-in redirect names the address the caller asked for; only the rest of it could leak. */
function withoutEcho(location: string | null, asked: string): string {
  if (!location) return "";
  const url = new URL(location, "http://localhost");
  if (url.searchParams.get("redirectTo") === asked) url.searchParams.delete("redirectTo");
  return `${url.pathname}${url.search}`;
}

const isRedirect = (status: number) => status >= 300 && status < 400;

/** The queries a page without ids is opened with: the table's, then each of its searches (issue 40). */
const queriesOf = (file: string) => [ROUTES[file].query, ...(ROUTES[file].searches ?? [])];

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
  if (!actor.cookie) return notSentToSignIn(response);
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

function notSentToSignIn(response: Response): string | null {
  const location = response.headers.get("Location") ?? "";
  return isRedirect(response.status) && location.startsWith("/login?redirectTo=")
    ? null
    : `answered ${response.status} ${location}, not the sign-in redirect`;
}

/** Why this answer to a keyed call is not the one the table says, or null when it is. */
function wrongKeyedAnswer(actor: Actor, expected: KeyedAnswer, response: Response, text: string, ids: Ids) {
  if (!actor.cookie) return notSentToSignIn(response);
  const location = response.headers.get("Location");
  const answered = `answered ${response.status} ${location ?? text.slice(0, 200)}`;
  if (response.status !== expected.status) return `${answered}, not ${expected.status}`;
  if (expected.location !== undefined && location !== fill(expected.location, ids, "")) {
    return `${answered}, not a redirect to ${expected.location}`;
  }
  if (expected.fields) {
    let json: Record<string, unknown>;
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return `${answered}, not JSON`;
    }
    const differs = Object.entries(expected.fields).filter(
      ([name, value]) => JSON.stringify(json[name]) !== JSON.stringify(value),
    );
    if (differs.length) return `${answered}, not ${JSON.stringify(expected.fields)}`;
  }
  return null;
}

/**
 * The calls of every route that takes an id in its path (loader, with its query and with
 * each of its panels, and action with each of its forms), and every keyed call of the table.
 */
function matrixCalls(): Call[] {
  const calls: Call[] = [];
  for (const [file, module] of modules) {
    for (const keyed of ROUTES[file].keyed ?? []) {
      calls.push({ file, method: keyed.method, query: keyed.query, form: keyed.form, keyed });
    }
    if (!paramNames(file).some((name) => name !== "*")) continue;
    if (module.loader && file !== "invitations_.$invitationId.tsx") {
      calls.push({ file, method: "GET" });
      for (const query of ROUTES[file].panels ?? []) calls.push({ file, method: "GET", query, panel: true });
    }
    if (module.action) for (const form of ROUTES[file].forms ?? [{}]) calls.push({ file, method: "POST", form });
  }
  return calls;
}

type MatrixOptions = {
  /**
   * Only the calls that name an id in a field, with `pathTargets` in the path (the user's
   * own). Panels are not among them: on the user's own page they are the panels' test's.
   */
  fieldsOnly?: boolean;
  pathTargets?: Targets;
  /** The keys exist nowhere: keyed calls are answered as for an unknown key. */
  unknownKeys?: boolean;
  /** What must not be shown, and searched for (`:tag`), in place of the victim's tag: a team side's word. */
  secret?: { tag: string; markers: string[] };
};

/**
 * Runs every id route and keyed call as the actor against the targets: all wrong answers,
 * leaks and changes are collected, so one run shows them all.
 */
async function matrix(
  actor: Actor,
  targets: Ids,
  victim: AgencyWorld,
  { fieldsOnly = false, pathTargets = targets, unknownKeys = false, secret }: MatrixOptions = {},
) {
  const failures: Failure[] = [];
  const before = await snapshot();
  const markers = secret?.markers ?? markersOf(victim);
  const tag = secret?.tag ?? victim.tag;
  for (const spec of matrixCalls()) {
    const { file, method, form, keyed } = spec;
    if (
      fieldsOnly &&
      (keyed || spec.panel || !(form ? referencesId(form) : ROUTES[file].query?.includes(":message")))
    ) {
      continue;
    }
    const { response, text, body, path, where } = await run(actor, spec, targets, tag, pathTargets);
    const wrong = keyed
      ? wrongKeyedAnswer(actor, (unknownKeys && keyed.unknownAnswer) || keyed.answer, response, text, targets)
      : wrongAnswer(actor, ROUTES[file], response, path, method, Boolean(form && referencesId(form)));
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

/**
 * Their own agency's space, message and sign-off they do not take part in, its client
 * there whose presence they may not see (and who may be asked to sign off), and its
 * owner's push endpoint and export link.
 */
function hiddenOwnTargets(world: AgencyWorld): Ids {
  return {
    ...unknownTargets(),
    space: world.hiddenSpace.id,
    message: world.hiddenMessage.id,
    user: world.hiddenClient.id,
    users: world.hiddenClient.id,
    endpoint: world.browser.endpoint,
    exportToken: world.exportToken,
    signOff: world.hiddenSignOff.id,
    clientUser: world.hiddenClient.id,
  };
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
      [owner, "spaces.$spaceId_.sign-offs.tsx"],
      [owner, "attachments.$messageId.tsx"],
      [owner, "_agency.team_.$memberId.tsx"],
      [owner, "_agency.clients_.$clientId.tsx"],
      [client, "client.chat.$spaceId.tsx"],
      [client, "client.chat.$spaceId_.files.tsx"],
      [client, "client.chat.$spaceId_.sign-offs.tsx"],
      [client, "attachments.$messageId.tsx"],
      [owner, "attachments.$messageId_.preview-image.tsx"],
      [client, "attachments.$messageId_.preview-image.tsx"],
    ] as const) {
      const { response, body, where } = await run(actor, { file, method: "GET" }, ids, "");
      expect(response.status, where).toBe(200);
      expect(body, where).toContain(other.tag);
    }
  },
  SLOW,
);

test(
  "the keys under test are real: a person's presence, a browser's push endpoint and an export link work for their own",
  async () => {
    const ids = foreignTargets(other);
    const [owner, client] = await signedInActors(other, ["owner", "clientOwner"]);
    const link = await run(owner, { file: "space-export.tsx", method: "GET", query: "?token=:exportToken" }, ids, "");
    expect(link.response.status, link.where).toBe(200);
    expect(JSON.parse(link.text), link.where).toMatchObject({ state: "ready", spaceName: `${other.tag} Main Space` });

    const presence = await run(
      client,
      { file: "resources.presence.tsx", method: "GET", query: "?user=:user" },
      ids,
      "",
    );
    expect(JSON.parse(presence.text), presence.where).toEqual({
      presence: { online: false, lastSeenAt: expect.any(String) },
    });
    const everyone = await run(
      owner,
      { file: "resources.presence.tsx", method: "GET", query: "?users=:users" },
      ids,
      "",
    );
    expect(Object.keys((JSON.parse(everyone.text) as { people: object }).people).sort(), everyone.where).toEqual(
      ids.users.split(",").sort(),
    );

    const browser = { name: `${other.tag} owner's browser`, type: "AGENCY", cookie: other.browser.cookie };
    const settings = await run(browser, { file: "_agency.settings.notifications.tsx", method: "GET" }, ids, "");
    expect(settings.text, settings.where).toContain(other.browser.endpoint);
  },
  SLOW,
);

test(
  "the searches under test are real: the agency's own owner and client find its words with each of them",
  async () => {
    const failures: Failure[] = [];
    // A message found is named by its id (the page's shell shows the agency's name whatever is found).
    const messageIds = [other.message, other.signOff.message, other.teamOnly.message, other.hiddenMessage].map(
      (message) => message.id,
    );
    for (const actor of await signedInActors(other, ["owner", "clientOwner"])) {
      for (const file of ["search.tsx", "resources.search.tsx"]) {
        for (const query of queriesOf(file)) {
          const { response, body, where } = await run(
            actor,
            { file, method: "GET", query },
            unknownTargets(),
            other.tag,
          );
          if (response.status !== 200) failures.push(`${where}: answered ${response.status}`);
          else if (!messageIds.some((id) => body.includes(id))) failures.push(`${where}: found no message`);
        }
      }
    }
    expect(failures).toEqual([]);
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
        failures.push(
          ...(await matrix(actor, foreignTargets(other), other, { fieldsOnly: true, pathTargets: ownTargets(home) })),
        );
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
        failures.push(...(await matrix(actor, unknownTargets(), other, { unknownKeys: true })));
      }
      expect(failures).toEqual([]);
    },
    SLOW,
  );

  test(
    "their own agency's space, message and client they take no part in, and its owner's push endpoint and export link",
    async () => {
      const failures: Failure[] = [];
      const outsiders = await signedInActors(home, ["memberIn", "memberOut", "clientOwner", "clientEmployee"]);
      for (const actor of outsiders) failures.push(...(await matrix(actor, hiddenOwnTargets(home), other)));
      expect(failures).toEqual([]);
    },
    SLOW,
  );
});

describe("a space's team-only side (issue 38) is, to all but the agency's staff who see the space, an unknown id", () => {
  /** The team side as every route's space, its message (with its file and preview picture) as every route's message. */
  const teamOnlyTargets = (world: AgencyWorld): Ids => ({
    ...unknownTargets(),
    space: world.teamOnly.side,
    message: world.teamOnly.message.id,
  });
  const secretOf = (world: AgencyWorld) => ({ tag: world.teamOnly.markers[0], markers: world.teamOnly.markers });

  test(
    "the space's client owner and client employee, a team member of other spaces, and another agency's owner",
    async () => {
      const failures: Failure[] = [];
      const actors = [
        ...(await signedInActors(home, ["clientOwner", "clientEmployee", "memberOut"])),
        ...(await signedInActors(other, ["owner"])),
      ];
      for (const actor of actors) {
        failures.push(
          ...(await matrix(actor, teamOnlyTargets(home), home, { secret: secretOf(home), unknownKeys: true })),
        );
      }
      expect(failures).toEqual([]);
    },
    SLOW,
  );

  test(
    "the same ids in the fields of forms posted to the client's own space, and its word searched for on every page",
    async () => {
      const failures: Failure[] = [];
      for (const actor of await signedInActors(home, ["clientOwner", "clientEmployee"])) {
        failures.push(
          ...(await matrix(actor, teamOnlyTargets(home), home, {
            fieldsOnly: true,
            pathTargets: ownTargets(home),
            secret: secretOf(home),
          })),
        );
        for (const [file, module] of modules) {
          if (!module.loader || paramNames(file).some((name) => name !== "*")) continue;
          for (const query of queriesOf(file)) {
            const { body, where } = await run(
              actor,
              { file, method: "GET", query },
              unknownTargets(),
              secretOf(home).tag,
            );
            const leak = leakedMarker(body, home.teamOnly.markers);
            if (leak) failures.push(`${where}: shows "${leak}"`);
          }
        }
      }
      expect(failures).toEqual([]);
    },
    SLOW,
  );

  test(
    "the agency's owner and the team member of the space reach it: the ids under test are real",
    async () => {
      for (const actor of await signedInActors(home, ["owner", "memberIn"])) {
        for (const file of ["spaces.$spaceId.tsx", "spaces.$spaceId_.files.tsx", "attachments.$messageId.tsx"]) {
          const { response, body, where } = await run(actor, { file, method: "GET" }, teamOnlyTargets(home), "");
          expect(response.status, where).toBe(200);
          expect(body, where).toContain(home.teamOnly.markers[0]);
        }
      }
    },
    SLOW,
  );
});

describe("sign-offs (issue 39): the people asked and the space's staff reach one; nobody else is shown it", () => {
  /** The chat page the actor opens for a space: a client's own, or the agency's and team's. */
  const chatPageOf = (actor: Actor) => (actor.type === "CLIENT" ? "client.chat.$spaceId.tsx" : "spaces.$spaceId.tsx");
  /** The sign-off form the page's loader opened, if any. */
  const panelOf = (text: string) =>
    (JSON.parse(text) as { chat: { signOffPanel: SignOffPanel | null } }).chat.signOffPanel;

  test(
    "the client asked opens Approve and Request changes, staff who see the space the card, Upload new version and Ask",
    async () => {
      const ids = foreignTargets(other);
      const [owner, memberIn, clientOwner, clientEmployee] = await signedInActors(other, [
        "owner",
        "memberIn",
        "clientOwner",
        "clientEmployee",
      ]);
      for (const [actor, query, kind] of [
        [clientOwner, "?approve=:signOff", "approve"],
        [clientOwner, "?changes=:signOff", "changes"],
        [owner, "?new-version=:signOff", "version"],
        [memberIn, "?new-version=:signOff", "version"],
      ] as const) {
        const { response, text, where } = await run(actor, { file: chatPageOf(actor), method: "GET", query }, ids, "");
        expect(response.status, where).toBe(200);
        expect(panelOf(text), where).toMatchObject({ kind, card: { id: other.signOff.id, state: "waiting" } });
        expect(text, where).toContain(other.signOff.marker);
      }
      for (const actor of [owner, memberIn]) {
        const ask = await run(
          actor,
          { file: "spaces.$spaceId.tsx", method: "GET", query: "?sign-off=:message" },
          ids,
          "",
        );
        expect(panelOf(ask.text), ask.where).toMatchObject({
          kind: "ask",
          messageId: other.message.id,
          people: expect.arrayContaining([expect.objectContaining({ id: other.people.clientOwner.id })]),
        });
        // The card is on its message in the chat, and on the space's Sign-offs page.
        for (const file of ["spaces.$spaceId.tsx", "spaces.$spaceId_.sign-offs.tsx"]) {
          const { response, text, where } = await run(actor, { file, method: "GET" }, ids, "");
          expect(response.status, where).toBe(200);
          expect(text, where).toContain(other.signOff.id);
          expect(text, where).toContain(other.signOff.marker);
        }
      }
      // A client of the space who was not asked sees the card, but is offered no answer.
      for (const actor of [clientOwner, clientEmployee]) {
        const { text, where } = await run(
          actor,
          { file: "client.chat.$spaceId_.sign-offs.tsx", method: "GET" },
          ids,
          "",
        );
        expect(text, where).toContain(other.signOff.marker);
      }
      const notAsked = await run(
        clientEmployee,
        { file: "client.chat.$spaceId.tsx", method: "GET", query: "?approve=:signOff" },
        ids,
        "",
      );
      expect(notAsked.response.status, notAsked.where).toBe(200);
      expect(panelOf(notAsked.text), notAsked.where).toBeNull();
    },
    SLOW,
  );

  test(
    "a sign-off or message the user may not use, in the address of their own chat page, opens no form and shows nothing",
    async () => {
      const failures: Failure[] = [];
      const actors = await signedInActors(home, ["owner", "memberIn", "clientOwner", "clientEmployee"]);
      const path = ownTargets(home);
      // What each actor may not use: another agency's, nobody's, and (but for the owner, who sees every
      // space) their own agency's in the space they are not in, each with the words that would show it.
      const cases = (actor: Actor): Array<[string, Ids, string[]]> => [
        ["another agency's", foreignTargets(other), markersOf(other)],
        ["unknown", unknownTargets(), []],
        ...(actor.name.endsWith(" owner")
          ? []
          : [["a hidden space's", hiddenOwnTargets(home), [home.hiddenSignOff.marker]] as [string, Ids, string[]]]),
        // A team-side message is no client chat's: nobody may be asked to sign it off, and its clients never see it.
        [
          "the team side's",
          { ...unknownTargets(), message: home.teamOnly.message.id },
          actor.type === "CLIENT" ? home.teamOnly.markers : [],
        ],
      ];
      for (const actor of actors) {
        const file = chatPageOf(actor);
        // Opened once first, so that the chat is read and opening it again writes nothing.
        expect((await run(actor, { file, method: "GET" }, { ...unknownTargets(), ...path }, "")).response.status).toBe(
          200,
        );
        const before = await snapshot();
        for (const [which, ids, markers] of cases(actor)) {
          for (const query of ROUTES[file].panels ?? []) {
            const { response, text, body, where } = await run(actor, { file, method: "GET", query }, ids, "", path);
            const at = `${where} (${which})`;
            if (response.status !== 200) {
              failures.push(`${at}: answered ${response.status}, not the page`);
              continue;
            }
            const panel = panelOf(text);
            if (panel) failures.push(`${at}: opened the ${panel.kind} form`);
            const id = query.includes(":message") ? ids.message : ids.signOff;
            if (body.includes(id)) failures.push(`${at}: names ${id}`);
            const leak = leakedMarker(body, markers);
            if (leak) failures.push(`${at}: shows "${leak}"`);
          }
        }
        const changed = changedTables(before, await snapshot());
        if (changed.length) failures.push(`${actor.name}: changed ${changed.join(", ")}`);
      }
      expect(failures).toEqual([]);
    },
    SLOW,
  );

  test(
    "the models find no sign-off of a chat the user does not see, even named with its own chat's id",
    async () => {
      const failures: Failure[] = [];
      const outsiders = [
        ...Object.values(home.people),
        other.people.memberOut,
        other.hiddenClient,
        await createAdmin(),
      ];
      const { signOff, space, message } = other;
      for (const user of outsiders) {
        const actor = await actorOf(user);
        const who = `${actor.name} (${actor.type})`;
        const card = await findSignOffCard(actor, space.id, signOff.id).then(
          () => "found",
          (error: unknown) => (isNotFound(error) ? null : String(error)),
        );
        if (card) failures.push(`${who}: findSignOffCard ${card}`);
        const list = await listSignOffs(actor, space.id, { state: null, page: 1, perPage: 20 }).then(
          (page) => `listed ${page.total}`,
          (error: unknown) => (isNotFound(error) ? null : String(error)),
        );
        if (list) failures.push(`${who}: listSignOffs ${list}`);
        const askable = await findAskableMessage(actor, space.id, message.id);
        if (askable) failures.push(`${who}: findAskableMessage offered ${askable.fileName}`);
      }
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
          for (const query of queriesOf(file)) {
            const { response, body, where } = await run(
              actor,
              { file, method: "GET", query },
              unknownTargets(),
              other.tag,
            );
            const location = response.headers.get("Location") ?? "";
            const wrong = wrongNoIdAnswer(actor, entry, response.status, location);
            if (wrong) failures.push(`${where}: ${wrong}`);
            // An administrator's own pages list every account of the site, by design.
            const adminPage = actor.type === "ADMIN" && typeof entry.kind === "object" && entry.kind.area === "admin";
            const leak = !adminPage && leakedMarker(body, markersOf(other));
            if (leak) failures.push(`${where}: shows "${leak}"`);
          }
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

describe("a browser's push endpoint held by another person's session", () => {
  /** The session of the cookie, as the push route sees it. */
  const sessionOf = async (cookie: string) => (await getSessionId(getRequest("/", cookie)))!;

  /** A browser's keys, as its PushManager makes them. */
  function browserKeys() {
    const keys = crypto.createECDH("prime256v1");
    keys.generateKeys();
    return { p256dh: keys.getPublicKey("base64url"), auth: crypto.randomBytes(16).toString("base64url") };
  }

  const newEndpoint = () => `https://push.example.test/send/${crypto.randomBytes(16).toString("hex")}`;

  async function subscribe(cookie: string, endpoint: string, keys = browserKeys()) {
    const form = { intent: "subscribe", endpoint, ...keys };
    const response = await call(pushRoute.action, postRequest("/resources/push-subscription", form, cookie));
    return { response, keys };
  }

  const rowsWith = (column: "endpoint" | "session_id", value: string) =>
    db.selectFrom("push_subscriptions").selectAll().where(column, "=", value).execute();

  test(
    "subscribing with it takes it over, as on a shared browser, with nothing else of theirs changed or shown",
    async () => {
      const victim = other.people.clientOwner;
      for (const user of [...Object.values(home.people), await createAdmin()]) {
        const cookie = await cookieFor(user);
        const [takenCookie, keptCookie] = [await cookieFor(victim), await cookieFor(victim)];
        const [taken, kept] = [newEndpoint(), newEndpoint()];
        expect((await subscribe(takenCookie, taken)).response.status).toBe(200);
        const keptKeys = (await subscribe(keptCookie, kept)).keys;
        const before = await snapshot();

        const { response, keys } = await subscribe(cookie, taken);
        const where = `${user.email} subscribing with ${victim.email}'s endpoint`;
        expect(response.status, where).toBe(200);
        expect((await toastOf(response))?.title, where).toBe("Push notifications are on for this device.");
        expect(leakedMarker(await response.text(), markersOf(other)), where).toBeUndefined();
        expect(changedTables(before, await snapshot()), where).toEqual(["push_subscriptions"]);
        // The endpoint now takes the subscriber's pushes, encrypted for their keys: none of the victim's.
        expect(await rowsWith("endpoint", taken), where).toEqual([
          expect.objectContaining({ session_id: await sessionOf(cookie), user_id: user.id, ...keys }),
        ]);
        expect(await rowsWith("session_id", await sessionOf(takenCookie)), where).toEqual([]);
        expect(await rowsWith("session_id", await sessionOf(keptCookie)), where).toEqual([
          expect.objectContaining({ user_id: victim.id, endpoint: kept, ...keptKeys }),
        ]);
      }
    },
    SLOW,
  );
});
