import crypto from "node:crypto";
import { beforeAll, describe, expect, test } from "vitest";
import { createInvitation } from "~/models/inviting.server";
import * as register from "~/routes/register";
import * as clientSettings from "~/routes/client.settings._index";
import * as invite from "~/routes/invitations.new";
import * as chatResource from "~/routes/resources.chat.$spaceId";
import * as spaceEdit from "~/routes/spaces.$spaceId_.edit";
import * as newSpace from "~/routes/spaces.new";
import * as clientRegister from "~/routes/client-register";
import * as teamRegister from "~/routes/team-register";
import * as teamSettings from "~/routes/teams.settings._index";
import { db } from "~/services/db.server";
import { agencyWorld, type AgencyWorld } from "#tests/support/access-world";
import { PASSWORD, actorOf } from "#tests/support/factories";
import { call, cookieFor, postRequest, type RouteHandler } from "#tests/support/requests";

/*
 * A form carries only what its user may choose. Each key form is posted with fields a
 * browser's form does not have, or with values the user may not choose (another
 * agency's ids, a role, a sender, a used flag), and the stored rows must not take them.
 */

let home: AgencyWorld;
let other: AgencyWorld;

beforeAll(async () => {
  home = await agencyWorld("Quokkanest");
  other = await agencyWorld("Zanzibarra");
});

/** Fields no form of the app has, which a forged post adds to every form. */
const forged = () => ({
  agencyId: other.agencyId,
  agency_id: other.agencyId,
  userType: "ADMIN",
  user_type: "ADMIN",
  role: "OWNER",
  senderId: other.people.owner.id,
  sender_id: other.people.owner.id,
  spaceId: other.space.id,
  used: "true",
  emailVerified: "true",
  email_verified_at: new Date().toISOString(),
  id: crypto.randomUUID(),
  isAdmin: "true",
});

async function secretOf(kind: "team" | "client", by: { id: string }, extra: Record<string, unknown> = {}) {
  const created = await createInvitation(
    await actorOf(by),
    kind === "team"
      ? { kind: "team", role: "DESIGNER", sendEmail: false, ...extra }
      : { kind: "client", clientRole: "EMPLOYEE", sendEmail: false, ...extra },
    { origin: "http://localhost:3000" },
  );
  return { id: created.id, secret: new URL(created.link).searchParams.get("invitation_id")! };
}

describe("inviting", () => {
  test("the invitation is of the inviter's agency, by the inviter, unused, with a role the inviter may give", async () => {
    const owner = await cookieFor(home.people.clientOwner);
    const response = await call(
      invite.action as RouteHandler,
      postRequest(
        "/invitations/new",
        {
          ...forged(),
          kind: "client",
          clientRole: "EMPLOYEE",
          company: `${other.tag} Corp`,
          email: "new-employee@example.test",
          invitedBy: other.people.owner.id,
        },
        owner,
      ),
    );
    expect(response.status).toBe(200);
    const stored = await db
      .selectFrom("invitations")
      .selectAll()
      .where("email", "=", "new-employee@example.test")
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ agency_id: home.agencyId, invited_by: home.people.clientOwner.id, used: false });
    // A client owner invites into their own company only.
    expect(stored.meta).toMatchObject({ client_role: "EMPLOYEE", company: `${home.tag} Corp` });
  });

  test("a client owner may not invite an owner, and nobody invites a team owner", async () => {
    for (const [user, fields] of [
      [home.people.clientOwner, { kind: "client", clientRole: "OWNER" }],
      [home.people.owner, { kind: "team", role: "OWNER" }],
    ] as const) {
      const before = await db.selectFrom("invitations").select("id").execute();
      const response = await call(
        invite.action as RouteHandler,
        postRequest("/invitations/new", { ...fields, email: "owner-to-be@example.test" }, await cookieFor(user)),
      );
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(await db.selectFrom("invitations").select("id").execute()).toHaveLength(before.length);
    }
  });
});

describe("registering", () => {
  test("from a client invitation: a client of the invitation's agency, unverified, with the invitation's role", async () => {
    const { secret, id } = await secretOf("client", home.people.owner);
    const response = await call(
      clientRegister.action as RouteHandler,
      postRequest("/client-register", {
        ...forged(),
        invite: secret,
        name: "Forging Client",
        email: "forging-client@example.test",
        password: PASSWORD,
        confirmPassword: PASSWORD,
        clientRole: "OWNER",
        company: `${other.tag} Corp`,
      }),
    );
    expect(response.status).toBe(302);
    const user = await db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", "forging-client@example.test")
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ user_type: "CLIENT", agency_id: home.agencyId, email_verified_at: null });
    expect(user.pending_registration).toEqual({ invitationId: id, name: "Forging Client", mobileNumber: null });
  });

  test("from a team invitation: a team member of the invitation's agency, never an owner or admin", async () => {
    const { secret } = await secretOf("team", home.people.owner);
    const response = await call(
      teamRegister.action as RouteHandler,
      postRequest("/team-register", {
        ...forged(),
        invite: secret,
        name: "Forging Member",
        email: "forging-member@example.test",
        password: PASSWORD,
        confirmPassword: PASSWORD,
        agreeToTerms: "on",
      }),
    );
    expect(response.status).toBe(302);
    const user = await db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", "forging-member@example.test")
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ user_type: "TEAM_MEMBER", agency_id: home.agencyId, email_verified_at: null });
  });

  test("an agency's sign-up makes a new, unverified agency owner, not an admin or a member of another agency", async () => {
    const response = await call(
      register.action as RouteHandler,
      postRequest("/register", {
        ...forged(),
        firstName: "Forging",
        lastName: "Owner",
        agencyName: "Forged Agency",
        email: "forging-owner@example.test",
        mobileNumber: "(555) 123-4567",
        agencyUrl: "https://forged.example",
        password: PASSWORD,
        confirmPassword: PASSWORD,
        terms: "on",
      }),
    );
    expect(response.status).toBe(302);
    const user = await db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", "forging-owner@example.test")
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ user_type: "AGENCY", agency_id: user.id, email_verified_at: null });
  });
});

describe("spaces", () => {
  test("a new space is of the user's agency, whatever agency or id the form names", async () => {
    const cookie = await cookieFor(home.people.owner);
    const response = await call(
      newSpace.action as RouteHandler,
      postRequest(
        "/spaces/new",
        { ...forged(), clientOwnerId: home.records.clientOwner.id, name: "Forged Space" },
        cookie,
      ),
    );
    expect(response.status).toBe(302);
    const space = await db
      .selectFrom("spaces")
      .selectAll()
      .where("name", "=", "Forged Space")
      .executeTakeFirstOrThrow();
    expect(space.agency_id).toBe(home.agencyId);
    expect(space.id).not.toBe(forged().id);
  });

  test("another agency's client cannot be made a space's client owner, on a new space or an edited one", async () => {
    const cookie = await cookieFor(home.people.owner);
    const count = async () => (await db.selectFrom("spaces").select("id").execute()).length;
    const before = await count();
    const created = await call(
      newSpace.action as RouteHandler,
      postRequest("/spaces/new", { clientOwnerId: other.records.clientOwner.id, name: "Stolen Owner" }, cookie),
    );
    expect([400, 404]).toContain(created.status);
    expect(await count()).toBe(before);

    const edited = await call(
      spaceEdit.action as RouteHandler,
      postRequest(
        `/spaces/${home.space.id}/edit`,
        { ...forged(), name: "Still Ours", clientOwnerId: other.records.clientOwner.id },
        cookie,
      ),
      { spaceId: home.space.id },
    );
    expect([400, 404]).toContain(edited.status);
    const space = await db.selectFrom("spaces").selectAll().where("id", "=", home.space.id).executeTakeFirstOrThrow();
    expect(space).toMatchObject({ agency_id: home.agencyId, client_owner_id: home.records.clientOwner.id });
    expect(space.name).not.toBe("Still Ours");
  });

  test("an edit keeps the space in its agency whatever agency the form names", async () => {
    const cookie = await cookieFor(home.people.owner);
    const response = await call(
      spaceEdit.action as RouteHandler,
      postRequest(
        `/spaces/${home.hiddenSpace.id}/edit`,
        { ...forged(), name: "Renamed Hidden", clientOwnerId: home.records.clientOwner.id },
        cookie,
      ),
      { spaceId: home.hiddenSpace.id },
    );
    expect(response.status).toBe(302);
    const space = await db
      .selectFrom("spaces")
      .selectAll()
      .where("id", "=", home.hiddenSpace.id)
      .executeTakeFirstOrThrow();
    expect(space).toMatchObject({ name: "Renamed Hidden", agency_id: home.agencyId });
  });
});

describe("messages", () => {
  test("a message is the sender's own, in the space of the address, whatever sender, space or time the form names", async () => {
    const cookie = await cookieFor(home.people.clientEmployee);
    const response = await call(
      chatResource.action as RouteHandler,
      postRequest(
        `/resources/chat/${home.space.id}`,
        {
          ...forged(),
          intent: "send",
          clientId: crypto.randomUUID(),
          content: "forged sender?",
          createdAt: "2001-01-01T00:00:00Z",
          created_at: "2001-01-01T00:00:00Z",
          deletedAt: "2001-01-01T00:00:00Z",
        },
        cookie,
      ),
      { spaceId: home.space.id },
    );
    expect(response.status).toBe(200);
    const message = await db
      .selectFrom("space_messages")
      .selectAll()
      .where("content", "=", "forged sender?")
      .executeTakeFirstOrThrow();
    expect(message).toMatchObject({
      space_id: home.space.id,
      sender_id: home.people.clientEmployee.id,
      deleted_at: null,
      edited_at: null,
    });
    expect(message.created_at.getFullYear()).toBeGreaterThan(2001);
  });
});

describe("profiles", () => {
  test("a team member's profile form changes their name, never their role, agency, type or email", async () => {
    const user = home.people.memberOut;
    const response = await call(
      teamSettings.action as RouteHandler,
      postRequest(
        "/teams/settings",
        { ...forged(), intent: "profile", name: "Renamed Member", email: "hijack@example.test" },
        await cookieFor(user),
      ),
    );
    expect(response.status).toBe(302);
    const member = await db
      .selectFrom("team_members")
      .innerJoin("users", "users.id", "team_members.user_id")
      .select(["team_members.name", "team_members.role", "team_members.agency_id", "users.user_type", "users.email"])
      .where("users.id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(member).toEqual({
      name: "Renamed Member",
      role: "DESIGNER",
      agency_id: home.agencyId,
      user_type: "TEAM_MEMBER",
      email: user.email,
    });
  });

  test("a client's profile form changes their name, never their role or company", async () => {
    const user = home.people.clientEmployee;
    const response = await call(
      clientSettings.action as RouteHandler,
      postRequest(
        "/client/settings",
        { ...forged(), intent: "profile", name: "Renamed Client", company: `${other.tag} Corp`, clientRole: "OWNER" },
        await cookieFor(user),
      ),
    );
    expect(response.status).toBe(302);
    const client = await db
      .selectFrom("clients")
      .innerJoin("client_companies", "client_companies.id", "clients.company_id")
      .select(["clients.name", "clients.role", "client_companies.name as company", "clients.agency_id"])
      .where("clients.user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(client).toEqual({
      name: "Renamed Client",
      role: "EMPLOYEE",
      company: `${home.tag} Corp`,
      agency_id: home.agencyId,
    });
  });
});

describe("invitations that are used up", () => {
  test("a form cannot mark an invitation unused: registering from a used one is refused and makes no account", async () => {
    const { secret, id } = await secretOf("client", home.people.owner);
    await db.updateTable("invitations").set({ used: true }).where("id", "=", id).execute();
    const response = await call(
      clientRegister.action as RouteHandler,
      postRequest("/client-register", {
        invite: secret,
        used: "false",
        name: "Late Client",
        email: "late-client@example.test",
        password: PASSWORD,
        confirmPassword: PASSWORD,
      }),
    );
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const made = await db.selectFrom("users").select("id").where("email", "=", "late-client@example.test").execute();
    expect(made).toEqual([]);
    expect(
      (await db.selectFrom("invitations").select("used").where("id", "=", id).executeTakeFirstOrThrow()).used,
    ).toBe(true);
  });
});
