import { getNotificationPreferences, saveNotificationPreferences } from "~/models/notification-preferences.server";
import type { NotificationSettings } from "~/shared/settings";
import { settingsPath } from "~/shared/paths";
import { NotificationPreferencesSchema } from "~/shared/settings.schemas";
import type { ShellArea } from "~/shared/shell";
import { ButtonOnlySchema, formAction } from "../form-action.server";
import { replyDomain, resetReplyAddresses } from "~/models/reply-addresses.server";
import { requireActor } from "../guards.server";
import { redirectWithToast } from "../toast.server";
import { readForm } from "~/web/request.server";
import { pushSettings } from "~/models/push-subscriptions.server";
import { getSessionId } from "../auth.server";

/*
 * The Notifications tab: which mails the user wants (SPEC §3), stored and used by the
 * notices, push on this device (its card posts to /resources/push-subscription), and
 * resetting the reply addresses the notices carry (issue 37).
 */

export async function notificationsLoader(request: Request, area: ShellArea): Promise<NotificationSettings> {
  const actor = await requireActor(request, area);
  const [preferences, push] = await Promise.all([
    getNotificationPreferences(actor),
    pushSettings((await getSessionId(request)) ?? ""),
  ]);
  return { userType: actor.type, preferences, push, replyByEmail: replyDomain() !== null };
}

export async function notificationsAction(request: Request, area: ShellArea) {
  const actor = await requireActor(request, area);
  const formData = await readForm(request);
  if (formData.get("intent") === "reset-reply-addresses") {
    return formAction(formData, {
      schema: ButtonOnlySchema,
      failure: "Could not reset your reply addresses. Please try again.",
      refused: (refusal) =>
        redirectWithToast(`${settingsPath(actor.type)}/notifications`, {
          type: "error",
          title: "Error",
          description: refusal.message,
        }),
      run: async () => {
        await resetReplyAddresses(actor);
        return redirectWithToast(`${settingsPath(actor.type)}/notifications`, {
          type: "success",
          title: "Reply addresses reset",
          description: "Replies to the notices you got before are no longer posted. New notices have new addresses.",
        });
      },
    });
  }
  return formAction(formData, {
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
