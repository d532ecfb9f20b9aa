import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { InvitationActionSchema } from "~/shared/invitation.schemas";
import { deleteInvitation } from "~/models/invitation-tables.server";
import { resendInvitation } from "~/models/inviting.server";
import { formAction } from "~/web/form-action.server";
import { requireActor } from "~/web/guards.server";
import { readForm } from "~/web/request.server";
import { appOrigin } from "~/models/site.server";
import { answerWithToast, refusedAsToast } from "~/web/toast.server";

/* Resend and Delete of one invitation (SPEC §2.9, §2.10), posted from the invitations tables. */

export const loader = () => redirect("/");

// SPEC §8's words: the toast of success, and the title of a failure.
const WORDS = {
  resend: { done: "Invitation Sent", failed: "Error" },
  delete: { done: "Invitation deleted", failed: "Failed to delete invitation. Please try again." },
};

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireActor(request);
  const formData = await readForm(request);
  const id = params.invitationId ?? "";
  const words = WORDS[formData.get("intent") === "resend" ? "resend" : "delete"];
  return formAction(formData, {
    schema: InvitationActionSchema,
    failure: words.failed,
    // An invitation already gone (deleted in another tab) is a toast on the page the user is on, not a 404 page.
    refused: refusedAsToast(formData, { title: words.failed }),
    run: async ({ intent, redirectTo }) => {
      if (intent === "resend") await resendInvitation(actor, id, { origin: appOrigin() });
      else await deleteInvitation(actor, id);
      return answerWithToast(redirectTo, { type: "success", title: WORDS[intent].done });
    },
  });
}
