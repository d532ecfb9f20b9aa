import { redirect } from "@remix-run/node";
import type { SecurityAnswer, SecuritySettings } from "~/shared/settings";
import { formatDistanceStrict } from "date-fns";
import type { Refusal } from "~/models/errors.server";
import { changePassword } from "~/models/password-change.server";
import { settingsPath } from "~/shared/paths";
import { formatDate } from "~/shared/time-format";
import { SESSION_CAP, endOtherSessions, endOwnSession, listSessions, recentCapSignOut } from "~/models/sessions.server";
import { clientExportsSetting, setClientOwnerExports } from "~/models/space-exports.server";
import {
  ChangePasswordSchema,
  ClientExportsSchema,
  SignOutSessionSchema,
  TwoFactorCodeSchema,
  TwoFactorRequirementSchema,
} from "~/shared/settings.schemas";
import {
  beginTwoFactorSetup,
  cancelTwoFactorSetup,
  confirmTwoFactorSetup,
  disableTwoFactor,
  setTwoFactorRequirement,
  twoFactorStatus,
} from "~/models/two-factor.server";
import { describeDevice } from "~/web/user-agent.server";
import { clockFor } from "~/web/clock.server";
import type { ShellArea } from "~/shared/shell";
import { getSessionId } from "../auth.server";
import { expectFound } from "../errors.server";
import { ButtonOnlySchema, formAction } from "../form-action.server";
import { requireActor } from "../guards.server";
import { redirectWithToast } from "../toast.server";
import { readForm } from "~/web/request.server";

/*
 * The Security tab: password, sessions, two-factor sign-in, and for an agency, requiring
 * it and letting client owners export their spaces.
 */

export async function securityLoader(request: Request, area: ShellArea): Promise<SecuritySettings> {
  const actor = await requireActor(request, area);
  const now = new Date();
  const clock = clockFor(request, actor);
  const [sessions, cappedAt, twoFactor, clientExports] = await Promise.all([
    listSessions(actor.id, (await getSessionId(request)) ?? ""),
    recentCapSignOut(actor.id),
    twoFactorStatus(actor),
    clientExportsSetting(actor),
  ]);
  return {
    sessions: sessions.map((session) => ({
      handle: session.handle,
      current: session.current,
      device: describeDevice(session.userAgent),
      lastSeen: session.current
        ? "Active now"
        : `Last seen ${formatDistanceStrict(session.lastSeenAt, now, { addSuffix: true })}`,
      signedIn: `Signed in ${formatDate(session.createdAt, clock)}${session.byEmailLink ? " by an email link" : ""}`,
    })),
    /** Why a session may be missing from the list: the cap signed it out. */
    sessionCapNotice: cappedAt
      ? `On ${formatDate(cappedAt, clock)}, you were signed in on more than ${SESSION_CAP} devices, so the one used longest ago was signed out.`
      : null,
    twoFactor,
    /** For an agency owner: whether its client owners may export their spaces; null for others. */
    clientExports,
  };
}

export async function securityAction(request: Request, area: ShellArea, clientIp: string) {
  const actor = await requireActor(request, area);
  const here = `${settingsPath(actor.type)}/security`;
  const formData = await readForm(request);
  const sessionId = (await getSessionId(request)) ?? "";
  // The two-factor buttons have no field to show a refusal beside: it comes back as a toast.
  const twoFactorRefused = (refusal: Refusal) =>
    redirectWithToast(here, { type: "error", title: "Two-factor sign-in", description: refusal.message });
  const intent = formData.get("intent");
  switch (intent) {
    case "change-password":
      return formAction(formData, {
        schema: ChangePasswordSchema,
        hideFields: ["currentPassword", "password", "confirmPassword"],
        run: async (value) => {
          await changePassword(actor, sessionId, value);
          return redirectWithToast(here, {
            type: "success",
            title: "Password updated",
            description: "Your password has been updated. You were signed out of your other sessions.",
          });
        },
      });
    case "sign-out-others": {
      const ended = await endOtherSessions(actor.id, sessionId);
      return redirectWithToast(here, {
        type: "success",
        title: "Signed out",
        description: `You were signed out of ${ended} other session${ended === 1 ? "" : "s"}.`,
      });
    }
    case "sign-out-session":
      return formAction(formData, {
        schema: SignOutSessionSchema,
        run: async ({ session }) => {
          await endOwnSession(actor.id, session);
          return redirectWithToast(here, {
            type: "success",
            title: "Signed out",
            description: "That session has ended.",
          });
        },
      });
    case "start-two-factor":
    case "cancel-two-factor": {
      const step = intent === "start-two-factor" ? beginTwoFactorSetup : cancelTwoFactorSetup;
      return formAction(formData, {
        schema: ButtonOnlySchema,
        refused: twoFactorRefused,
        run: async () => {
          await step(actor);
          return redirect(here);
        },
      });
    }
    case "confirm-two-factor":
      return formAction(formData, {
        schema: TwoFactorCodeSchema,
        hideFields: ["code"],
        run: async ({ code }, submission) => {
          // Shown once, in this answer: they are stored only hashed.
          const recoveryCodes = await confirmTwoFactorSetup(actor, code);
          return {
            intent: "confirm-two-factor",
            result: submission.reply({ resetForm: true }),
            code: null,
            recoveryCodes,
          } satisfies SecurityAnswer;
        },
      });
    case "disable-two-factor":
      return formAction(formData, {
        schema: TwoFactorCodeSchema,
        hideFields: ["code"],
        run: async ({ code }) => {
          await disableTwoFactor(actor, code, clientIp);
          return redirectWithToast(here, {
            type: "success",
            title: "Two-factor sign-in is off",
            description: "You now log in with your password only.",
          });
        },
      });
    case "require-two-factor":
      return formAction(formData, {
        schema: TwoFactorRequirementSchema,
        refused: twoFactorRefused,
        run: async ({ required }) => {
          await expectFound(setTwoFactorRequirement(actor, required));
          return redirectWithToast(here, {
            type: "success",
            title: "Security settings saved",
            description: required
              ? "Your team members and clients now need two-factor sign-in."
              : "Two-factor sign-in is now optional for your team members and clients.",
          });
        },
      });
    case "client-exports":
      return formAction(formData, {
        schema: ClientExportsSchema,
        run: async ({ allowed }) => {
          await expectFound(setClientOwnerExports(actor, allowed));
          return redirectWithToast(here, {
            type: "success",
            title: "Security settings saved",
            description: allowed
              ? "Client owners can now export the spaces they own."
              : "Only you can export spaces now.",
          });
        },
      });
    default:
      throw new Response("Unknown action", { status: 400 });
  }
}
