import { getNotificationPreferences, saveNotificationPreferences } from "~/models/notification-preferences.server";
import { settingsPath } from "~/models/paths";
import { NotificationPreferencesSchema } from "~/models/settings.schemas";
import type { ShellArea } from "~/web/shell";
import { formAction } from "../form-action.server";
import { requireActor } from "../guards.server";
import { redirectWithToast } from "../toast.server";
import { readForm } from "~/web/request.server";

/* The Notifications tab: which mails the user wants (SPEC §3), stored and used by the notices. */

export async function notificationsLoader(request: Request, area: ShellArea) {
  const actor = await requireActor(request, area);
  return { userType: actor.type, preferences: await getNotificationPreferences(actor) };
}

export async function notificationsAction(request: Request, area: ShellArea) {
  const actor = await requireActor(request, area);
  return formAction(await readForm(request), {
    schema: NotificationPreferencesSchema,
    run: async (preferences) => {
      await saveNotificationPreferences(actor, preferences);
      return redirectWithToast(`${settingsPath(actor.type)}/notifications`, {
        type: "success",
        title: "Success",
        description: "Notification preferences saved successfully.",
      });
    },
  });
}
