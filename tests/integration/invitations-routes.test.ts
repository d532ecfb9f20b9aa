import { describe, expect, test } from "vitest";
import { createInvitation } from "~/models/inviting.server";
import * as teamClients from "~/routes/_agency.clients_.$clientId";
import * as teamMember from "~/routes/_agency.team_.$memberId";
import * as clientRegister from "~/routes/client-register";
import * as invitation from "~/routes/invitations_.$invitationId";
import * as newInvitation from "~/routes/invitations.new";
import * as teamRegister from "~/routes/team-register";
import { db } from "~/services/db.server";
import { actorOf, createAgency, createClient, createTeamMember } from "#tests/support/factories";
import { call, cookieFor, getRequest, postRequest, toastOf, type RouteHandler } from "#tests/support/requests";
import { whileWritesFail } from "#tests/support/faults";

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
  test("a designer or a client employee may not open the invite form (403, SPEC's words); bad input is a 400", async () => {
    const { owner, agencyId } = await createAgency();
    const { user: designer } = await createTeamMember(agencyId, "DESIGNER");
    const { user: employee } = await createClient(agencyId, { role: "EMPLOYEE" });
    for (const [user, kind, words] of [
      [designer, "client", "You don't have permission to invite a Client"],
      [designer, "team", "You don't have permission to invite a Team Member"],
      [employee, "client", "You don't have permission to invite a Client"],
    ] as const) {
      const page = await call(
        newInvitation.loader as RouteHandler,
        getRequest(`/invitations/new?kind=${kind}`, await cookieFor(user)),
      );
      expect(page.status).toBe(403);
      expect(await page.text()).toBe(words);
    }

    const bad = await call(
      newInvitation.action as RouteHandler,
      postRequest("/invitations/new", { kind: "team", role: "OWNER", email: "not-an-email" }, await cookieFor(owner)),
    );
    expect(bad.status).toBe(400);
  });

  test("another agency cannot delete an invitation, and it stays", async () => {
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
    // The same answer as for an invitation already gone: nothing tells it exists.
    expect(response.headers.get("Location")).toBe("/team");
    expect(await toastOf(response)).toMatchObject({
      type: "error",
      title: "Failed to delete invitation. Please try again.",
    });
    expect(await db.selectFrom("invitations").select("id").where("id", "=", created.id).execute()).toHaveLength(1);
  });

  test("deleting an invitation already gone keeps the page and says SPEC's words, with JavaScript and without", async () => {
    const { owner } = await createAgency();
    const cookie = await cookieFor(owner);
    const created = await createInvitation(
      await actorOf(owner),
      { kind: "team", role: "DESIGNER", sendEmail: false },
      { origin: "http://localhost:3000" },
    );
    const remove = (fields: Record<string, string>) =>
      call(invitation.action as RouteHandler, postRequest(`/invitations/${created.id}`, fields, cookie), {
        invitationId: created.id,
      });
    const deleted = await remove({ intent: "delete" });
    expect(await toastOf(deleted)).toMatchObject({ type: "success", title: "Invitation deleted" });

    // Deleted again from a page that still lists it: a fetcher stays on its page (404 with the toast)...
    const again = await remove({ intent: "delete" });
    expect(again.status).toBe(404);
    expect(await toastOf(again)).toMatchObject({
      type: "error",
      title: "Failed to delete invitation. Please try again.",
    });
    // ...and a plain form goes back to its page with it.
    const plain = await remove({ intent: "delete", redirectTo: "/team" });
    expect(plain.headers.get("Location")).toBe("/team");
    expect(await toastOf(plain)).toMatchObject({
      type: "error",
      title: "Failed to delete invitation. Please try again.",
    });
  });

  test("an unexpected failure of deleting an invitation keeps the page with SPEC's words", async () => {
    const { owner } = await createAgency();
    const created = await createInvitation(
      await actorOf(owner),
      { kind: "team", role: "DESIGNER", sendEmail: false },
      { origin: "http://localhost:3000" },
    );
    // A real failure in this file's own database: a trigger that makes deleting an invitation fail.
    await whileWritesFail("delete", "invitations", async (logged) => {
      const response = await call(
        invitation.action as RouteHandler,
        postRequest(`/invitations/${created.id}`, { intent: "delete" }, await cookieFor(owner)),
        { invitationId: created.id },
      );
      expect(response.status).toBe(500);
      expect(await toastOf(response)).toMatchObject({
        type: "error",
        title: "Failed to delete invitation. Please try again.",
      });
      expect(logged).toHaveBeenCalled();
    });
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
