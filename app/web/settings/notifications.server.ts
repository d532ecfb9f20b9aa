import { getNotificationPreferences, saveNotificationPreferences } from "~/models/notification-preferences.server";
import type { NotificationSettings } from "~/shared/settings";
import { settingsPath } from "~/shared/paths";
import { NotificationPreferencesSchema } from "~/shared/settings.schemas";
import type { ShellArea } from "~/shared/shell";
import { formAction } from "../form-action.server";
import { requireActor } from "../guards.server";
import { redirectWithToast } from "../toast.server";
import { readForm } from "~/web/request.server";
import { pushSettings } from "~/models/push-subscriptions.server";
import { getSessionId } from "../auth.server";

/*
 * The Notifications tab: which mails the user wants (SPEC §3), stored and used by the
 * notices, and push on this device (its card posts to /resources/push-subscription).
 */

export async function notificationsLoader(request: Request, area: ShellArea): Promise<NotificationSettings> {
  const actor = await requireActor(request, area);
  const [preferences, push] = await Promise.all([
    getNotificationPreferences(actor),
    pushSettings((await getSessionId(request)) ?? ""),
  ]);
  return { userType: actor.type, preferences, push };
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
