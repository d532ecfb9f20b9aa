import type { Actor } from "./actors.server";
import { hasMembership } from "./policy.server";
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

/** The first step this user must take before anything else, or null when they may act. */
export async function nextRequiredStep(actor: Actor): Promise<RequiredStep | null> {
  if (!actor.emailVerified) return "verify-email";
  if (!hasMembership(actor)) return "access-ended";
  if (actor.mustChangePassword) return "change-password";
  if (await mustSetUpTwoFactor(actor)) return "set-up-two-factor";
  return null;
}
