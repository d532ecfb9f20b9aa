import crypto from "node:crypto";
import { db } from "~/services/db.server";
import { emit } from "./events.server";
import { MESSAGES } from "./accounts.server";
import type { Actor } from "./actors.server";
import { recordActivity } from "./activity.server";
import { Refusal } from "./errors.server";
import { hashPassword } from "./passwords.server";
import { getPerson } from "./people.server";
import type { PersonKind } from "~/shared/paths";
import { deleteAllSessions } from "./sessions.server";
import { reclaimEmail } from "./unverified-accounts.server";

/*
 * SPEC §4's temporary password: the agency gives a team member or client a login with
 * a password it sees once. At their first sign-in they must choose their own before
 * anything else (users.must_change_password, enforced by the guards); then they sign
 * in again at /team-login.
 */

/** 12 characters from 72 random bits: typed by hand once, never stored in the clear. */
function newTemporaryPassword(): string {
  return crypto.randomBytes(9).toString("base64url");
}

/**
 * Sets a temporary password for the person's account, making the account (verified,
 * in the agency) when the record has none yet. Returns the password, to show once.
 */
export async function issueTemporaryPassword(
  actor: Actor,
  kind: PersonKind,
  recordId: string,
): Promise<{ email: string; password: string }> {
  const { person } = await getPerson(actor, kind, recordId);
  const table = kind === "team_member" ? "team_members" : "clients";
  const password = newTemporaryPassword();
  const passwordHash = await hashPassword(password);
  const userId = await db.transaction().execute(async (tx) => {
    const record = await tx.selectFrom(table).select("user_id").where("id", "=", person.id).executeTakeFirstOrThrow();
    let userId = record.user_id;
    if (userId) {
      await tx
        .updateTable("users")
        .set({ password_hash: passwordHash, must_change_password: true, updated_at: new Date() })
        .where("id", "=", userId)
        .execute();
      await deleteAllSessions(tx, userId);
    } else {
      await reclaimEmail(tx, person.email);
      const user = await tx
        .insertInto("users")
        .values({
          email: person.email,
          password_hash: passwordHash,
          user_type: kind === "team_member" ? "TEAM_MEMBER" : "CLIENT",
          agency_id: actor.agencyId,
          email_verified_at: new Date(),
          must_change_password: true,
        })
        .onConflict((oc) => oc.column("email").doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!user) throw new Refusal(MESSAGES.emailTaken);
      userId = user.id;
      await tx.updateTable(table).set({ user_id: userId }).where("id", "=", person.id).execute();
    }
    await recordActivity(tx, {
      agencyId: actor.agencyId!,
      actorId: actor.id,
      action: "login.temporary_password",
      summary: `${actor.name} gave ${person.name} a temporary password`,
    });
    return userId;
  });
  emit("user.sessions-ended", { userId });
  return { email: person.email, password };
}

/** The first sign-in's new password: it replaces the temporary one, and every session ends (they sign in again). */
export async function replaceTemporaryPassword(actor: Actor, password: string) {
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable("users")
      .set({ password_hash: passwordHash, must_change_password: false, updated_at: new Date() })
      .where("id", "=", actor.id)
      .where("must_change_password", "=", true)
      .execute();
    await deleteAllSessions(tx, actor.id);
  });
  emit("user.sessions-ended", { userId: actor.id });
}
