import { ASSIGNMENT_WORDS } from "~/models/space-assignments.server";
import { SpaceMemberSchema } from "~/shared/space.schemas";
import { formAction } from "./form-action.server";
import { readForm } from "./request.server";
import { redirectWithToast, refusedAsToast } from "./toast.server";

/**
 * Manage Team and Manage Clients of a space (SPEC §2.8): add one person, or remove one.
 * A refusal or an unexpected failure (a person removed meanwhile in another tab) keeps
 * the page and says SPEC's words with the reason: a fetcher stays with the toast and the
 * refusal's status, a plain form (without JavaScript, with `redirectTo`) comes back to
 * the page with it. A space that is gone is gone for the page's loader too.
 */
export async function spaceMemberAction(
  request: Request,
  {
    back,
    add,
    remove,
  }: { back: string; add: (memberId: string) => Promise<unknown>; remove: (memberId: string) => Promise<unknown> },
) {
  const formData = await readForm(request);
  const words = ASSIGNMENT_WORDS[formData.get("intent") === "remove" ? "unassign" : "assign"];
  return formAction(formData, {
    schema: SpaceMemberSchema,
    failure: words.failed,
    refused: refusedAsToast(formData, { title: words.failed, unknownReason: words.unknownReason }),
    run: async ({ intent, memberId }) => {
      await (intent === "add" ? add : remove)(memberId);
      return redirectWithToast(back, { type: "success", title: words.done });
    },
  });
}
