import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import type { z } from "zod";
import type { Actor } from "~/models/actors.server";
import { ForbiddenError, NotFoundError } from "~/models/errors.server";
import { PersonActionSchema, UpdateClientSchema, UpdateTeamMemberSchema } from "~/models/roster.schemas";
import {
  addClientToSpace,
  assignTeamMember,
  removeClientFromSpace,
  unassignTeamMember,
} from "~/models/space-assignments.server";
import { removePerson, updatePerson, type PersonKind } from "~/models/people.server";
import { issueTemporaryPassword } from "~/models/temporary-passwords.server";
import { safeRedirect } from "./redirect.server";
import { personPath } from "~/models/paths";
import { redirectWithToast, toastCookie, type ToastInput } from "./toast.server";
import { readForm } from "./request.server";

/*
 * What the agency does to one person of its team or its clients (SPEC §2.9, §2.10):
 * edit, assign to or take off a space, remove, give a temporary password. The roster
 * pages' dialogs post here through fetchers; the person's page posts here as plain
 * forms, which carry `redirectTo` and get a redirect with a toast.
 */

const WORDS = {
  team_member: {
    updated: "Team member updated successfully",
    removed: "Team member removed successfully",
  },
  client: {
    updated: "Client updated successfully",
    removed: "Client deleted successfully",
  },
};

async function answer(redirectTo: string | undefined, toast: ToastInput, status = 200) {
  if (redirectTo) return redirectWithToast(safeRedirect(redirectTo, "/"), toast);
  return data({ ok: status < 400, toast }, { status, headers: { "Set-Cookie": await toastCookie(toast) } });
}

export async function handlePersonAction(request: Request, actor: Actor, kind: PersonKind, personId: string) {
  const formData = await readForm(request);
  const rosterPath = personPath(actor.type, kind);
  if (formData.get("intent") === "update") {
    const saved =
      kind === "team_member"
        ? await saveDetails(formData, UpdateTeamMemberSchema, (value) =>
            updatePerson(actor, "team_member", personId, value),
          )
        : await saveDetails(formData, UpdateClientSchema, (value) => updatePerson(actor, "client", personId, value));
    if (saved) return saved;
    return redirectWithToast(safeRedirect(formData.get("redirectTo"), rosterPath), {
      type: "success",
      title: WORDS[kind].updated,
    });
  }

  const submission = parseWithZod(formData, { schema: PersonActionSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const input = submission.value;
  switch (input.intent) {
    case "assign":
    case "unassign": {
      const assigning = input.intent === "assign";
      try {
        if (kind === "team_member") {
          await (assigning ? assignTeamMember : unassignTeamMember)(actor, input.spaceId, personId);
        } else {
          await (assigning ? addClientToSpace : removeClientFromSpace)(actor, input.spaceId, personId);
        }
      } catch (error) {
        if (!(error instanceof NotFoundError || error instanceof ForbiddenError)) throw error;
        const title = assigning ? "Failed to assign to space" : "Failed to remove from space";
        return answer(input.redirectTo, { type: "error", title, description: error.message }, 400);
      }
      const title = assigning ? "Successfully assigned to space" : "Successfully removed from space";
      return answer(input.redirectTo, { type: "success", title });
    }
    case "remove": {
      await removePerson(actor, kind, personId);
      return redirectWithToast(rosterPath, { type: "success", title: WORDS[kind].removed });
    }
    case "temporary-password": {
      try {
        return { temporaryPassword: await issueTemporaryPassword(actor, kind, personId) };
      } catch (error) {
        if (!(error instanceof ForbiddenError)) throw error;
        return data({ error: error.message }, { status: 400 });
      }
    }
  }
}

/** Parses and saves Edit Details; answers the form's errors, or nothing once saved. */
async function saveDetails<Value>(formData: FormData, schema: z.ZodType<Value>, save: (value: Value) => Promise<void>) {
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    await save(submission.value);
    return null;
  } catch (error) {
    if (!(error instanceof ForbiddenError)) throw error;
    return data({ result: submission.reply({ formErrors: [error.message] }) }, { status: 400 });
  }
}
