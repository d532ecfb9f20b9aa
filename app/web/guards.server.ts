import { redirect } from "@remix-run/node";
import { MESSAGES } from "~/models/accounts.server";
import { loadActor, type Actor } from "~/models/actors.server";
import { canEnterArea, hasMembership, homePath, settingsPath, type Area } from "~/models/policy.server";
import { mustSetUpTwoFactor } from "~/models/two-factor.server";
import { getUserId, signOut } from "./auth.server";
import { redirectWithToast } from "./toast.server";

/* Guards return what the caller needs or throw a redirect (SPEC §2.5). */

/** Where someone signed in with a temporary password chooses their own (SPEC §4). */
export const NEW_PASSWORD_PATH = "/team-login/new-password";

export async function getActor(request: Request): Promise<Actor | null> {
  const userId = await getUserId(request);
  return userId ? loadActor(userId) : null;
}

/**
 * The signed-in, verified actor. Signed-out users go to /login (and come back
 * here after), unverified ones to /email-verification, and a user outside their
 * own route group to their own dashboard. A client or team member whose record was
 * removed is signed out; one with a temporary password first chooses their own.
 */
export async function requireActor(request: Request, area?: Area): Promise<Actor> {
  const actor = await getActor(request);
  if (!actor) {
    const url = new URL(request.url);
    const params = new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` });
    throw redirect(`/login?${params}`);
  }
  if (!actor.emailVerified) {
    throw redirect(`/email-verification?${new URLSearchParams({ email: actor.email })}`);
  }
  if (!hasMembership(actor)) {
    throw await signOut(request, {
      toast: {
        type: "error",
        title: "Access ended",
        description: MESSAGES.accessEnded,
      },
    });
  }
  if (actor.mustChangePassword && new URL(request.url).pathname !== NEW_PASSWORD_PATH) {
    throw redirect(NEW_PASSWORD_PATH);
  }
  if (area && !canEnterArea(actor, area)) throw redirect(homePath(actor.type));
  await requireTwoFactorIfDemanded(request, actor);
  return actor;
}

/** An agency may require two-factor sign-in: its team members and clients set it up before anything else. */
async function requireTwoFactorIfDemanded(request: Request, actor: Actor) {
  if (!(await mustSetUpTwoFactor(actor))) return;
  const setupPath = `${settingsPath(actor.type)}/security`;
  if (new URL(request.url).pathname === setupPath) return;
  throw await redirectWithToast(setupPath, {
    type: "message",
    title: "Two-factor sign-in required",
    description: "Your agency requires two-factor sign-in. Please set it up to continue.",
  });
}

/** Guest-only pages: a signed-in, verified user goes to their dashboard instead. */
export async function requireAnonymous(request: Request): Promise<void> {
  const actor = await getActor(request);
  if (actor?.emailVerified) throw redirect(homePath(actor.type));
}
