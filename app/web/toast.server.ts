import crypto from "node:crypto";
import { createCookieSessionStorage, redirect } from "@remix-run/node";
import type { Toast, ToastInput } from "./toast";
import { signedCookie } from "./cookies.server";

const storage = () => createCookieSessionStorage({ cookie: signedCookie("toast") });

export type { ToastInput };

/** A Set-Cookie value that shows the toast on the next page. */
export async function toastCookie(toast: ToastInput): Promise<string> {
  const session = await storage().getSession();
  session.flash("toast", { id: crypto.randomUUID(), ...toast });
  return storage().commitSession(session);
}

export async function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await toastCookie(toast));
  return redirect(url, { ...init, headers });
}

/** The pending toast, once, and the header that clears it. */
export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: Headers }> {
  const session = await storage().getSession(request.headers.get("Cookie"));
  const toast = (session.get("toast") as Toast | undefined) ?? null;
  const headers = new Headers();
  if (toast) headers.append("Set-Cookie", await storage().destroySession(session));
  return { toast, headers };
}
