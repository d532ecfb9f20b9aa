import type { AppLoadContext } from "@remix-run/node";
import { createSession } from "~/models/sessions.server";
import { sessionCookieHeader } from "~/web/auth.server";
import { getToast } from "~/web/toast.server";

/* Calling route modules as the Remix server would, with cookies carried between calls. */

export const BASE = "http://localhost:3000";

export function context(clientIp = "203.0.113.7"): AppLoadContext {
  return { cspNonce: "test-nonce", clientIp };
}

export function getRequest(path: string, cookie?: string | null) {
  return new Request(`${BASE}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
}

export function postRequest(path: string, fields: Record<string, string>, cookie?: string | null) {
  return new Request(`${BASE}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
  });
}

/** A multipart post, as a browser sends a form with files. */
export function multipartRequest(path: string, fields: Record<string, string | File>, cookie: string) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return new Request(`${BASE}${path}`, { method: "POST", body, headers: { Cookie: cookie } });
}

/** The Cookie header of a fresh session for this user, as if they had signed in. */
export async function cookieFor(user: { id: string }) {
  return (await sessionCookieHeader(await createSession(user.id, "vitest"))).split(";")[0];
}

/** The toast this response leaves for the next page. */
export async function toastOf(response: Response) {
  return (await getToast(getRequest("/", cookiesFrom(response)))).toast;
}

export type RouteHandler = (args: {
  request: Request;
  context: AppLoadContext;
  params: Record<string, string>;
}) => unknown;

/** Runs a route's loader or action on a request, as the Remix server would. */
export const call = (handler: RouteHandler, request: Request, params: Record<string, string> = {}) =>
  respond(() => handler({ request, context: context(), params }));

/** The Cookie header a browser would send after this response (only name=value pairs, emptied ones dropped). */
export function cookiesFrom(response: Response, previous = ""): string {
  const jar = new Map(
    previous
      .split("; ")
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)] as const),
  );
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(";");
    const [name, ...rest] = pair.split("=");
    const value = rest.join("=");
    if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(header)) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

/** Runs a loader or action, returning what it returned or threw as a Response with a JSON body. */
export async function respond(run: () => unknown): Promise<Response> {
  try {
    const result = await run();
    if (result instanceof Response) return result;
    if (isDataWithInit(result)) {
      return new Response(JSON.stringify(result.data), {
        status: result.init?.status ?? 200,
        headers: result.init?.headers,
      });
    }
    return new Response(JSON.stringify(result), { status: 200 });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

function isDataWithInit(value: unknown): value is { data: unknown; init?: ResponseInit } {
  return typeof value === "object" && value !== null && (value as { type?: string }).type === "DataWithResponseInit";
}
