import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { verifyEmailWithToken } from "~/models/email-verification.server";
import { memberNoticeRecipients, sendMemberNotice } from "~/models/member-notices.server";
import { assignTeamMember } from "~/models/space-assignments.server";
import { issueToken } from "~/models/tokens.server";
import { db } from "~/services/db.server";
import { readOutbox } from "~/services/outbox.server";
import { attachJobs, detachJobs } from "~/process/jobs.server";
import {
  actorOf,
  createAgency,
  createClient,
  createInvitation,
  createPendingInvitee,
  createSpace,
  createTeamMember,
} from "#tests/support/factories";

/* SPEC §3's newClient and teamActivity preferences, used: mails about people, to those who want them. */

const ORIGIN = "http://localhost:3000";
const turnOff = (userId: string, preference: "new_client" | "team_activity") =>
  db
    .insertInto("notification_preferences")
    .values({ user_id: userId, [preference]: false })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ [preference]: false }))
    .execute();
const mailsTo = async (email: string) => (await readOutbox()).filter((mail) => mail.to === email);

describe("who hears of a new person", () => {
  test("a new client: the agency's staff and the client's colleagues, unless they turned New clients off", async () => {
    const { owner, agencyId } = await createAgency();
    const { user: manager } = await createTeamMember(agencyId, "ACCOUNT_MANAGER");
    const { user: designer } = await createTeamMember(agencyId, "DESIGNER");
    const { user: colleague } = await createClient(agencyId, { company: "Globex" });
    const { user: otherCompany } = await createClient(agencyId, { company: "Initech" });
    const { user: newcomer } = await createClient(agencyId, { company: "Globex", name: "Nina New" });
    await turnOff(designer.id, "new_client");

    const recipients = await memberNoticeRecipients({ kind: "member-joined", userId: newcomer.id });
    expect(recipients.sort()).toEqual([owner.id, manager.id, colleague.id].sort());
    expect(recipients).not.toContain(otherCompany.id);

    expect(await sendMemberNotice(owner.id, { kind: "member-joined", userId: newcomer.id }, ORIGIN)).toBe(true);
    const [toOwner] = await mailsTo(owner.email);
    expect(toOwner.subject).toBe("New client: Nina New");
    expect(toOwner.text).toContain("Nina New from Globex joined Acme Digital");
    expect(toOwner.text).toContain(`${ORIGIN}/clients`);
    await sendMemberNotice(colleague.id, { kind: "member-joined", userId: newcomer.id }, ORIGIN);
    expect((await mailsTo(colleague.email))[0].subject).toBe("New colleague: Nina New");
    // A preference turned off after the job was queued still holds.
    expect(await sendMemberNotice(designer.id, { kind: "member-joined", userId: newcomer.id }, ORIGIN)).toBe(false);
  });

  test("a new team member: the agency's staff with Team activity on; clients never", async () => {
    const { owner, agencyId } = await createAgency();
    const { user: colleague } = await createTeamMember(agencyId);
    await createClient(agencyId);
    const { user: newcomer } = await createTeamMember(agencyId, "CONTENT_WRITER", { name: "Wendy Writer" });
    expect((await memberNoticeRecipients({ kind: "member-joined", userId: newcomer.id })).sort()).toEqual(
      [owner.id, colleague.id].sort(),
    );
    await turnOff(owner.id, "team_activity");
    expect(await memberNoticeRecipients({ kind: "member-joined", userId: newcomer.id })).toEqual([colleague.id]);
    await sendMemberNotice(colleague.id, { kind: "member-joined", userId: newcomer.id }, ORIGIN);
    const [mail] = await mailsTo(colleague.email);
    expect(mail.subject).toBe("New team member: Wendy Writer");
    expect(mail.text).toContain("joined the team as Content Writer");
    expect(mail.text).toContain(`${ORIGIN}/teams/my-team`);
  });

  test("a team member added to a space: that space's clients with Team activity on", async () => {
    const { agencyId } = await createAgency();
    const { member } = await createTeamMember(agencyId, "DESIGNER", { name: "Dana Designer" });
    const { user: inSpace, client } = await createClient(agencyId);
    await createClient(agencyId);
    const space = await createSpace(agencyId, { name: "Globex Launch", clientIds: [client.id] });
    const notice = { kind: "team-member-assigned" as const, spaceId: space.id, teamMemberId: member.id };
    expect(await memberNoticeRecipients(notice)).toEqual([inSpace.id]);
    await sendMemberNotice(inSpace.id, notice, ORIGIN);
    const [mail] = await mailsTo(inSpace.email);
    expect(mail.subject).toBe("Dana Designer joined Globex Launch");
    expect(mail.text).toContain(`${ORIGIN}/client/chat/${space.id}`);
  });
});

describe("through the events and the job queue", () => {
  beforeAll(async () => {
    await attachJobs();
  });
  afterAll(async () => {
    await detachJobs();
  });

  test("a client who verifies their email, and a team member assigned to a space, reach the people's inboxes", async () => {
    const { owner, agencyId } = await createAgency();
    const invitation = await createInvitation(agencyId, "CLIENT", { client_role: "EMPLOYEE", company: "Globex" });
    const invitee = await createPendingInvitee(agencyId, "CLIENT", invitation.id, "Paula Pending");
    await verifyEmailWithToken(await issueToken(invitee.id, "email"));
    const joined = await vi.waitFor(
      async () => {
        const [mail] = await mailsTo(owner.email);
        if (!mail) throw new Error("no mail yet");
        return mail;
      },
      { timeout: 20_000, interval: 250 },
    );
    expect(joined.subject).toBe("New client: Paula Pending");

    const { member } = await createTeamMember(agencyId, "DESIGNER", { name: "Dana Designer" });
    const clientRecord = await db
      .selectFrom("clients")
      .select("id")
      .where("user_id", "=", invitee.id)
      .executeTakeFirstOrThrow();
    const space = await createSpace(agencyId, { name: "Globex Launch", clientIds: [clientRecord.id] });
    await assignTeamMember(await actorOf(owner), space.id, member.id);
    const assigned = await vi.waitFor(
      async () => {
        const [mail] = await mailsTo(invitee.email);
        if (!mail) throw new Error("no mail yet");
        return mail;
      },
      { timeout: 20_000, interval: 250 },
    );
    expect(assigned.subject).toBe("Dana Designer joined Globex Launch");
  });
});
