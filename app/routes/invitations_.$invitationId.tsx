import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Refusal } from "~/models/errors.server";
import { deleteInvitation, resendInvitation } from "~/models/invitations.server";
import { expectFound } from "~/web/errors.server";
import { requireActor } from "~/web/guards.server";
import { appOrigin, readForm } from "~/web/request.server";
import { redirectWithToast } from "~/web/toast.server";
import { safeRedirect } from "~/web/redirect.server";

/* Resend and Delete of one invitation (SPEC §2.9, §2.10), posted from the invitations tables. */

export const loader = () => redirect("/");

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireActor(request);
  const formData = await readForm(request);
  const returnTo = safeRedirect(formData.get("redirectTo"), "/");
  const id = params.invitationId ?? "";
  try {
    if (formData.get("intent") === "resend") {
      await expectFound(resendInvitation(actor, id, { origin: appOrigin() }));
      return redirectWithToast(returnTo, { type: "success", title: "Invitation Sent" });
    }
    await expectFound(deleteInvitation(actor, id));
    return redirectWithToast(returnTo, { type: "success", title: "Invitation deleted" });
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return redirectWithToast(returnTo, { type: "error", title: "Error", description: error.message });
  }
}
