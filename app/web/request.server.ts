import { env } from "~/services/env.server";

/** The origin our mailed links point to: APP_URL when set, else the one the request came to. */
export function appOrigin(request: Request): string {
  return env().APP_URL ?? new URL(request.url).origin;
}

/**
 * The origin for links mailed outside any request (background jobs): APP_URL, which
 * production sets; without it, this server as a developer reaches it.
 */
export function configuredOrigin(): string {
  const { APP_URL, PORT } = env();
  return APP_URL ?? `http://localhost:${PORT}`;
}

/**
 * The posted form. A body that is not a form (a script posting JSON, a cut-off upload)
 * reads as an empty one, so the schema refuses it field by field instead of a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  return request.formData().catch(() => new FormData());
}
