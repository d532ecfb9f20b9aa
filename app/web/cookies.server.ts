import { createCookie, type CookieOptions } from "@remix-run/node";
import { cookieSecret, isProduction } from "~/models/site.server";

/**
 * A cookie of ours: signed with the session secret, out of scripts' reach, sent with
 * same-site navigations (so a link from a mail still carries it), over HTTPS only in
 * production. Made when asked for, as the secret is read from the environment.
 */
export function signedCookie(name: string, options: Pick<CookieOptions, "maxAge"> = {}) {
  return createCookie(name, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: isProduction(),
    secrets: [cookieSecret()],
    ...options,
  });
}
