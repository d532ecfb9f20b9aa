import { sql } from "kysely";
import { compiledQueryPer } from "~/services/compiled-queries.server";
import { actorRows, toActor, type Actor } from "./actors.server";
import { hasMembership } from "./policy.server";
import { slideSession } from "./sessions.server";
import { mustSetUpTwoFactor } from "./two-factor.server";

/*
 * "May this session act?" One answer for pages and the socket alike: a signed-in user
 * may do nothing until they have taken every step their account still owes, one at a
 * time, in this order. The order matters: each step's page must be reachable while
 * the later steps are still owed (a temporary password is replaced before two-factor
 * is set up, so neither page sends the user to the other).
 */

export type RequiredStep =
  /** The email is not verified yet (SPEC §2.5). */
  | "verify-email"
  /** A team member or client whose record was removed: the session is over. */
  | "access-ended"
  /** Signed in with a temporary password (SPEC §4): they choose their own first. */
  | "change-password"
  /** Their agency requires two-factor sign-in and they have not set it up. */
  | "set-up-two-factor";

export type SessionStanding = { actor: Actor; step: RequiredStep | null };

/**
 * The user of a session and the first step they owe (null when they may act), read in
 * one query; null when the session has been ended. For a request (a page, a socket's
 * handshake) an expired session is none too, and a live one's expiry slides forward;
 * `{ request: false }` is for a check that is not a request, which neither expires nor
 * extends anything.
 */
export async function findSessionStanding(
  sessionId: string,
  { request = true }: { request?: boolean } = {},
): Promise<SessionStanding | null> {
  return (await findSessionStandings([sessionId], { request })).get(sessionId) ?? null;
}

/** `findSessionStanding` for many sessions in one query (the handshakes of a reconnect storm); the ended ones are left out. */
export async function findSessionStandings(
  sessionIds: readonly string[],
  { request = true }: { request?: boolean } = {},
): Promise<Map<string, SessionStanding>> {
  if (!sessionIds.length) return new Map();
  const many = sessionIds.length > 1;
  const rows = await standingRows(
    { request, many },
    { sessionIds: [...sessionIds], sessionId: sessionIds[0], now: new Date() },
  );
  if (request) await Promise.all(rows.map((row) => slideSession(row.session_id, row.last_seen_at)));
  const standings = new Map<string, SessionStanding>();
  for (const row of rows) {
    const actor = toActor(row);
    const twoFactor = { requiredByAgency: row.require_two_factor ?? false, on: row.two_factor_user_id !== null };
    standings.set(row.session_id, { actor, step: nextRequiredStep(actor, twoFactor) });
  }
  return standings;
}

/*
 * The sessions' rows, compiled once for a request and once for a check, and for one
 * session or many (their ids as one array). One session, every page's, is asked by its
 * id alone: Postgres plans a statement that joins seven tables in 1.7 ms, twenty times
 * what running it takes, and keeps a plan for a prepared one only when that plan is as
 * cheap as planning each run would be, which by an array's estimate it never was.
 */
const standingRows = compiledQueryPer(
  (
    { request, many }: { request: boolean; many: boolean },
    values: { sessionIds: string[]; sessionId: string; now: Date },
  ) => {
    const query = actorRows()
      .innerJoin("sessions", "sessions.user_id", "users.id")
      .leftJoin("two_factor", (join) =>
        join.onRef("two_factor.user_id", "=", "users.id").on("two_factor.enabled_at", "is not", null),
      )
      .select([
        "sessions.id as session_id",
        "sessions.last_seen_at",
        "agencies.require_two_factor",
        "two_factor.user_id as two_factor_user_id",
      ])
      .where(
        many
          ? sql<boolean>`sessions.id = any(${values.sessionIds}::text[])`
          : sql<boolean>`sessions.id = ${values.sessionId}`,
      );
    return request ? query.where("sessions.expires_at", ">", values.now) : query;
  },
);

function nextRequiredStep(actor: Actor, twoFactor: { requiredByAgency: boolean; on: boolean }): RequiredStep | null {
  if (!actor.emailVerified) return "verify-email";
  if (!hasMembership(actor)) return "access-ended";
  if (actor.mustChangePassword) return "change-password";
  if (mustSetUpTwoFactor(actor, twoFactor)) return "set-up-two-factor";
  return null;
}
