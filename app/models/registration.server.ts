import type { Transaction } from "kysely";
import type { Database, User } from "#db/schema";
import { db } from "~/services/db.server";
import { MESSAGES } from "./accounts.server";
import { recordActivity } from "./activity.server";
import { companyOfInvitation } from "./client-companies.server";
import type { ClientRegisterInput, TeamRegisterInput } from "~/shared/invitation.schemas";
import { openInvitation } from "./invitation-links.server";
import { clientExists, teamMemberExists } from "./inviting.server";
import type { InvitationKind } from "~/shared/invitations";
import { hashPassword } from "./passwords.server";
import { RATE_LIMITS, assertWithinRateLimits } from "./rate-limits.server";
import { issueToken } from "./tokens.server";
import { reclaimEmail } from "./unverified-accounts.server";
import { sendInBackground } from "~/services/mail.server";
import { sendVerificationEmail } from "./verification-mail.server";
import { Refusal } from "./errors.server";

/**
 * SPEC §4: an invited user's team or client record is made once their email is
 * verified. Registration (from the invitation link) stores what the record needs in
 * users.pending_registration; this turns it into the record, links it to the account,
 * marks the invitation used and clears the pending state. Other users pass through.
 */
export async function completePendingRegistration(tx: Transaction<Database>, user: User): Promise<User> {
  const pending = user.pending_registration;
  if (!pending || (user.user_type !== "TEAM_MEMBER" && user.user_type !== "CLIENT")) return user;

  // Locked, so that two people registered from one link cannot both use it.
  const invitation = await tx
    .selectFrom("invitations")
    .selectAll()
    .where("id", "=", pending.invitationId)
    .where("used", "=", false)
    .where("expires_at", ">", new Date())
    .forUpdate()
    .executeTakeFirst();
  if (
    !invitation ||
    invitation.agency_id !== user.agency_id ||
    (invitation.email !== null && invitation.email !== user.email)
  ) {
    throw new Refusal("Invitation not found or expired.");
  }

  const common = {
    agency_id: invitation.agency_id,
    user_id: user.id,
    name: pending.name,
    email: user.email,
    mobile_number: pending.mobileNumber,
  };
  if (user.user_type === "TEAM_MEMBER") {
    if (invitation.role === "CLIENT") throw new Refusal("Invalid invitation.");
    await tx
      .insertInto("team_members")
      .values({ ...common, role: invitation.role })
      .onConflict((oc) => oc.columns(["agency_id", "email"]).doUpdateSet({ user_id: user.id }))
      .execute();
  } else {
    if (invitation.role !== "CLIENT") throw new Refusal("Invalid invitation.");
    const meta = invitation.meta ?? {};
    const companyId = await companyOfInvitation(tx, invitation.agency_id, meta);
    await tx
      .insertInto("clients")
      .values({ ...common, role: meta.client_role ?? "EMPLOYEE", company_id: companyId, url: meta.url ?? null })
      .onConflict((oc) => oc.columns(["agency_id", "email"]).doUpdateSet({ user_id: user.id }))
      .execute();
  }
  // Conditional, so that of two registrations racing for one link only the first gets it.
  const claimed = await tx
    .updateTable("invitations")
    .set({ used: true })
    .where("id", "=", invitation.id)
    .where("used", "=", false)
    .executeTakeFirst();
  if (!Number(claimed.numUpdatedRows)) throw new Refusal("Invitation not found or expired.");
  await recordActivity(tx, {
    agencyId: invitation.agency_id,
    actorId: user.id,
    action: user.user_type === "CLIENT" ? "client.joined" : "team_member.joined",
    summary: `${pending.name} joined as ${user.user_type === "CLIENT" ? "a client" : "a team member"}`,
  });
  return tx
    .updateTable("users")
    .set({ pending_registration: null, updated_at: new Date() })
    .where("id", "=", user.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * SPEC §2.1, §4, §5: registration from an invitation link. The account is made
 * pending: its team or client record is made when the email is verified (above). The
 * invitation's email, when it has one, is the account's email.
 */
export async function registerInvitee(
  kind: InvitationKind,
  input: TeamRegisterInput | ClientRegisterInput,
  { origin, clientIp }: { origin: string; clientIp: string },
): Promise<User> {
  // An agency onboards its team from one office: the address may register many, each link a few times.
  await assertWithinRateLimits([[`invitee-sign-up:ip:${clientIp}`, RATE_LIMITS.inviteeSignUpPerIp]]);
  const { invitation, problem } = await openInvitation(input.invite, kind);
  if (!invitation) throw new Refusal(problem.message);
  await assertWithinRateLimits([[`sign-up:invitation:${invitation.id}`, RATE_LIMITS.signUpPerInvitation]]);
  const email = invitation.email ?? input.email;
  const table = kind === "team" ? "team_members" : "clients";
  const onRoster = await db
    .selectFrom(table)
    .select("id")
    .where("agency_id", "=", invitation.agencyId)
    .where("email", "=", email)
    .executeTakeFirst();
  if (onRoster) throw new Refusal(kind === "team" ? teamMemberExists(email) : clientExists(email));

  const passwordHash = await hashPassword(input.password);
  const mobileNumber = "mobileNumber" in input ? (input.mobileNumber ?? null) : invitation.mobileNumber;
  const { user, token } = await db.transaction().execute(async (tx) => {
    await reclaimEmail(tx, email);
    const user = await tx
      .insertInto("users")
      .values({
        email,
        password_hash: passwordHash,
        user_type: kind === "team" ? "TEAM_MEMBER" : "CLIENT",
        agency_id: invitation.agencyId,
        pending_registration: JSON.stringify({ invitationId: invitation.id, name: input.name, mobileNumber }),
      })
      .onConflict((oc) => oc.column("email").doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!user) throw new Refusal(MESSAGES.emailTaken);
    return { user, token: await issueToken(user.id, "email", tx) };
  });
  sendInBackground(sendVerificationEmail(user, token, origin), user.email);
  return user;
}
