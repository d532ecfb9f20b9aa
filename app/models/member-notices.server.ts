import { db } from "~/services/db.server";
import { renderMail, type MailContent } from "~/services/mail-layout.server";
import { sendMail } from "~/services/mail.server";
import { TEAM_ROLE_LABELS } from "~/shared/roles";
import { loadActor, type Actor } from "./actors.server";
import { usersWhoWant, type Preference } from "./notification-preferences.server";
import { settingsPath } from "~/shared/paths";

/*
 * Mails about people (SPEC §3 preferences newClient and teamActivity, stored and
 * used): a new client joined (to the agency's staff, and to the client's colleagues),
 * a new team member joined (to the agency's staff), and a team member was added to a
 * space (to that space's clients). Each goes to those whose preference allows it, one
 * job per recipient (app/process/jobs.server.ts), so a failed mail is retried alone.
 */

export type MemberNotice =
  { kind: "member-joined"; userId: string } | { kind: "team-member-assigned"; spaceId: string; teamMemberId: string };

/** Who should hear of it: the people concerned, less the newcomer, whose preference allows it. */
export async function memberNoticeRecipients(notice: MemberNotice): Promise<string[]> {
  if (notice.kind === "team-member-assigned") {
    const clients = await db
      .selectFrom("space_clients")
      .innerJoin("clients", "clients.id", "space_clients.client_id")
      .select("clients.user_id")
      .where("space_clients.space_id", "=", notice.spaceId)
      .where("clients.user_id", "is not", null)
      .execute();
    return usersWhoWant(
      clients.map((row) => row.user_id!),
      "team_activity",
    );
  }
  const newcomer = await loadActor(notice.userId);
  if (!newcomer?.agencyId) return [];
  const staff = await agencyStaff(newcomer.agencyId);
  const colleagues = newcomer.client ? await companyColleagues(newcomer.agencyId, newcomer.client.companyId) : [];
  const concerned = [...staff, ...colleagues].filter((id) => id !== newcomer.id);
  return usersWhoWant(concerned, newcomer.client ? "new_client" : "team_activity");
}

async function agencyStaff(agencyId: string): Promise<string[]> {
  const members = await db
    .selectFrom("team_members")
    .select("user_id")
    .where("agency_id", "=", agencyId)
    .where("user_id", "is not", null)
    .execute();
  return [agencyId, ...members.map((row) => row.user_id!)];
}

async function companyColleagues(agencyId: string, companyId: string): Promise<string[]> {
  const clients = await db
    .selectFrom("clients")
    .select("user_id")
    .where("agency_id", "=", agencyId)
    .where("company_id", "=", companyId)
    .where("user_id", "is not", null)
    .execute();
  return clients.map((row) => row.user_id!);
}

/** Mails one recipient about it, if they still want it; returns whether a mail went out. */
export async function sendMemberNotice(recipientId: string, notice: MemberNotice, origin: string): Promise<boolean> {
  const recipient = await loadActor(recipientId);
  const content = recipient ? await describe(notice, recipient, origin) : null;
  if (!recipient || !content || !(await usersWhoWant([recipientId], content.preference)).length) return false;
  const { html, text } = renderMail({
    ...content.mail,
    footer: `You get this mail because these notifications are on. Change them in your notification settings: ${origin}${settingsPath(recipient.type)}/notifications`,
  });
  await sendMail({ to: recipient.email, subject: content.subject, html, text });
  return true;
}

type NoticeContent = { subject: string; mail: MailContent; preference: Preference };

async function describe(notice: MemberNotice, recipient: Actor, origin: string): Promise<NoticeContent | null> {
  if (notice.kind === "team-member-assigned") {
    const row = await db
      .selectFrom("team_members")
      .innerJoin("spaces", "spaces.agency_id", "team_members.agency_id")
      .innerJoin("agencies", "agencies.id", "spaces.agency_id")
      .select(["team_members.name", "team_members.role", "spaces.name as space_name", "agencies.agency_name"])
      .where("team_members.id", "=", notice.teamMemberId)
      .where("spaces.id", "=", notice.spaceId)
      .executeTakeFirst();
    if (!row) return null;
    return {
      preference: "team_activity",
      subject: `${row.name} joined ${row.space_name}`,
      mail: {
        heading: `${row.name} joined ${row.space_name}`,
        paragraphs: [
          `${row.name} (${TEAM_ROLE_LABELS[row.role]} at ${row.agency_name}) now takes part in ${row.space_name} and can read and answer your messages there.`,
        ],
        action: { label: "Open conversation", url: `${origin}/client/chat/${notice.spaceId}` },
      },
    };
  }
  const newcomer = await loadActor(notice.userId);
  const staffLink = (agencyPath: string, teamPath: string) =>
    `${origin}${recipient.type === "AGENCY" ? agencyPath : teamPath}`;
  if (newcomer?.client && recipient.client) {
    return {
      preference: "new_client",
      subject: `New colleague: ${newcomer.name}`,
      mail: {
        heading: `${newcomer.name} joined your company's workspace`,
        paragraphs: [`${newcomer.name} from ${newcomer.client.company} can now take part in your spaces.`],
        action: { label: "View employees", url: `${origin}/client/employees` },
      },
    };
  }
  if (newcomer?.client) {
    return {
      preference: "new_client",
      subject: `New client: ${newcomer.name}`,
      mail: {
        // A staff member's company is their agency.
        heading: `${newcomer.name} from ${newcomer.client.company} joined ${recipient.companyName}`,
        paragraphs: [`${newcomer.name} accepted their invitation and can now talk with you in their spaces.`],
        action: { label: "View clients", url: staffLink("/clients", "/teams/clients") },
      },
    };
  }
  if (!newcomer?.teamMember) return null;
  return {
    preference: "team_activity",
    subject: `New team member: ${newcomer.name}`,
    mail: {
      heading: `${newcomer.name} joined ${newcomer.companyName}`,
      paragraphs: [`${newcomer.name} joined the team as ${TEAM_ROLE_LABELS[newcomer.teamMember.role]}.`],
      action: { label: "View team", url: staffLink("/team", "/teams/my-team") },
    },
  };
}
