import { env } from "~/services/env.server";
import { sessionSecret } from "~/services/session-secret.server";

/*
 * What the request side (app/web) and the background jobs need to know of this
 * deployment, so that they reach the environment through the models like every rule.
 */

/**
 * The origin of every link we mail or show to be passed on (verification, reset,
 * invitation, notices): APP_URL alone. Never the request's Host or X-Forwarded-Host,
 * which the client chooses: a forged one would mail a victim a link to another site.
 */
export function appOrigin(): string {
  return env().APP_URL;
}

/** Whether this is production: cookies then go over HTTPS only. */
export function isProduction(): boolean {
  return env().NODE_ENV === "production";
}

/** The secret that signs the session and toast cookies. */
export function cookieSecret(): string {
  return sessionSecret();
}
