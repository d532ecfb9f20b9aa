import { describe, expect, test } from "vitest";
import { createInvitation } from "~/models/invitations.server";
import * as teamClients from "~/routes/_agency.clients_.$clientId";
import * as teamMember from "~/routes/_agency.team_.$memberId";
import * as clientRegister from "~/routes/client-register";
import * as invitation from "~/routes/invitations_.$invitationId";
import * as newInvitation from "~/routes/invitations.new";
import * as teamRegister from "~/routes/team-register";
import { db } from "~/services/db.server";
import { actorOf, createAgency, createClient, createTeamMember } from "#tests/support/factories";
import { call, cookieFor, getRequest, postRequest, type RouteHandler } from "#tests/support/requests";

/* The invitation and roster routes called from the outside: bad input is a 400, foreign ids a 404, never a 500. */

describe("registration pages", () => {
  test("a made-up link answers 404 with its message; bad input answers 400 and keeps what was typed", async () => {
    const missing = await call(teamRegister.loader as RouteHandler, getRequest("/team-register?invitation_id=nope"));
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("No invitation found with this ID");

    const { owner } = await createAgency();
    const created = await createInvitation(
      await actorOf(owner),
      { kind: "client", clientRole: "OWNER", sendEmail: false },
      {
        origin: "http://localhost:3000",
      },
    );
    const secret = new URL(created.link).searchParams.get("invitation_id")!;
    const page = await call(clientRegister.loader as RouteHandler, getRequest(`/client-register?invite=${secret}`));
    expect(page.status).toBe(200);

    const refused = await call(
      clientRegister.action as RouteHandler,
      postRequest("/client-register", { invite: secret, name: "Cleo", email: "cleo@example.test", password: "short" }),
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Cleo");
  });
});

describe("invite form and invitation actions", () => {
  test("a designer may not open the invite form (404); bad input is a 400", async () => {
    const { owner, agencyId } = await createAgency();
    const { user: designer } = await createTeamMember(agencyId, "DESIGNER");
    const page = await call(
      newInvitation.loader as RouteHandler,
      getRequest("/invitations/new?kind=client", await cookieFor(designer)),
    );
    expect(page.status).toBe(404);

    const bad = await call(
      newInvitation.action as RouteHandler,
      postRequest("/invitations/new", { kind: "team", role: "OWNER", email: "not-an-email" }, await cookieFor(owner)),
    );
    expect(bad.status).toBe(400);
  });

  test("another agency cannot delete an invitation (404) and it stays", async () => {
    const { owner } = await createAgency();
    const created = await createInvitation(
      await actorOf(owner),
      { kind: "team", role: "DESIGNER", sendEmail: false },
      {
        origin: "http://localhost:3000",
      },
    );
    const stranger = await createAgency({ agencyName: "Foreign" });
    const response = await call(
      invitation.action as RouteHandler,
      postRequest(
        `/invitations/${created.id}`,
        { intent: "delete", redirectTo: "/team" },
        await cookieFor(stranger.owner),
      ),
      { invitationId: created.id },
    );
    expect(response.status).toBe(404);
    expect(await db.selectFrom("invitations").select("id").where("id", "=", created.id).execute()).toHaveLength(1);
  });
});

describe("person pages", () => {
  test("a client owner or another agency posting to a person's page gets 404, and nothing changes", async () => {
    const { agencyId } = await createAgency();
    const { member } = await createTeamMember(agencyId, "DESIGNER");
    const { client, user: clientOwner } = await createClient(agencyId, { role: "OWNER" });
    const stranger = await createAgency({ agencyName: "Foreign" });

    const foreign = await call(
      teamMember.action as RouteHandler,
      postRequest(`/team/${member.id}`, { intent: "remove" }, await cookieFor(stranger.owner)),
      { memberId: member.id },
    );
    expect(foreign.status).toBe(404);
    const foreignClient = await call(
      teamClients.action as RouteHandler,
      postRequest(
        `/clients/${client.id}`,
        { intent: "update", name: "X", role: "LEAD", email: "x@example.test" },
        await cookieFor(stranger.owner),
      ),
      { clientId: client.id },
    );
    expect(foreignClient.status).toBe(404);
    // A client is kept out of the agency's pages altogether.
    const ownClient = await call(
      teamMember.action as RouteHandler,
      postRequest(`/team/${member.id}`, { intent: "remove" }, await cookieFor(clientOwner)),
      { memberId: member.id },
    );
    expect(ownClient.status).toBe(302);
    expect(await db.selectFrom("team_members").select("id").where("id", "=", member.id).execute()).toHaveLength(1);
    expect(await db.selectFrom("clients").select("name").where("id", "=", client.id).executeTakeFirst()).toEqual({
      name: "Cleo Client",
    });
  });

  test("the agency's edit with a too-long extension is a 400 with the message", async () => {
    const { owner, agencyId } = await createAgency();
    const { client } = await createClient(agencyId);
    const response = await call(
      teamClients.action as RouteHandler,
      postRequest(
        `/clients/${client.id}`,
        { intent: "update", name: "Cleo", role: "LEAD", email: client.email, extension: "12345678901" },
        await cookieFor(owner),
      ),
      { clientId: client.id },
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Extension must be at most 10 characters.");
  });
});
