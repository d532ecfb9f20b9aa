import type { ActionFunctionArgs } from "@remix-run/node";
import { PushSubscriptionSchema, subscribeToPush, unsubscribeFromPush } from "~/models/push-subscriptions.server";
import { getSessionId } from "~/web/auth.server";
import { formAction } from "~/web/form-action.server";
import { requireActor } from "~/web/guards.server";
import { readForm } from "~/web/request.server";
import { answerWithToast } from "~/web/toast.server";

/*
 * The push card of Settings → Notifications (app/components/settings/push-card.tsx) posts
 * here, for any user type, what the browser's PushManager gave it: this session's
 * subscription, or that it ends.
 */
export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireActor(request);
  const sessionId = (await getSessionId(request)) ?? "";
  return formAction(await readForm(request), {
    schema: PushSubscriptionSchema,
    failure: "Could not change push notifications. Please try again.",
    run: async (input) => {
      if (input.intent === "unsubscribe") {
        await unsubscribeFromPush(actor, sessionId, input.endpoint);
        return answerWithToast(null, { type: "success", title: "Push notifications are off for this device." });
      }
      const { endpoint, p256dh, auth } = input;
      await subscribeToPush(actor, sessionId, { endpoint, p256dh, auth });
      return answerWithToast(null, { type: "success", title: "Push notifications are on for this device." });
    },
  });
}
