import type { ActionFunctionArgs } from "@remix-run/node";
import { type LogoUploadResult } from "~/shared";
import { json } from "@remix-run/node";
import { holdSpaceLogo } from "~/models/spaces.server";
import { expectFound } from "~/web/errors.server";
import { requireActor } from "~/web/guards.server";
import { toastCookie, type ToastInput } from "~/web/toast.server";
import { IMAGE_MAX_BYTES } from "~/models/uploads.server";
import { readUploadForm } from "~/web/request.server";
import { ButtonOnlySchema, runForm } from "~/web/form-action.server";

/*
 * With JavaScript, a space form uploads its logo here first (busy state, SPEC §8's
 * toasts) and then carries only the returned key. Without JavaScript the forms take
 * the file themselves (/spaces/new, /spaces/{id}/edit).
 */

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireActor(request);
  const formData = await readUploadForm(request, IMAGE_MAX_BYTES);
  const outcome = await runForm(formData, {
    schema: ButtonOnlySchema,
    failure: "Could not upload logo. Please try again.",
    run: () => expectFound(holdSpaceLogo(actor, formData.get("file"))),
  });
  if (outcome.done) {
    return reply(
      { ok: true, key: outcome.answer },
      { type: "success", title: "Success", description: "Logo uploaded successfully" },
    );
  }
  // A button-only form always parses: what is not done was refused.
  const refusal = outcome.refusal!;
  return reply(
    { ok: false, message: refusal.message },
    { type: "error", title: refusal.title ?? "Upload failed", description: refusal.message },
    outcome.status,
  );
}

async function reply(result: LogoUploadResult, toast: ToastInput, status = 200) {
  return json(result, { status, headers: { "Set-Cookie": await toastCookie(toast) } });
}
