import { describe, expect, test } from "vitest";
import * as agencyLayout from "~/routes/_agency";
import * as agencyClients from "~/routes/_agency.clients";
import * as agencyTeam from "~/routes/_agency.team";
import * as clientLayout from "~/routes/client";
import * as clientChats from "~/routes/client.chat._index";
import * as employees from "~/routes/client.employees";
import * as agencyTeamForClient from "~/routes/client.team";
import * as spacesLayout from "~/routes/spaces";
import * as spacesPage from "~/routes/spaces._index";
import * as teamsLayout from "~/routes/teams";
import * as teamsClients from "~/routes/teams.clients";
import * as myTeam from "~/routes/teams.my-team";
import * as mySpaces from "~/routes/teams.spaces";
import {
  createAgency,
  createClient,
  createClients,
  createInvitations,
  createSpaces,
  createTeamMember,
  createTeamMembers,
} from "#tests/support/factories";
import { renderedApp } from "#tests/support/rendered-app";
import { cookieFor, getRequest } from "#tests/support/requests";

/*
 * Long lists come 50 at a time and say what they show (issue 15): the spaces, team,
 * clients and invitations pages of every user type, with 300 of each, rendered as the
 * server sends them. Each test also gives another agency a few of everything, which no
 * page may count.
 */

const handle = renderedApp([
  ["routes/spaces", "root", "spaces", spacesLayout],
  ["routes/spaces._index", "routes/spaces", undefined, spacesPage, { index: true }],
  ["routes/_agency", "root", undefined, agencyLayout],
  ["routes/_agency.team", "routes/_agency", "team", agencyTeam],
  ["routes/_agency.clients", "routes/_agency", "clients", agencyClients],
  ["routes/teams", "root", "teams", teamsLayout],
  ["routes/teams.spaces", "routes/teams", "spaces", mySpaces],
  ["routes/teams.my-team", "routes/teams", "my-team", myTeam],
  ["routes/teams.clients", "routes/teams", "clients", teamsClients],
  ["routes/client", "root", "client", clientLayout],
  ["routes/client.chat._index", "routes/client", "chat", clientChats, { index: true }],
  ["routes/client.team", "routes/client", "team", agencyTeamForClient],
  ["routes/client.employees", "routes/client", "employees", employees],
]);

async function page(path: string, cookie: string) {
  const response = await handle(getRequest(path, cookie));
  return { status: response.status, html: await response.text() };
}

/** The numbered names ("Space 001") a page shows, in order and each once. */
const shown = (html: string, name: string) => [
  ...new Set(html.match(new RegExp(`${name}[ -]\\d{3}`, "g"))?.map((match) => Number(match.slice(-3)))),
];
const numbers = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);
/** A link's href as the HTML has it. */
const href = (path: string) => `href="${path.replaceAll("&", "&amp;")}"`;

/** Another agency with a few of everything, in the same database. */
async function anotherAgency() {
  const { agencyId } = await createAgency({ agencyName: "Elsewhere" });
  const members = await createTeamMembers(agencyId, 7, { name: "Member" });
  const clients = await createClients(agencyId, 7, { name: "Client", company: "Globex" });
  await createSpaces(agencyId, 7, {
    teamMemberIds: members.map((member) => member.id),
    clientIds: clients.map((client) => client.id),
  });
  await createInvitations(agencyId, "DESIGNER", 7);
  await createInvitations(agencyId, "CLIENT", 7, { name: "client-invitee" });
}

describe("the spaces pages", () => {
  test("the agency's /spaces shows 24 of its 300 spaces at a time, says which, and pages to the rest", async () => {
    await anotherAgency();
    const { owner, agencyId } = await createAgency();
    await createSpaces(agencyId, 300);
    const cookie = await cookieFor(owner);

    const first = await page("/spaces", cookie);
    expect(shown(first.html, "Space")).toEqual(numbers(1, 24));
    expect(first.html).toContain("Showing 1–24 of 300");
    expect(first.html).toContain(href("/spaces?page=2"));
    expect(first.html).not.toContain(">Previous<");

    const last = await page("/spaces?page=13", cookie);
    expect(shown(last.html, "Space")).toEqual(numbers(289, 300));
    expect(last.html).toContain("Showing 289–300 of 300");
    expect(last.html).toContain(href("/spaces?page=12"));
    expect(last.html).not.toContain(">Next<");
  });

  test("a team member's My Spaces and a client's Team Chat page the spaces they take part in, and no other", async () => {
    await anotherAgency();
    const { agencyId } = await createAgency();
    const designer = await createTeamMember(agencyId, "DESIGNER");
    const client = await createClient(agencyId, { role: "OWNER" });
    await createSpaces(agencyId, 300, { teamMemberIds: [designer.member.id], clientIds: [client.client.id] });
    await createSpaces(agencyId, 20, { name: "Elsewhere" });

    const mine = await page("/teams/spaces?page=2", await cookieFor(designer.user));
    expect(shown(mine.html, "Space")).toEqual(numbers(25, 48));
    expect(mine.html).toContain("Showing 25–48 of 300");
    expect(mine.html).not.toContain("Elsewhere 0");

    const chats = await page("/client/chat?page=13", await cookieFor(client.user));
    expect(shown(chats.html, "Space")).toEqual(numbers(289, 300));
    expect(chats.html).toContain("Showing 289–300 of 300");
    expect(chats.html).toContain(href("/client/chat?page=12"));
  });
});

describe("the team pages", () => {
  test("/team pages its 300 members and its 300 invitations each by its own link, keeping the other's page", async () => {
    await anotherAgency();
    const { owner, agencyId } = await createAgency();
    await createTeamMembers(agencyId, 300);
    await createInvitations(agencyId, "DESIGNER", 300);
    const cookie = await cookieFor(owner);

    const first = await page("/team", cookie);
    expect(shown(first.html, "Member")).toEqual(numbers(1, 50));
    expect(shown(first.html, "invitee")).toEqual(numbers(1, 50));
    expect(first.html).toContain("Showing 1–50 of 300");
    // The owner's card leads every page; the count is of the members.
    expect(first.html).toContain("Owner · Acme Digital");

    const both = await page("/team?page=6&invitationPage=2", cookie);
    expect(shown(both.html, "Member")).toEqual(numbers(251, 300));
    expect(both.html).toContain("Showing 251–300 of 300");
    expect(shown(both.html, "invitee")).toEqual(numbers(51, 100));
    expect(both.html).toContain("Showing 51–100 of 300");
    expect(both.html).toContain(href("/team?page=5&invitationPage=2"));
    expect(both.html).toContain(href("/team?page=6&invitationPage=3#pending-invitations"));
    // Resend and Delete without JavaScript come back to the same pages.
    expect(both.html).toContain('name="redirectTo" value="/team?page=6&amp;invitationPage=2"');
  });

  test("a team member's My Team and a client's Agency Team page the people they may see", async () => {
    await anotherAgency();
    const { agencyId } = await createAgency();
    const designer = await createTeamMember(agencyId, "DESIGNER", { name: "Member 000" });
    const assigned = await createTeamMembers(agencyId, 299, { name: "Member" });
    const client = await createClient(agencyId, { role: "EMPLOYEE" });
    await createSpaces(agencyId, 1, {
      teamMemberIds: [designer.member.id, ...assigned.map((member) => member.id)],
      clientIds: [client.client.id],
    });
    await createTeamMembers(agencyId, 30, { name: "Unassigned" });

    const colleagues = await page("/teams/my-team?page=7", await cookieFor(designer.user));
    expect(colleagues.html).toContain("Showing 301–330 of 330");
    expect(shown(colleagues.html, "Unassigned")).toEqual(numbers(1, 30));

    const agencyTeam = await page("/client/team", await cookieFor(client.user));
    expect(agencyTeam.html).toContain("Showing 1–50 of 300");
    expect(shown(agencyTeam.html, "Member")).toEqual(numbers(0, 49));
    const last = await page("/client/team?page=6", await cookieFor(client.user));
    expect(shown(last.html, "Member")).toEqual(numbers(250, 299));
    expect(last.html).not.toContain("Unassigned");
    // Refresh reloads the page it is on.
    expect(last.html).toContain('name="page" value="6"');
  });
});

describe("the clients pages", () => {
  test("/clients pages its 300 clients and 300 client invitations; editing a card in place stays on its page", async () => {
    await anotherAgency();
    const { owner, agencyId } = await createAgency();
    const clients = await createClients(agencyId, 300);
    await createInvitations(agencyId, "CLIENT", 300, { meta: { company: "Globex" } });
    const cookie = await cookieFor(owner);

    const first = await page("/clients", cookie);
    expect(shown(first.html, "Client")).toEqual(numbers(1, 50));
    expect(first.html).toContain("Showing 1–50 of 300");
    expect(shown(first.html, "invitee")).toEqual(numbers(1, 50));

    const second = await page("/clients?page=2&invitationPage=6", cookie);
    expect(shown(second.html, "Client")).toEqual(numbers(51, 100));
    expect(second.html).toContain("Showing 51–100 of 300");
    expect(shown(second.html, "invitee")).toEqual(numbers(251, 300));
    expect(second.html).toContain("Showing 251–300 of 300");
    // Without JavaScript a card's menu opens as this page with it open (?open=), where Edit Details
    // opens the card on the page it is on (?edit=), and comes back to it.
    const client51 = clients[50].id;
    const withMenu = `/clients?page=2&invitationPage=6&open=actions-${client51}`;
    expect(second.html).toContain(href(`${withMenu}#actions-${client51}`));
    expect((await page(withMenu, cookie)).html).toContain(href(`/clients?page=2&invitationPage=6&edit=${client51}`));
    const editing = await page(`/clients?page=2&invitationPage=6&edit=${client51}`, cookie);
    expect(editing.html).toContain(`id="edit-client-${client51}"`);
    expect(editing.html).toContain('name="redirectTo" value="/clients?page=2&amp;invitationPage=6"');
  });

  test("an account manager's clients and a client owner's employees are paged among those they may see", async () => {
    await anotherAgency();
    const { agencyId } = await createAgency();
    const manager = await createTeamMember(agencyId, "ACCOUNT_MANAGER");
    const clientOwner = await createClient(agencyId, { role: "OWNER", name: "Olga Owner", company: "Globex" });
    const colleagues = await createClients(agencyId, 300, { name: "Employee", company: "Globex" });
    await createClients(agencyId, 40, { name: "Stranger", company: "Initech" });
    await createSpaces(agencyId, 1, {
      teamMemberIds: [manager.member.id],
      clientIds: colleagues.slice(0, 120).map((client) => client.id),
    });
    await createInvitations(agencyId, "CLIENT", 60, {
      meta: { company: "Globex", company_id: clientOwner.client.company_id },
    });

    const managed = await page("/teams/clients?page=3", await cookieFor(manager.user));
    expect(managed.html).toContain("Showing 101–120 of 120");
    expect(shown(managed.html, "Employee")).toEqual(numbers(101, 120));
    expect(managed.html).not.toContain("Stranger");

    const team = await page("/client/employees?page=6&invitationPage=2", await cookieFor(clientOwner.user));
    expect(team.html).toContain("Showing 251–300 of 300");
    expect(shown(team.html, "Employee")).toEqual(numbers(251, 300));
    expect(team.html).toContain("Showing 51–60 of 60");
  });
});

describe("a page number that is not one", () => {
  test.each(["abc", "0", "-2", "", "2.5", "1e999", "99999"])(
    "?page=%s shows a page there is, never an error",
    async (requested) => {
      await anotherAgency();
      const { owner, agencyId } = await createAgency();
      await createClients(agencyId, 120);
      await createInvitations(agencyId, "CLIENT", 120);
      const cookie = await cookieFor(owner);
      const expected = { abc: 1, "0": 1, "-2": 1, "": 1, "2.5": 2, "1e999": 3, "99999": 3 }[requested]!;
      const range = ["Showing 1–50 of 120", "Showing 51–100 of 120", "Showing 101–120 of 120"][expected - 1];

      const clients = await page(`/clients?page=${requested}&invitationPage=${requested}`, cookie);
      expect(clients.status).toBe(200);
      expect(clients.html.split(range)).toHaveLength(3);
      const spaces = await page(`/spaces?page=${requested}`, cookie);
      expect(spaces.status).toBe(200);
    },
  );
});
