import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { createInvitation } from "~/models/inviting.server";
import * as agencyLayout from "~/routes/_agency";
import * as agencyClients from "~/routes/_agency.clients";
import * as clientChat from "~/routes/client.chat.$spaceId";
import * as clientFiles from "~/routes/client.chat.$spaceId_.files";
import * as clientRegister from "~/routes/client-register";
import * as employees from "~/routes/client.employees";
import * as spacesLayout from "~/routes/spaces";
import * as space from "~/routes/spaces.$spaceId";
import * as spaceFiles from "~/routes/spaces.$spaceId_.files";
import * as teamRegister from "~/routes/team-register";
import * as teamsClients from "~/routes/teams.clients";
import { db } from "~/services/db.server";
import {
  actorOf,
  createAgency,
  createClient,
  createSpace,
  createSpaceMessage,
  createTeamMember,
  createUser,
} from "#tests/support/factories";
import { renderedApp } from "#tests/support/rendered-app";
import { call, cookieFor, getRequest, type RouteHandler } from "#tests/support/requests";

/*
 * Pages whose data fails to load (SPEC §8): an unexpected failure reaches the route's
 * ErrorBoundary as an error, which says the page's own words (Could not load messages.,
 * Error Loading Clients, FAILED TO LOAD INVITATION DATA); a refusal stays its answer (404).
 * The failure is real: a table of this file's own database is moved out of the way.
 */

async function withTableAway<T>(table: string, run: () => Promise<T>): Promise<T> {
  await sql`alter table ${sql.table(table)} rename to ${sql.table(`${table}_away`)}`.execute(db);
  try {
    return await run();
  } finally {
    await sql`alter table ${sql.table(`${table}_away`)} rename to ${sql.table(table)}`.execute(db);
  }
}

/** What the route's ErrorBoundary gets: an unexpected error (not a Response) is the load failure. */
async function failure(run: () => Promise<Response>) {
  try {
    return { response: await run(), error: null };
  } catch (error) {
    return { response: null, error };
  }
}

/** The title a route's meta gives a page whose loader failed with `error` (any route's meta, whatever its data). */
const titleOf = (meta: (args: never) => unknown, error: unknown) =>
  (meta as (args: unknown) => Array<{ title?: string }>)({ data: undefined, error })[0].title;

describe("a chat whose messages fail to load", () => {
  test("is an error for the boundary, titled Could not load messages.; an unknown space stays not found", async () => {
    const agency = await createAgency();
    const owner = await createClient(agency.agencyId, { role: "OWNER" });
    const launch = await createSpace(agency.agencyId, { name: "Launch", clientIds: [owner.client.id] });
    const [asAgency, asClient] = [await cookieFor(agency.owner), await cookieFor(owner.user)];
    const params = { spaceId: launch.id };

    await withTableAway("space_messages", async () => {
      for (const [route, path, cookie] of [
        [space, `/spaces/${launch.id}`, asAgency],
        [clientChat, `/client/chat/${launch.id}`, asClient],
      ] as const) {
        const { response, error } = await failure(() => call(route.loader, getRequest(path, cookie), params));
        expect(response, path).toBeNull();
        expect(error).toBeInstanceOf(Error);
        expect(titleOf(route.meta, error)).toMatch(/^Could not load messages\./);
      }
    });

    const unknown = await call(space.loader, getRequest(`/spaces/${crypto.randomUUID()}`, asAgency), {
      spaceId: crypto.randomUUID(),
    });
    expect(unknown.status).toBe(404);
    expect(titleOf(space.meta, { status: 404, statusText: "Space not found", internal: false, data: "" })).toMatch(
      /^Space not found/,
    );
  });
});

describe("a Files tab whose files fail to load", () => {
  test("is an error for the boundary, titled Could not load files.; a space out of reach stays not found", async () => {
    const agency = await createAgency();
    const owner = await createClient(agency.agencyId, { role: "OWNER" });
    const launch = await createSpace(agency.agencyId, { name: "Launch", clientIds: [owner.client.id] });
    const [asAgency, asClient] = [await cookieFor(agency.owner), await cookieFor(owner.user)];
    const params = { spaceId: launch.id };

    await withTableAway("space_messages", async () => {
      for (const [route, path, cookie] of [
        [spaceFiles, `/spaces/${launch.id}/files`, asAgency],
        [clientFiles, `/client/chat/${launch.id}/files`, asClient],
      ] as const) {
        const { response, error } = await failure(() => call(route.loader, getRequest(path, cookie), params));
        expect(response, path).toBeNull();
        expect(error).toBeInstanceOf(Error);
        expect(titleOf(route.meta, error)).toMatch(/^Could not load files\./);
      }
    });

    const foreign = await cookieFor((await createAgency()).owner);
    const refused = await call(spaceFiles.loader, getRequest(`/spaces/${launch.id}/files`, foreign), params);
    expect(refused.status).toBe(404);
  });
});

describe("clients pages that fail to load", () => {
  test("every clients page is an error for its boundary (Error Loading Clients); a refusal stays 404", async () => {
    const agency = await createAgency();
    const manager = await createTeamMember(agency.agencyId, "ACCOUNT_MANAGER");
    const owner = await createClient(agency.agencyId, { role: "OWNER" });
    const pages = [
      [agencyClients, "/clients", await cookieFor(agency.owner)],
      [teamsClients, "/teams/clients", await cookieFor(manager.user)],
      [employees, "/client/employees", await cookieFor(owner.user)],
    ] as const;
    await withTableAway("clients", async () => {
      for (const [route, path, cookie] of pages) {
        const { response, error } = await failure(() => call(route.loader, getRequest(path, cookie)));
        expect(response, path).toBeNull();
        expect(error, path).toBeInstanceOf(Error);
      }
    });
    // An administrator of no agency has no clients: not found, not a failure.
    const admin = await createUser({ type: "ADMIN" });
    const notFound = await call(agencyClients.loader, getRequest("/clients", await cookieFor(admin)));
    expect(notFound.status).toBe(404);
  });
});

describe("registration pages when the database fails", () => {
  test("the invitation's load failure is an error for the boundary; a made-up link stays its 404 answer", async () => {
    const { owner } = await createAgency();
    const actor = await actorOf(owner);
    const origin = "http://localhost:3000";
    const team = await createInvitation(actor, { kind: "team", role: "DESIGNER", sendEmail: false }, { origin });
    const client = await createInvitation(actor, { kind: "client", clientRole: "OWNER", sendEmail: false }, { origin });
    const pages = [
      [teamRegister, `/team-register?${new URL(team.link).search.slice(1)}`],
      [clientRegister, `/client-register?${new URL(client.link).search.slice(1)}`],
    ] as const;
    await withTableAway("invitations", async () => {
      for (const [route, path] of pages) {
        const { response, error } = await failure(() => call(route.loader as RouteHandler, getRequest(path)));
        expect(response, path).toBeNull();
        expect(error, path).toBeInstanceOf(Error);
      }
    });
    for (const [route, path] of pages) {
      expect((await call(route.loader as RouteHandler, getRequest(path))).status, path).toBe(200);
    }
    const madeUp = await call(teamRegister.loader as RouteHandler, getRequest("/team-register?invitation_id=nope"));
    expect(madeUp.status).toBe(404);
  });
});

describe("what the user sees when a page's data fails to load", () => {
  const handle = renderedApp([
    ["routes/spaces", "root", "spaces", spacesLayout],
    ["routes/spaces.$spaceId", "routes/spaces", ":spaceId", space],
    ["routes/_agency", "root", undefined, agencyLayout],
    ["routes/_agency.clients", "routes/_agency", "clients", agencyClients],
    ["routes/team-register", "root", "team-register", teamRegister],
  ]);
  const page = async (path: string, cookie?: string) => {
    const response = await handle(getRequest(path, cookie));
    return { status: response.status, html: await response.text() };
  };

  test("the chat, the clients page and the registration page each say their words, with a way to try again", async () => {
    const agency = await createAgency();
    const asOwner = await cookieFor(agency.owner);
    const launch = await createSpace(agency.agencyId, { name: "Launch" });
    await createSpaceMessage(launch.id, agency.owner.id, { content: "The homepage draft is up" });
    const invitation = await createInvitation(
      await actorOf(agency.owner),
      { kind: "team", role: "DESIGNER", sendEmail: false },
      { origin: "http://localhost:3000" },
    );

    // The reactions: read by the chat's loader alone (the layout around it counts unread messages).
    await withTableAway("message_reactions", async () => {
      const chat = await page(`/spaces/${launch.id}`, asOwner);
      expect(chat.status).toBe(500);
      expect(chat.html).toContain("Could not load messages.");
      expect(chat.html).toContain("Try Again");
    });
    await createClient(agency.agencyId, { name: "Olivia Chen", company: "Northwind Traders", role: "OWNER" });
    // The clients' spaces: read by the clients page alone.
    await withTableAway("space_clients", async () => {
      const clients = await page("/clients", asOwner);
      expect(clients.status).toBe(500);
      expect(clients.html).toContain("Error Loading Clients");
      expect(clients.html).toContain("Try Again");
    });
    await withTableAway("invitations", async () => {
      const register = await page(`/team-register${new URL(invitation.link).search}`);
      expect(register.status).toBe(500);
      expect(register.html).toContain("FAILED TO LOAD INVITATION DATA");
      expect(register.html).toContain("Retry Loading Invitation");
    });
    // With the tables back, the same pages are themselves again.
    expect((await page(`/spaces/${launch.id}`, asOwner)).html).not.toContain("Could not load messages.");
  });
});
