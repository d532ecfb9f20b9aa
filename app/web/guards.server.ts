import { redirect } from "@remix-run/node";
import { MESSAGES } from "~/models/accounts.server";
import { takeAction } from "~/models/action-allowance.server";
import type { Actor } from "~/models/actors.server";
import { MESSAGE_TEXT } from "~/shared/chat-message";
import { canEnterArea, homePath, type Area } from "~/models/policy.server";
import { settingsPath } from "~/shared/paths";
import { findSessionStanding, type RequiredStep, type SessionStanding } from "~/models/session-standing.server";
import { getSessionId, signOut } from "./auth.server";
import { redirectWithToast } from "./toast.server";

/* Guards return what the caller needs or throw a redirect (SPEC §2.5). */

/** Where someone signed in with a temporary password chooses their own (SPEC §4). */
export const NEW_PASSWORD_PATH = "/team-login/new-password";

/*
 * A page's loaders run in parallel and each asks who is signed in. Remix hands each
 * loader a copy of the request, so the answer cannot hang on the request: lookups of the
 * same session that overlap in time share one (a singleflight): one query per page, not
 * one per loader. Nothing is kept once the lookup has settled.
 */
const lookups = new Map<string, Promise<SessionStanding | null>>();

function standingOf(request: Request): Promise<SessionStanding | null> {
  const key = request.headers.get("Cookie") ?? "";
  let standing = lookups.get(key);
  if (!standing) {
    standing = (async () => {
      const sessionId = await getSessionId(request);
      return sessionId ? findSessionStanding(sessionId) : null;
    })();
    lookups.set(key, standing);
    const settled = () => void lookups.delete(key);
    standing.then(settled, settled);
  }
  return standing;
}

export async function getActor(request: Request): Promise<Actor | null> {
  return (await standingOf(request))?.actor ?? null;
}

/**
 * The signed-in actor who may act. Signed-out users go to /login (and come back here
 * after); one who still owes a step (nextRequiredStep) is sent to that step's page, and
 * a user outside their own route group to their own dashboard. A request that changes
 * something draws on the person's allowance, and past it is answered 429.
 */
export async function requireActor(request: Request, area?: Area): Promise<Actor> {
  const standing = await standingOf(request);
  if (!standing) {
    const url = new URL(request.url);
    const params = new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` });
    throw redirect(`/login?${params}`);
  }
  const { actor, step } = standing;
  if (step) await requireStepPage(request, actor, step);
  if (area && !canEnterArea(actor, area)) throw redirect(homePath(actor.type));
  // Every change a signed-in person asks for passes here, so none escapes their allowance (action-allowance.server.ts).
  if (!READS.has(request.method) && !takeAction(actor.id)) {
    throw new Response(MESSAGE_TEXT.tooManyRequests, { status: 429, statusText: "Too Many Requests" });
  }
  return actor;
}

/** Requests that change nothing; a loader that runs after an action is handed one of these too. */
const READS = new Set(["GET", "HEAD"]);

/** Throws the way to the step's page; on that page itself, lets the user through to take it. */
async function requireStepPage(request: Request, actor: Actor, step: RequiredStep): Promise<void> {
  const pathname = new URL(request.url).pathname;
  switch (step) {
    case "verify-email":
      throw redirect(`/email-verification?${new URLSearchParams({ email: actor.email })}`);
    case "access-ended":
      throw await signOut(request, {
        toast: { type: "error", title: "Access ended", description: MESSAGES.accessEnded },
      });
    case "change-password":
      if (pathname !== NEW_PASSWORD_PATH) throw redirect(NEW_PASSWORD_PATH);
      return;
    case "set-up-two-factor": {
      const setupPath = `${settingsPath(actor.type)}/security`;
      if (pathname === setupPath) return;
      throw await redirectWithToast(setupPath, {
        type: "message",
        title: "Two-factor sign-in required",
        description: "Your agency requires two-factor sign-in. Please set it up to continue.",
      });
    }
  }
}

/** Guest-only pages: a signed-in, verified user goes to their dashboard instead. */
export async function requireAnonymous(request: Request): Promise<void> {
  const actor = await getActor(request);
  if (actor?.emailVerified) throw redirect(homePath(actor.type));
}
