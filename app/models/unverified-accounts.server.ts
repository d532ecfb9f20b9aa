import { sql, type ExpressionBuilder, type Transaction } from "kysely";
import type { Database } from "#db/schema";
import { db } from "~/services/db.server";

/*
 * An account holds its email from sign-up on, verified or not. An invited user's
 * account can only be completed through its invitation (registration.server.ts), so
 * one whose invitation was used by someone else (a second registration from a link
 * without an email), expired or deleted would hold the email forever, and every new
 * invitation for it would meet "An account with this email already exists".
 */

/** Long after every link such an account was mailed has expired (verification 24 hours, invitation 7 days). */
export const ABANDONED_AFTER_DAYS = 30;

/** An unverified invitee whose invitation can no longer make their record. */
function cannotComplete(eb: ExpressionBuilder<Database, "users">) {
  return eb.and([
    eb("users.email_verified_at", "is", null),
    eb("users.user_type", "in", ["TEAM_MEMBER", "CLIENT"]),
    eb.not(
      eb.exists(
        eb
          .selectFrom("invitations")
          .select("invitations.id")
          .where(sql<string>`invitations.id::text`, "=", sql<string>`users.pending_registration->>'invitationId'`)
          .whereRef("invitations.agency_id", "=", "users.agency_id")
          .where("invitations.used", "=", false)
          .where("invitations.expires_at", ">", new Date())
          .where((inner) =>
            inner.or([
              inner("invitations.email", "is", null),
              inner("invitations.email", "=", inner.ref("users.email")),
            ]),
          ),
      ),
    ),
  ]);
}

/**
 * A fresh registration for this email takes it from an account that cannot complete:
 * that account, its sessions and its verification links go. The condition is part of
 * the delete, so an account verified meanwhile, or one that can still complete, stays.
 */
export async function reclaimEmail(tx: Transaction<Database>, email: string): Promise<void> {
  await tx
    .deleteFrom("users")
    .where("email", "=", email)
    .where((eb) => cannotComplete(eb))
    .execute();
}

/** The hourly prune: accounts still unverified long after sign-up go, and free their emails. */
export async function purgeAbandonedAccounts(): Promise<void> {
  await db
    .deleteFrom("users")
    .where("email_verified_at", "is", null)
    .where("created_at", "<", new Date(Date.now() - ABANDONED_AFTER_DAYS * 24 * 60 * 60 * 1000))
    .execute();
}
