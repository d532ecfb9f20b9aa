import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { getNotificationPreferences, saveNotificationPreferences } from "~/models/notification-preferences.server";
import { settingsPath } from "~/models/paths";
import { NotificationPreferencesSchema } from "~/models/settings.schemas";
import type { ShellArea } from "~/web/shell";
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
  const submission = parseWithZod(await readForm(request), { schema: NotificationPreferencesSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await saveNotificationPreferences(actor, submission.value);
  return redirectWithToast(`${settingsPath(actor.type)}/notifications`, {
    type: "success",
    title: "Success",
    description: "Notification preferences saved successfully.",
  });
}
