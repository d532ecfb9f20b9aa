import crypto from "node:crypto";
import { createCookieSessionStorage, data, redirect } from "@remix-run/node";
import type { Refusal } from "~/models/errors.server";
import type { Toast, ToastAnswer, ToastInput } from "~/shared/toast";
import { signedCookie } from "./cookies.server";
import { safeRedirect } from "./redirect.server";

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

/**
 * The answer to a button posted from a list: a plain form (without JavaScript it carries
 * `redirectTo`) goes back to its page with the toast; a fetcher stays on its page and gets
 * the toast, which the root loader shows as it revalidates, with whether it worked and
 * the status (a 404 stays a 404).
 */
export async function answerWithToast(
  redirectTo: FormDataEntryValue | null | undefined,
  toast: ToastInput,
  status = 200,
) {
  if (redirectTo) return redirectWithToast(safeRedirect(redirectTo, "/"), toast);
  return data<ToastAnswer>(
    { ok: status < 400, toast },
    { status, headers: { "Set-Cookie": await toastCookie(toast) } },
  );
}

/**
 * `formAction`'s `refused` for a button posted from a list: the refusal told as a toast
 * with SPEC's `title` and the refusal's reason when it says more (an unexpected failure's
 * words are the title: then `unknownReason`, where SPEC gives one), on the page it came
 * from, with the refusal's status unless `status` says otherwise.
 */
export const refusedAsToast =
  (formData: FormData, { title, unknownReason }: { title: string; unknownReason?: string }, status?: number) =>
  (refusal: Refusal) => {
    const description = refusal.message !== title ? refusal.message : unknownReason;
    return answerWithToast(
      formData.get("redirectTo"),
      { type: "error", title, ...(description && { description }) },
      status ?? refusal.status,
    );
  };

/** The pending toast, once, and the header that clears it. */
export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: Headers }> {
  const session = await storage().getSession(request.headers.get("Cookie"));
  const toast = (session.get("toast") as Toast | undefined) ?? null;
  const headers = new Headers();
  if (toast) headers.append("Set-Cookie", await storage().destroySession(session));
  return { toast, headers };
}
