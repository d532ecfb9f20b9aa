import type { z } from "zod";
import type { PersonActionAnswer } from "~/shared/people";
import type { Actor } from "~/models/actors.server";
import { PersonActionSchema, UpdateClientSchema, UpdateTeamMemberSchema } from "~/shared/roster.schemas";
import {
  ASSIGNMENT_WORDS,
  addClientToSpace,
  assignTeamMember,
  removeClientFromSpace,
  unassignTeamMember,
} from "~/models/space-assignments.server";
import { removePerson, updatePerson } from "~/models/people.server";
import type { PersonKind } from "~/shared/paths";
import { issueTemporaryPassword } from "~/models/temporary-passwords.server";
import { personPath } from "~/shared/paths";
import { safeRedirect } from "./redirect.server";
import { expectFound } from "./errors.server";
import { formAction } from "./form-action.server";
import { answerWithToast, redirectWithToast, refusedAsToast } from "./toast.server";
import { readForm } from "./request.server";

/*
 * What the agency does to one person of its team or its clients (SPEC §2.9, §2.10):
 * edit, assign to or take off a space, remove, give a temporary password. The roster
 * pages' dialogs post here through fetchers; the person's page posts here as plain
 * forms, which carry `redirectTo` and get a redirect with a toast.
 */

// SPEC §8's words, of success and of a failure that is not a refusal.
const WORDS = {
  team_member: {
    updated: "Team member updated successfully",
    updateFailed: "Failed to update team member. Please try again.",
    removed: "Team member removed successfully",
    removeFailed: "Failed to remove team member",
  },
  client: {
    updated: "Client updated successfully",
    updateFailed: "Could not update client. Please try again.",
    removed: "Client deleted successfully",
    removeFailed: "Could not delete client. Please try again.",
  },
};

export async function handlePersonAction(request: Request, actor: Actor, kind: PersonKind, personId: string) {
  const formData = await readForm(request);
  const rosterPath = personPath(actor.type, kind);
  if (formData.get("intent") === "update") {
    const update = <Schema extends z.ZodType>(schema: Schema, save: (value: z.output<Schema>) => Promise<void>) =>
      formAction(formData, {
        schema,
        failure: WORDS[kind].updateFailed,
        run: async (value) => {
          await expectFound(save(value));
          return redirectWithToast(safeRedirect(formData.get("redirectTo"), rosterPath), {
            type: "success",
            title: WORDS[kind].updated,
          });
        },
      });
    return kind === "team_member"
      ? update(UpdateTeamMemberSchema, (value) => updatePerson(actor, "team_member", personId, value))
      : update(UpdateClientSchema, (value) => updatePerson(actor, "client", personId, value));
  }

  const intent = formData.get("intent");
  const onSpace = intent === "assign" || intent === "unassign" ? ASSIGNMENT_WORDS[intent] : null;
  return formAction(formData, {
    schema: PersonActionSchema,
    failure: onSpace?.failed ?? (intent === "remove" ? WORDS[kind].removeFailed : undefined),
    // A space change is a toggle on the roster: its refusal is a toast, even for a space the actor may not see.
    refused: onSpace
      ? refusedAsToast(formData, { title: onSpace.failed, unknownReason: onSpace.unknownReason }, 400)
      : undefined,
    run: async (input) => {
      switch (input.intent) {
        case "assign":
        case "unassign": {
          if (kind === "team_member") {
            await (input.intent === "assign" ? assignTeamMember : unassignTeamMember)(actor, input.spaceId, personId);
          } else {
            await (input.intent === "assign" ? addClientToSpace : removeClientFromSpace)(
              actor,
              input.spaceId,
              personId,
            );
          }
          return answerWithToast(input.redirectTo, { type: "success", title: ASSIGNMENT_WORDS[input.intent].done });
        }
        case "remove": {
          await expectFound(removePerson(actor, kind, personId));
          return redirectWithToast(rosterPath, { type: "success", title: WORDS[kind].removed });
        }
        case "temporary-password":
          return {
            temporaryPassword: await expectFound(issueTemporaryPassword(actor, kind, personId)),
          } satisfies PersonActionAnswer;
      }
    },
  });
}
