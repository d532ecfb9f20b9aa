import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import { format, formatDistanceStrict } from "date-fns";
import type { Actor } from "~/models/actors.server";
import { ForbiddenError, NotFoundError } from "~/models/errors.server";
import { PasswordChangeError, changePassword } from "~/models/password-change.server";
import { settingsPath } from "~/models/paths";
import { RateLimitError } from "~/models/rate-limits.server";
import { endOtherSessions, endOwnSession, listSessions } from "~/models/sessions.server";
import {
  ChangePasswordSchema,
  SignOutSessionSchema,
  TwoFactorCodeSchema,
  TwoFactorRequirementSchema,
} from "~/models/settings.schemas";
import {
  TwoFactorError,
  beginTwoFactorSetup,
  cancelTwoFactorSetup,
  confirmTwoFactorSetup,
  disableTwoFactor,
  setTwoFactorRequirement,
  twoFactorStatus,
} from "~/models/two-factor.server";
import { describeDevice } from "~/web/user-agent.server";
import type { ShellArea } from "~/web/shell";
import { getSessionId } from "../auth.server";
import { requireActor } from "../guards.server";
import { redirectWithToast } from "../toast.server";
import { readForm } from "~/web/request.server";

/* The Security tab: password, sessions, two-factor sign-in, and (for an agency) requiring it. */

export async function securityLoader(request: Request, area: ShellArea) {
  const actor = await requireActor(request, area);
  const now = new Date();
  const [sessions, twoFactor] = await Promise.all([
    listSessions(actor.id, (await getSessionId(request)) ?? ""),
    twoFactorStatus(actor),
  ]);
  return {
    sessions: sessions.map((session) => ({
      handle: session.handle,
      current: session.current,
      device: describeDevice(session.userAgent),
      lastSeen: session.current
        ? "Active now"
        : `Last seen ${formatDistanceStrict(session.lastSeenAt, now, { addSuffix: true })}`,
      signedIn: `Signed in ${format(session.createdAt, "MMM d, yyyy")}`,
    })),
    twoFactor,
  };
}

export type SecurityIntent =
  | "change-password"
  | "sign-out-others"
  | "sign-out-session"
  | "start-two-factor"
  | "cancel-two-factor"
  | "confirm-two-factor"
  | "disable-two-factor"
  | "require-two-factor";

export async function securityAction(request: Request, area: ShellArea, clientIp: string) {
  const actor = await requireActor(request, area);
  const here = `${settingsPath(actor.type)}/security`;
  const formData = await readForm(request);
  const intent = formData.get("intent") as SecurityIntent;
  try {
    switch (intent) {
      case "change-password":
        return await changePasswordIntent(request, actor, formData, here);
      case "sign-out-others": {
        const ended = await endOtherSessions(actor.id, (await getSessionId(request)) ?? "");
        return redirectWithToast(here, {
          type: "success",
          title: "Signed out",
          description: `You were signed out of ${ended} other session${ended === 1 ? "" : "s"}.`,
        });
      }
      case "sign-out-session": {
        const submission = parseWithZod(formData, { schema: SignOutSessionSchema });
        if (submission.status === "success") await endOwnSession(actor.id, submission.value.session);
        return redirectWithToast(here, {
          type: "success",
          title: "Signed out",
          description: "That session has ended.",
        });
      }
      case "start-two-factor":
        await beginTwoFactorSetup(actor);
        return redirect(here);
      case "cancel-two-factor":
        await cancelTwoFactorSetup(actor);
        return redirect(here);
      case "confirm-two-factor":
      case "disable-two-factor":
        return await twoFactorCodeIntent(actor, intent, formData, here, clientIp);
      case "require-two-factor": {
        const submission = parseWithZod(formData, { schema: TwoFactorRequirementSchema });
        if (submission.status !== "success") {
          return data({ intent, result: submission.reply(), recoveryCodes: null }, { status: 400 });
        }
        await setTwoFactorRequirement(actor, submission.value.required);
        return redirectWithToast(here, {
          type: "success",
          title: "Security settings saved",
          description: submission.value.required
            ? "Your team members and clients now need two-factor sign-in."
            : "Two-factor sign-in is now optional for your team members and clients.",
        });
      }
      default:
        throw new Response("Unknown action", { status: 400 });
    }
  } catch (error) {
    if (error instanceof NotFoundError) throw new Response(error.message, { status: 404 });
    if (error instanceof ForbiddenError || error instanceof TwoFactorError) {
      return redirectWithToast(here, { type: "error", title: "Two-factor sign-in", description: error.message });
    }
    throw error;
  }
}

async function changePasswordIntent(request: Request, actor: Actor, formData: FormData, here: string) {
  const intent = "change-password" as const;
  const hideFields = ["currentPassword", "password", "confirmPassword"];
  const submission = parseWithZod(formData, { schema: ChangePasswordSchema });
  if (submission.status !== "success") {
    return data({ intent, result: submission.reply({ hideFields }), recoveryCodes: null }, { status: 400 });
  }
  try {
    await changePassword(actor, (await getSessionId(request)) ?? "", submission.value);
  } catch (error) {
    if (error instanceof PasswordChangeError) {
      const result = submission.reply({ fieldErrors: { currentPassword: [error.message] }, hideFields });
      return data({ intent, result, recoveryCodes: null }, { status: 400 });
    }
    if (error instanceof RateLimitError) {
      const result = submission.reply({ formErrors: [error.message], hideFields });
      return data({ intent, result, recoveryCodes: null }, { status: 429 });
    }
    throw error;
  }
  return redirectWithToast(here, {
    type: "success",
    title: "Password updated",
    description: "Your password has been updated. You were signed out of your other sessions.",
  });
}

async function twoFactorCodeIntent(
  actor: Actor,
  intent: "confirm-two-factor" | "disable-two-factor",
  formData: FormData,
  here: string,
  clientIp: string,
) {
  const submission = parseWithZod(formData, { schema: TwoFactorCodeSchema });
  if (submission.status !== "success") {
    return data({ intent, result: submission.reply(), recoveryCodes: null }, { status: 400 });
  }
  try {
    if (intent === "disable-two-factor") {
      await disableTwoFactor(actor, submission.value.code, clientIp);
      return redirectWithToast(here, {
        type: "success",
        title: "Two-factor sign-in is off",
        description: "You now log in with your password only.",
      });
    }
    // Shown once, in this answer: they are stored only hashed.
    const recoveryCodes = await confirmTwoFactorSetup(actor, submission.value.code);
    return data({ intent, result: submission.reply({ resetForm: true }), recoveryCodes });
  } catch (error) {
    if (error instanceof TwoFactorError || error instanceof RateLimitError) {
      const result = submission.reply({ fieldErrors: { code: [error.message] }, hideFields: ["code"] });
      return data({ intent, result, recoveryCodes: null }, { status: 400 });
    }
    throw error;
  }
}
