import { redirect } from "@remix-run/node";
import { hasTwoFactor } from "~/models/two-factor.server";
import { signIn } from "./auth.server";
import type { ToastInput } from "./toast.server";
import { signedCookie } from "./cookies.server";

/*
 * Signing in after a first factor (a password, or the link of a notice): a user with
 * two-factor sign-in gets no session yet. This browser carries a short-lived, signed
 * "who is signing in, and where to" instead, which only lets it answer the code page
 * (/login/two-factor); the session is made once the code is right.
 */

const PENDING_LIFETIME_SECONDS = 10 * 60;

const pendingCookie = () => signedCookie("__sign_in_pending", { maxAge: PENDING_LIFETIME_SECONDS });

export type PendingSignIn = { userId: string; redirectTo: string; expiresAt: number; byEmailLink?: boolean };

export const TWO_FACTOR_PATH = "/login/two-factor";

/** A full session when the user has no second factor, otherwise the code page first. */
export async function startSignIn(
  request: Request,
  userId: string,
  options: { redirectTo: string; toast?: ToastInput; byEmailLink?: boolean },
) {
  if (!(await hasTwoFactor(userId))) return signIn(request, userId, options);
  const pending: PendingSignIn = {
    userId,
    redirectTo: options.redirectTo,
    expiresAt: Date.now() + PENDING_LIFETIME_SECONDS * 1000,
    byEmailLink: options.byEmailLink,
  };
  return redirect(TWO_FACTOR_PATH, { headers: { "Set-Cookie": await pendingCookie().serialize(pending) } });
}

/** The sign-in waiting for its second step in this browser, if any and not expired. */
export async function readPendingSignIn(request: Request): Promise<PendingSignIn | null> {
  const value = (await pendingCookie().parse(request.headers.get("Cookie"))) as PendingSignIn | null;
  if (!value || typeof value.userId !== "string" || typeof value.redirectTo !== "string") return null;
  return value.expiresAt > Date.now() ? value : null;
}

/** The second step succeeded: the session, and the pending state forgotten. */
export async function finishSignIn(request: Request, pending: PendingSignIn, toast?: ToastInput) {
  const response = await signIn(request, pending.userId, {
    redirectTo: pending.redirectTo,
    toast,
    byEmailLink: pending.byEmailLink,
  });
  response.headers.append("Set-Cookie", await pendingCookie().serialize("", { maxAge: 0 }));
  return response;
}
