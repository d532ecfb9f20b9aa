import crypto from "node:crypto";
import { redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { authenticate } from "~/models/accounts.server";
import { LoginSchema } from "~/shared/auth.schemas";
import { recognizeDevice } from "~/models/known-devices.server";
import { createSession, deleteSession } from "~/models/sessions.server";
import { toastCookie, type ToastInput } from "./toast.server";
import { signedCookie } from "./cookies.server";
import { describeDevice } from "./user-agent.server";

/** The account a password sign-in found. */
type SignedInUser = Awaited<ReturnType<typeof authenticate>>;

/*
 * The cookie holds only the signed id of a row in `sessions`; the server decides
 * how long it lives (sliding, see sessions.server.ts). The cookie itself is kept for
 * as long as browsers allow, so that the server's expiry is the one that counts.
 */
const sessionCookie = () => signedCookie("__session", { maxAge: 400 * 24 * 60 * 60 });

/** Names this browser for as long as it keeps cookies, so that a sign-in from another one can be told apart (known-devices.server.ts). */
const deviceCookie = () => signedCookie("__device", { maxAge: 400 * 24 * 60 * 60 });

/*
 * remix-auth hands its strategy a copy of the request, so the client's address
 * (known only to the server) travels in a header we set ourselves, over any value
 * the browser may have sent under that name.
 */
const CLIENT_IP_HEADER = "X-Server-Client-IP";

const authenticator = new Authenticator<SignedInUser>().use(
  new FormStrategy(async ({ form, request }) => {
    const { email, password } = LoginSchema.pick({ email: true, password: true }).parse(Object.fromEntries(form));
    return authenticate(email, password, request.headers.get(CLIENT_IP_HEADER) ?? "unknown");
  }),
  "password",
);

/** Checks the email and password posted in the request; throws a Refusal (wrong details, an unverified email, too many attempts). */
export function verifyPasswordSignIn(request: Request, clientIp: string): Promise<SignedInUser> {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, clientIp);
  return authenticator.authenticate("password", new Request(request.clone(), { headers }));
}

/** The session id in a Cookie header, if its signature holds. */
export async function readSessionId(cookieHeader: string | null): Promise<string | null> {
  const value = await sessionCookie().parse(cookieHeader);
  return typeof value === "string" ? value : null;
}

export function getSessionId(request: Request): Promise<string | null> {
  return readSessionId(request.headers.get("Cookie"));
}

/** The Set-Cookie value that makes a browser carry this session. */
export async function sessionCookieHeader(sessionId: string): Promise<string> {
  return sessionCookie().serialize(sessionId);
}

/**
 * Starts a new session (a new id every time, so a planted cookie is worthless) and
 * redirects, showing a toast there if given. `byEmailLink`: a notice's one-click link
 * signed them in, as their sessions list will say.
 */
export async function signIn(
  request: Request,
  userId: string,
  { redirectTo, toast, byEmailLink }: { redirectTo: string; toast?: ToastInput; byEmailLink?: boolean },
) {
  const previous = await getSessionId(request);
  if (previous) await deleteSession(previous);
  const userAgent = request.headers.get("User-Agent");
  const sessionId = await createSession(userId, userAgent, { byEmailLink });
  const headers = new Headers({ "Set-Cookie": await sessionCookieHeader(sessionId) });
  const known = await deviceCookie().parse(request.headers.get("Cookie"));
  const deviceId = typeof known === "string" ? known : crypto.randomBytes(16).toString("base64url");
  await recognizeDevice(userId, deviceId, describeDevice(userAgent));
  if (deviceId !== known) headers.append("Set-Cookie", await deviceCookie().serialize(deviceId));
  if (toast) headers.append("Set-Cookie", await toastCookie(toast));
  return redirect(redirectTo, { headers });
}

/*
 * What a browser keeps of the site once its person signs out (a shared computer's next
 * user must find none of it): "cache" empties the HTTP and back/forward caches, so Back
 * shows no signed-in page; "storage" takes the service worker with its caches and push
 * subscription (the session's subscription row goes with the session) and localStorage,
 * where the chat keeps messages not yet sent. The next page registers the worker afresh.
 * Cookies stay: the session cookie is expired below, the device cookie is no one's data.
 */
const CLEAR_SITE_DATA = '"cache", "storage"';

/** Ends this browser's session and goes to /login (or `redirectTo`), showing a toast there if given. */
export async function signOut(
  request: Request,
  { toast, redirectTo = "/login" }: { toast?: ToastInput; redirectTo?: string } = {},
) {
  const sessionId = await getSessionId(request);
  if (sessionId) await deleteSession(sessionId);
  const headers = new Headers({
    "Set-Cookie": await sessionCookie().serialize("", { maxAge: 0 }),
    "Clear-Site-Data": CLEAR_SITE_DATA,
  });
  if (toast) headers.append("Set-Cookie", await toastCookie(toast));
  return redirect(redirectTo, { headers });
}
