import { describe, expect, test } from "vitest";
import type { Actor } from "~/models/actors.server";
import { listClientRoster } from "~/models/clients.server";
import { verifyEmailWithToken } from "~/models/email-verification.server";
import type { InviteInput } from "~/shared/invitation.schemas";
import { openInvitation } from "~/models/invitation-links.server";
import { createInvitation, resendInvitation } from "~/models/inviting.server";
import { search } from "~/models/search.server";
import { addClientToSpace } from "~/models/space-assignments.server";
import { getSpaceClients } from "~/models/space-members.server";
import { issueToken } from "~/models/tokens.server";
import { sendUnreadNotice } from "~/models/unread-notices.server";
import { removeClientFromSpace } from "~/models/space-assignments.server";
import { db } from "~/services/db.server";
import { readOutbox } from "~/services/outbox.server";
import {
  actorOf,
  createAgency,
  createClient,
  createSpace,
  createSpaceMessage,
  createTeamMember,
  createUser,
  uniqueEmail,
} from "#tests/support/factories";

/* Issue 13, holes 6 and 9: what one person of an agency may learn of another. */

const ORIGIN = "http://localhost:3000";
type ClientInvite = Partial<Extract<InviteInput, { kind: "client" }>>;

/** Invites a client through the model, as the invite form does, and has them register and verify. */
async function inviteClient(inviter: Actor, name: string, input: ClientInvite = {}) {
  const email = uniqueEmail("invitee");
  const created = await createInvitation(
    inviter,
    { kind: "client", clientRole: "EMPLOYEE", email, sendEmail: false, ...input },
    { origin: ORIGIN },
  );
  const user = await createUser({ type: "CLIENT", verified: false, agencyId: inviter.agencyId, email });
  await db
    .updateTable("users")
    .set({ pending_registration: JSON.stringify({ invitationId: created.id, name, mobileNumber: null }) })
    .where("id", "=", user.id)
    .execute();
  await verifyEmailWithToken(await issueToken(user.id, "email"));
  const client = await db.selectFrom("clients").selectAll().where("user_id", "=", user.id).executeTakeFirstOrThrow();
  return { user, client, actor: await actorOf(user) };
}

const names = (people: Array<{ name: string }>) => people.map((person) => person.name).sort();

describe("a client company is an identity, not a name (hole 6)", () => {
  test("clients invited without a company do not see each other, and an owner among them cannot add the other", async () => {
    const { owner, agencyId } = await createAgency();
    const agency = await actorOf(owner);
    const olive = await inviteClient(agency, "Olive Owner", { clientRole: "OWNER" });
    const stan = await inviteClient(agency, "Stan Stranger");
    const space = await createSpace(agencyId, { name: "Olive's Launch", clientIds: [olive.client.id] });

    expect((await listClientRoster(olive.actor)).clients.items).toEqual([]);
    expect((await listClientRoster(stan.actor)).clients.items).toEqual([]);
    expect((await search(olive.actor, "Stan")).people).toEqual([]);
    expect((await search(stan.actor, "Olive")).people).toEqual([]);
    expect((await getSpaceClients(olive.actor, space.id)).candidates).toEqual([]);
    await expect(addClientToSpace(olive.actor, space.id, stan.client.id)).rejects.toMatchObject({ status: 404 });
    const members = await db.selectFrom("space_clients").select("client_id").where("space_id", "=", space.id).execute();
    expect(members).toEqual([{ client_id: olive.client.id }]);
  });

  test("employees invited by a client owner join the owner's company, even one without a name", async () => {
    const { owner, agencyId } = await createAgency();
    const agency = await actorOf(owner);
    const olive = await inviteClient(agency, "Olive Owner", { clientRole: "OWNER" });
    await inviteClient(agency, "Stan Stranger");
    const eve = await inviteClient(olive.actor, "Eve Employee");
    const space = await createSpace(agencyId, { clientIds: [olive.client.id] });

    expect(eve.client.company_id).toBe(olive.client.company_id);
    expect(names((await listClientRoster(olive.actor)).clients.items)).toEqual(["Eve Employee"]);
    expect(names((await listClientRoster(eve.actor)).clients.items)).toEqual(["Olive Owner"]);
    await addClientToSpace(olive.actor, space.id, eve.client.id);
    expect(names((await getSpaceClients(olive.actor, space.id)).clients)).toEqual(["Eve Employee", "Olive Owner"]);
  });

  test("clients the agency invites into the same named company are one company", async () => {
    const { owner } = await createAgency();
    const agency = await actorOf(owner);
    const olive = await inviteClient(agency, "Olive Owner", { clientRole: "OWNER", company: "Globex" });
    const eve = await inviteClient(agency, "Eve Employee", { company: "Globex" });
    await inviteClient(agency, "Stan Stranger", { company: "Initech" });

    expect(eve.client.company_id).toBe(olive.client.company_id);
    expect(names((await listClientRoster(olive.actor)).clients.items)).toEqual(["Eve Employee"]);
  });
});

describe("smaller leaks (hole 9)", () => {
  test("a team member's search lists only the clients of their spaces, as their roster does", async () => {
    const { agencyId } = await createAgency();
    const { user, member } = await createTeamMember(agencyId, "ACCOUNT_MANAGER");
    const mine = await createClient(agencyId, { name: "Mina Mine", company: "Globex" });
    const other = await createClient(agencyId, { name: "Otto Other", company: "Globex" });
    await createSpace(agencyId, { name: "Ours", teamMemberIds: [member.id], clientIds: [mine.client.id] });
    await createSpace(agencyId, { name: "Theirs", clientIds: [other.client.id] });
    const actor = await actorOf(user);

    expect(names((await listClientRoster(actor)).clients.items)).toEqual(["Mina Mine"]);
    expect(names((await search(actor, "Globex")).people)).toEqual(["Mina Mine"]);
    expect((await search(actor, "Otto")).people).toEqual([]);
  });

  test("a client owner inviting an address the agency invited gets their own invitation, not the agency's", async () => {
    const { owner, agencyId } = await createAgency();
    const agency = await actorOf(owner);
    const bolt = await actorOf((await createClient(agencyId, { role: "OWNER", company: "Bolt" })).user);
    const email = uniqueEmail("wanted");
    const agencys = await createInvitation(
      agency,
      {
        kind: "client",
        clientRole: "OWNER",
        email,
        sendEmail: false,
        company: "Acme",
        name: "Wanda Wanted",
        mobileNumber: "(555) 123-4567",
      },
      { origin: ORIGIN },
    );
    const bolts = await createInvitation(
      bolt,
      { kind: "client", clientRole: "EMPLOYEE", email, sendEmail: false },
      { origin: ORIGIN },
    );

    expect(bolts.reused).toBe(false);
    expect(bolts.id).not.toBe(agencys.id);
    const secret = new URL(bolts.link).searchParams.get("invitation_id");
    const { invitation } = await openInvitation(secret, "client");
    expect(invitation).toMatchObject({ company: "Bolt", clientRole: "EMPLOYEE", name: null, mobileNumber: null });
    // The agency asking again for the same thing still gets its own pending invitation.
    const again = await createInvitation(
      agency,
      { kind: "client", clientRole: "OWNER", email, sendEmail: false, company: "Acme" },
      { origin: ORIGIN },
    );
    expect(again).toMatchObject({ id: agencys.id, reused: true });
  });

  test("an unread-message mail is not sent to someone who left the space after the sweep found them", async () => {
    const { owner, agencyId } = await createAgency();
    const { user, client } = await createClient(agencyId, { name: "Cleo Client" });
    const space = await createSpace(agencyId, { clientIds: [client.id] });
    await createSpaceMessage(space.id, owner.id, { content: "Board minutes attached", minutesAgo: 10 });
    await removeClientFromSpace(await actorOf(owner), space.id, client.id);

    expect(await sendUnreadNotice({ userId: user.id, spaceId: space.id }, ORIGIN)).toBe(false);
    expect((await readOutbox()).filter((mail) => mail.to === user.email)).toEqual([]);
  });

  test("an agency sends at most 200 invitation mails a day; past that the link is still made, and resending is refused", async () => {
    const { owner } = await createAgency();
    const agency = await actorOf(owner);
    const invite = (email: string) =>
      createInvitation(agency, { kind: "client", clientRole: "EMPLOYEE", email, sendEmail: true }, { origin: ORIGIN });
    const first = await invite(uniqueEmail("first"));
    for (let sent = 1; sent < 200; sent++) await invite(uniqueEmail("many"));

    const late = await invite(uniqueEmail("late"));
    expect(late).toMatchObject({ emailed: false, reused: false });
    expect(late.mailError).toMatch(/limit of invitation emails.*couldn't be emailed/);
    expect(await db.selectFrom("invitations").select("id").where("id", "=", late.id).executeTakeFirst()).toBeDefined();
    await expect(resendInvitation(agency, first.id, { origin: ORIGIN })).rejects.toThrow(/limit of invitation emails/);
    expect((await readOutbox()).filter((mail) => mail.to === late.email)).toEqual([]);
  }, 60_000);
});
