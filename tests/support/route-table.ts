import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Area } from "~/models/policy.server";
import type { Keys, Targets } from "./access-world";
import type { RouteHandler } from "./requests";

/*
 * Every route file, with what it is for. The access tests are generated from this table
 * and from app/routes itself: a route file the table does not name fails them, so a new
 * route cannot go untested.
 */

export type RouteKind =
  /** Anyone, signed in or not (legal pages, images, links that decide for themselves). */
  | "open"
  /** Signed-out visitors only: a signed-in user is sent to their dashboard. */
  | "guest"
  /** Any signed-in user; each model decides what they see. */
  | "signed-in"
  /** One user type's area (admins also enter the agency's). */
  | { area: Area }
  /** The catch-all: nothing is here. */
  | "missing";

export type RouteEntry = {
  kind: RouteKind;
  /**
   * Forms the action is tried with; `:space`, `:message`, `:member`, `:client` and
   * `:signOff` stand for the ids under test, `:clientUser` for a client member's user id,
   * and a field of `:file` (FILE_FIELD) is a small file, the form posted as an upload.
   */
  forms?: Array<Record<string, string>>;
  /**
   * A query string for the loader, with the same placeholders, and `:tag` for the words of
   * the agency under test searched for (`:tagStart`, where a search matches the starts of words).
   */
  query?: string;
  /** More query strings a page without ids is opened with, each like `query`: a search's filters. */
  searches?: string[];
  /**
   * Queries that open a form on the page about an id (`?approve=:signOff`), each tried
   * like the page itself; on the user's own page with an id they may not use, the page
   * answers as without it, showing nothing of that id.
   */
  panels?: string[];
  /**
   * Calls that name what they are about in the query or form rather than the path
   * (`:user`, `:users`, `:endpoint`, `:exportToken`), each with what a signed-in user who
   * may not use that key is answered.
   */
  keyed?: KeyedCall[];
  /** /spaces/{id} and its Files and Sign-offs tabs: a client is sent to their own page for the same id, which answers for itself. */
  clientsToOwnChat?: boolean;
  /** Open to anyone, but an unknown key (the test's random one) must answer 404. */
  unknownIsNotFound?: boolean;
};

type Form = Record<string, string>;

/** What a signed-in user is answered: the status, and the top-level fields of the JSON body or the redirect's address. */
export type KeyedAnswer = { status: number; fields?: Record<string, unknown>; location?: string };

export type KeyedCall = {
  method: "GET" | "POST";
  query?: string;
  form?: Form;
  /** The answer for someone else's key: another agency's, or another person's of their own. */
  answer: KeyedAnswer;
  /** The answer for a key that exists nowhere, where it is not the same. */
  unknownAnswer?: KeyedAnswer;
};

/** A form's field that is a file: the form is posted as an upload (multipart), this field a small text file. */
export const FILE_FIELD = ":file";

const chatForms: Form[] = [
  { intent: "send", clientId: ":uuid", content: "hello" },
  { intent: "edit", messageId: ":message", content: "changed" },
  { intent: "delete", messageId: ":message" },
  { intent: "react", messageId: ":message", reaction: "heart" },
  { intent: "remove-preview", messageId: ":message" },
  { intent: "share", messageId: ":message" },
  // Sign-off (issue 39): asking on a message, the answers, and staff's changes to the request.
  { intent: "ask-sign-off", messageId: ":message", askedIds: ":clientUser", note: "x" },
  { intent: "approve", signOffId: ":signOff" },
  { intent: "request-changes", signOffId: ":signOff", comment: "x" },
  { intent: "withdraw-sign-off", signOffId: ":signOff" },
  { intent: "reopen-sign-off", signOffId: ":signOff" },
  // With its file, so that it is refused for the sign-off, not for the want of a file.
  { intent: "sign-off-version", signOffId: ":signOff", file: FILE_FIELD },
];
/** The chat pages' sign-off forms, opened by their address (app/web/sign-offs.server.ts). */
const signOffPanels = ["?sign-off=:message", "?approve=:signOff", "?changes=:signOff", "?new-version=:signOff"];
/** The Files tab's upload: a file into the chat (without one, the space is checked first, then the file is missed). */
const shareFileForms: Form[] = [{ clientId: ":uuid" }];
const personForms = (details: Form): Form[] => [
  { intent: "update", name: "Changed Name", email: "changed@example.test", ...details },
  { intent: "assign", spaceId: ":space" },
  { intent: "unassign", spaceId: ":space" },
  { intent: "remove" },
  { intent: "temporary-password" },
];
const spaceForm = { name: "Renamed Space", company: "Renamed Co", email: "renamed@example.test" };
/** The search box's filters, typed among the words (issue 40). */
const typedSearches = [
  "?q=from::tagStart",
  "?q=in::tagStart :tagStart",
  '?q=from:":tag" in:":tag" has:file :tagStart',
  "?q=has:file",
  "?q=after:2000-01-01 before:2999-01-01",
];

export const ROUTES: Record<string, RouteEntry> = {
  "$.tsx": { kind: "missing" },
  // Only sends on to the area's first page, which guards itself.
  "_agency.admin._index.tsx": { kind: "open" },
  "_agency.admin.database.tsx": { kind: { area: "admin" } },
  "_agency.admin.settings.tsx": { kind: { area: "admin" } },
  "_agency.admin.users.tsx": { kind: { area: "admin" }, query: "?q=:tag" },
  "_agency.clients.tsx": { kind: { area: "agency" } },
  "_agency.clients_.$clientId.tsx": {
    kind: { area: "agency" },
    forms: personForms({ role: "EMPLOYEE", company: "Changed Co" }),
  },
  "_agency.dashboard.tsx": { kind: { area: "agency" } },
  "_agency.settings._index.tsx": { kind: { area: "agency" } },
  "_agency.settings.audit.tsx": { kind: { area: "agency" }, query: "?space=:space&person=:member&kind=removals" },
  "_agency.settings.notifications.tsx": { kind: { area: "agency" } },
  "_agency.settings.security.tsx": { kind: { area: "agency" } },
  "_agency.settings.tsx": { kind: { area: "agency" } },
  "_agency.team.tsx": { kind: { area: "agency" } },
  "_agency.team_.$memberId.tsx": { kind: { area: "agency" }, forms: personForms({ role: "DESIGNER" }) },
  "_agency.tsx": { kind: { area: "agency" } },
  "_index.tsx": { kind: "guest" },
  "attachments.$messageId.tsx": { kind: "signed-in" },
  "attachments.$messageId_.preview-image.tsx": { kind: "signed-in" },
  "client-register.tsx": { kind: "guest" },
  // Only sends on to the area's first page, which guards itself.
  "client._index.tsx": { kind: "open" },
  "client.chat.$spaceId.tsx": {
    kind: { area: "client" },
    forms: chatForms,
    query: "?q=:tag",
    panels: signOffPanels,
  },
  "client.chat.$spaceId_.files.tsx": { kind: { area: "client" }, forms: shareFileForms, query: "?q=:tag" },
  "client.chat.$spaceId_.sign-offs.tsx": { kind: { area: "client" } },
  "client.chat._index.tsx": { kind: { area: "client" } },
  "client.dashboard.tsx": { kind: { area: "client" } },
  "client.employees.tsx": { kind: { area: "client" } },
  "client.settings._index.tsx": { kind: { area: "client" } },
  "client.settings.notifications.tsx": { kind: { area: "client" } },
  "client.settings.security.tsx": { kind: { area: "client" } },
  "client.settings.tsx": { kind: { area: "client" } },
  "client.team.tsx": { kind: { area: "client" } },
  "client.tsx": { kind: { area: "client" } },
  "conversation-link.tsx": { kind: "open" },
  "email-verification.tsx": { kind: "open" },
  "forgot-password.tsx": { kind: "guest" },
  // Logos and avatars are public by design (DESIGN.md); their keys are random.
  "icons[.svg].tsx": { kind: "open" },
  "images.$.tsx": { kind: "open", unknownIsNotFound: true },
  "invitations.new.tsx": { kind: "signed-in", query: "?kind=client" },
  "invitations.tsx": { kind: "signed-in" },
  // Its loader only sends a stray GET home; the action is Resend and Delete.
  "invitations_.$invitationId.tsx": { kind: "signed-in", forms: [{ intent: "resend" }, { intent: "delete" }] },
  "login.tsx": { kind: "guest" },
  "login_.two-factor.tsx": { kind: "guest" },
  "logout.tsx": { kind: "open" },
  "privacy.tsx": { kind: "open" },
  "register.tsx": { kind: "guest" },
  "reset-password.tsx": { kind: "guest" },
  "resources.chat.$spaceId.tsx": { kind: "signed-in", forms: chatForms, query: "?message=:message" },
  "resources.notifications.tsx": { kind: "signed-in" },
  // Presence the viewer may not see is told as nothing known, the same as for nobody.
  "resources.presence.tsx": {
    kind: "signed-in",
    keyed: [
      { method: "GET", query: "?user=:user", answer: { status: 200, fields: { presence: null } } },
      { method: "GET", query: "?users=:users", answer: { status: 200, fields: { people: {} } } },
    ],
  },
  // Turning push off for an endpoint another session holds answers as for one nobody holds, and leaves
  // that one as it is. Subscribing with it takes it over, by design (push-subscriptions.server.ts): the
  // matrix tries that in a test of its own.
  "resources.push-subscription.tsx": {
    kind: "signed-in",
    keyed: [
      {
        method: "POST",
        form: { intent: "unsubscribe", endpoint: ":endpoint" },
        answer: { status: 200, fields: { ok: true } },
      },
    ],
  },
  // Issue 40: messages and files by the starts of their words, so the other agency's words are searched
  // for by their start (`:tagStart`), alone, with each filter typed in the box and, on /search, in its
  // form; and by filters alone, which list every message the user may see that has a file or is recent.
  "resources.search.tsx": { kind: "signed-in", query: "?q=:tagStart", searches: typedSearches },
  "resources.sidebar.tsx": { kind: "open" },
  "resources.space-logo.tsx": { kind: "signed-in" },
  "search.tsx": {
    kind: "signed-in",
    query: "?q=:tagStart",
    searches: [
      ...typedSearches,
      "?q=:tagStart&from=:tag&in=:tag&has=file&sort=newest",
      "?from=:tag",
      "?in=:tag&after=2000-01-01",
      "?has=file&page=1&fpage=1",
    ],
  },
  // An export's link says only that it is someone else's; one that exists nowhere, that it does not work.
  "space-export.tsx": {
    kind: "signed-in",
    keyed: [
      {
        method: "GET",
        query: "?token=:exportToken",
        answer: { status: 403, fields: { state: "other-account" } },
        unknownAnswer: { status: 404, fields: { state: "unknown" } },
      },
    ],
  },
  // Its loader only sends a stray GET to the link's page; the action is the link's Download button, which
  // sends whoever may not download back to that page.
  "space-export_.download.tsx": {
    kind: "signed-in",
    keyed: [
      {
        method: "POST",
        form: { token: ":exportToken" },
        answer: { status: 302, location: "/space-export?token=:exportToken" },
      },
    ],
  },
  "spaces.$spaceId.tsx": {
    kind: "signed-in",
    forms: chatForms,
    query: "?q=:tag",
    panels: signOffPanels,
    clientsToOwnChat: true,
  },
  "spaces.$spaceId_.clients.tsx": {
    kind: "signed-in",
    forms: [
      { intent: "add", memberId: ":client" },
      { intent: "remove", memberId: ":client" },
    ],
  },
  "spaces.$spaceId_.delete.tsx": { kind: "signed-in", forms: [{}] },
  "spaces.$spaceId_.edit.tsx": { kind: "signed-in", forms: [{ ...spaceForm, clientOwnerId: ":client" }] },
  "spaces.$spaceId_.export.tsx": { kind: "signed-in", forms: [{}] },
  "spaces.$spaceId_.files.tsx": {
    kind: "signed-in",
    forms: shareFileForms,
    query: "?q=:tag",
    clientsToOwnChat: true,
  },
  "spaces.$spaceId_.sign-offs.tsx": { kind: "signed-in", clientsToOwnChat: true },
  "spaces.$spaceId_.team.tsx": {
    kind: "signed-in",
    forms: [
      { intent: "add", memberId: ":member" },
      { intent: "remove", memberId: ":member" },
    ],
  },
  "spaces._index.tsx": { kind: "signed-in", query: "?q=:tag" },
  "spaces.new.tsx": { kind: "signed-in" },
  "spaces.tsx": { kind: "signed-in" },
  "team-login.tsx": { kind: "guest" },
  // Only for a user who must replace a temporary password; everyone else is sent on.
  "team-login_.new-password.tsx": { kind: "signed-in" },
  "team-register.tsx": { kind: "guest" },
  // Only sends on to the area's first page, which guards itself.
  "teams._index.tsx": { kind: "open" },
  "teams.clients.tsx": { kind: { area: "teams" } },
  "teams.dashboard.tsx": { kind: { area: "teams" } },
  "teams.my-team.tsx": { kind: { area: "teams" } },
  "teams.settings._index.tsx": { kind: { area: "teams" } },
  "teams.settings.notifications.tsx": { kind: { area: "teams" } },
  "teams.settings.security.tsx": { kind: { area: "teams" } },
  "teams.settings.tsx": { kind: { area: "teams" } },
  "teams.spaces.tsx": { kind: { area: "teams" } },
  "teams.tsx": { kind: { area: "teams" } },
  "terms.tsx": { kind: "open" },
  // Resend's webhook: without its secret (as in these tests) it is not set up, a 404; its
  // signature, replays and the mail it announces are tests/integration/mail-events.test.ts's.
  "webhooks.resend.tsx": { kind: "missing" },
};

export const ROUTES_DIR = path.resolve("app/routes");

export function routeFiles(): string[] {
  return fs
    .readdirSync(ROUTES_DIR)
    .filter((file) => /\.(tsx|ts)$/.test(file))
    .sort();
}

export type RouteModule = { loader?: RouteHandler; action?: RouteHandler };

export async function importRoute(file: string): Promise<RouteModule> {
  return (await import(/* @vite-ignore */ path.join(ROUTES_DIR, file))) as RouteModule;
}

/** Every route file with an action, and its module. */
export async function actionRoutes(): Promise<Array<[string, RouteModule]>> {
  const actions: Array<[string, RouteModule]> = [];
  for (const file of routeFiles()) {
    const module = await importRoute(file);
    if (module.action) actions.push([file, module]);
  }
  return actions;
}

/** The route's params: `$spaceId` and the like, by name, from the ids under test. */
export function paramNames(file: string): string[] {
  return file
    .replace(/\.tsx?$/, "")
    .split(".")
    .filter((segment) => segment.startsWith("$"))
    .map((segment) => (segment === "$" ? "*" : segment.slice(1).replace(/_$/, "")));
}

const PARAM_TARGET: Record<string, keyof Targets> = {
  spaceId: "space",
  messageId: "message",
  clientId: "client",
  memberId: "member",
  invitationId: "invitation",
};

/** The route's URL and params for these ids, from its flat-route file name. */
export function routeUrl(file: string, targets: Targets): { path: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const segments: string[] = [];
  for (const raw of file.replace(/\.tsx?$/, "").split(".")) {
    const segment = raw.replace(/_$/, "");
    if (segment === "_index" || segment.startsWith("_")) continue;
    if (segment === "$") {
      params["*"] = `space-logos/${crypto.randomBytes(16).toString("hex")}.webp`;
      segments.push(params["*"]);
    } else if (segment.startsWith("$")) {
      const name = segment.slice(1);
      const target = PARAM_TARGET[name];
      if (!target) throw new Error(`${file}: no kind of id is known for the param ${name}; add it to PARAM_TARGET`);
      params[name] = targets[target];
      segments.push(params[name]);
    } else {
      segments.push(segment);
    }
  }
  return { path: `/${segments.join("/")}`, params };
}

/** Fills the placeholders of a form or query with the ids and keys under test. */
export function fill(text: string, targets: Targets & Keys, tag: string): string {
  return (
    text
      .replace(/:uuid/g, () => crypto.randomUUID())
      // Searched for without its first and last letters, so an echo of the query is no marker; or,
      // for a search that matches the starts of words, without its last letter.
      .replace(/:tagStart/g, tag.slice(0, -1))
      .replace(/:tag/g, tag.slice(1, -1))
      .replace(
        /:(space|message|clientUser|client|member|invitation|users|user|endpoint|exportToken|signOff)\b/g,
        (_, kind: keyof (Targets & Keys)) => targets[kind],
      )
  );
}

export function fillForm(form: Record<string, string>, targets: Targets & Keys, tag: string): Record<string, string> {
  return Object.fromEntries(Object.entries(form).map(([name, value]) => [name, fill(value, targets, tag)]));
}

/**
 * Whether a form names an id in its fields (as opposed to acting only on the route's own
 * id). The read form's `upTo` is only a position in the route's own space: a message
 * that is not there reads nothing, which the snapshot checks.
 */
export function referencesId(form: Record<string, string>): boolean {
  return Object.entries(form).some(
    ([name, value]) => name !== "upTo" && /^:(space|message|client|member|invitation|signOff)$/.test(value),
  );
}
