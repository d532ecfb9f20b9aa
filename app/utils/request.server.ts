import { env } from "~/services/env.server";

/** The origin our mailed links point to: APP_URL when set, else the one the request came to. */
export function appOrigin(request: Request): string {
  return env().APP_URL ?? new URL(request.url).origin;
}
