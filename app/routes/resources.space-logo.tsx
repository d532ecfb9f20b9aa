import type { ActionFunctionArgs } from "@remix-run/node";
import type { LogoUploadResult } from "~/shared/spaces";
import { json } from "@remix-run/node";
import { holdSpaceLogo } from "~/models/spaces.server";
import { expectFound } from "~/web/errors.server";
import { requireActor } from "~/web/guards.server";
import { toastCookie, type ToastInput } from "~/web/toast.server";
import { IMAGE_MAX_BYTES } from "~/models/uploads.server";
import { readUploadForm } from "~/web/request.server";

/*
 * With JavaScript, a space form uploads its logo here first (busy state, SPEC §8's
 * toasts) and then carries only the returned key. Without JavaScript the forms take
 * the file themselves (/spaces/new, /spaces/{id}/edit).
 */

const UPLOAD_FAILED: ToastInput = {
  type: "error",
  title: "Upload failed",
  description: "Could not upload logo. Please try again.",
};

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireActor(request);
  const formData = await readUploadForm(request, IMAGE_MAX_BYTES);
  try {
    const stored = await expectFound(holdSpaceLogo(actor, formData.get("file")));
    if (!stored.ok) {
      return reply(
        { ok: false, message: stored.message },
        { type: "error", title: stored.title, description: stored.message },
        400,
      );
    }
    return reply(
      { ok: true, key: stored.key },
      { type: "success", title: "Success", description: "Logo uploaded successfully" },
    );
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("logo upload failed", error);
    return reply({ ok: false, message: UPLOAD_FAILED.description! }, UPLOAD_FAILED, 500);
  }
}

async function reply(result: LogoUploadResult, toast: ToastInput, status = 200) {
  return json(result, { status, headers: { "Set-Cookie": await toastCookie(toast) } });
}
