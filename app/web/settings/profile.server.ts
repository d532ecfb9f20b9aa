import type { Actor } from "~/models/actors.server";
import type { ProfileSettings } from "~/shared/settings";
import {
  changeAgencyLogo,
  changeAvatar,
  getProfile,
  profileKindOf,
  setShowPresence,
  setTheme,
  setTimeZone,
  updateProfile,
  type ProfileInput,
} from "~/models/profiles.server";
import { settingsPath } from "~/shared/paths";
import {
  AgencyProfileSchema,
  ClientProfileSchema,
  PresenceSettingSchema,
  TeamMemberProfileSchema,
  ThemeSchema,
  TimeZoneSchema,
} from "~/shared/settings.schemas";
import { THEME_CHOSEN } from "~/shared/theme";
import { timeZoneNames } from "~/shared/time-format";
import { IMAGE_MAX_BYTES } from "~/models/uploads.server";
import { ButtonOnlySchema, formAction, formReply, runForm } from "../form-action.server";
import { requireActor } from "../guards.server";
import { redirectWithToast, type ToastInput } from "../toast.server";
import type { ShellArea } from "~/shared/shell";
import { clockFor } from "~/web/clock.server";
import { readForm, readUploadForm } from "~/web/request.server";

/* The Profile tab of /settings, /teams/settings and /client/settings: one loader and one action for the three. */

export async function profileLoader(request: Request, area: ShellArea): Promise<ProfileSettings> {
  const actor = await requireActor(request, area);
  const { timeZone: inUse, source, browserTimeZone } = clockFor(request, actor);
  return {
    profile: await getProfile(actor),
    // The server's list, so the page's options are the same before and after hydration.
    timeZone: { chosen: actor.timeZone, inUse, source, browserTimeZone, names: timeZoneNames() },
    showPresence: actor.showPresence,
    theme: actor.theme,
  };
}

const PROFILE_SCHEMAS = {
  agency: AgencyProfileSchema,
  team: TeamMemberProfileSchema,
  client: ClientProfileSchema,
} as const;

export function profileSchemaFor(kind: keyof typeof PROFILE_SCHEMAS) {
  return PROFILE_SCHEMAS[kind];
}

const UPDATE_FAILED: ToastInput = {
  type: "error",
  title: "Update failed",
  description: "There was a problem updating your profile.",
};

export async function profileAction(request: Request, area: ShellArea) {
  const actor = await requireActor(request, area);
  const here = settingsPath(actor.type);
  const isUpload = request.headers.get("Content-Type")?.startsWith("multipart/form-data");
  // A broken upload reads as an empty form, which the model refuses with its message.
  if (isUpload) {
    return uploadImage(actor, await readUploadForm(request, IMAGE_MAX_BYTES), here);
  }

  const formData = await readForm(request);
  if (formData.get("intent") === "time-zone") return timeZoneAction(request, actor, formData, here);
  if (formData.get("intent") === "presence") return presenceAction(actor, formData, here);
  if (formData.get("intent") === "theme") return themeAction(actor, formData, here);
  const kind = profileKindOf(actor);
  if (!kind) return redirectWithToast(here, UPDATE_FAILED);
  const outcome = await runForm(formData, {
    schema: profileSchemaFor(kind),
    failure: "Failed to update your profile. Please try again.",
    run: async (value) => {
      // The schema was chosen by the same kind, which TypeScript cannot follow through the lookup.
      await updateProfile(actor, { ...value, kind } as ProfileInput);
      return redirectWithToast(here, {
        type: "success",
        title: "Profile updated",
        description: "Your profile has been updated successfully.",
      });
    },
  });
  if (outcome.done) return outcome.answer;
  // A refusal (the record is gone) is SPEC §8's toast; an unexpected failure keeps the form, what was typed and SPEC's words.
  if (outcome.refusal && outcome.status < 500) return redirectWithToast(here, UPDATE_FAILED);
  return formReply(formData, outcome);
}

/** Every user has a Time zone, administrators too: it is the account's, not the profile record's. */
function timeZoneAction(request: Request, actor: Actor, formData: FormData, here: string) {
  return formAction(formData, {
    schema: TimeZoneSchema,
    failure: "Failed to update your time zone. Please try again.",
    run: async ({ timeZone }) => {
      await setTimeZone(actor, timeZone);
      // Automatic is the browser's zone if it has told us, else UTC: say which.
      const inUse = clockFor(request, { timeZone }).timeZone;
      return redirectWithToast(here, {
        type: "success",
        title: "Time zone updated",
        description: `Times are now shown in ${inUse}.`,
      });
    },
  });
}

/** Like the time zone, the account's: every user has it. */
function themeAction(actor: Actor, formData: FormData, here: string) {
  return formAction(formData, {
    schema: ThemeSchema,
    failure: "Failed to update your appearance. Please try again.",
    run: async ({ theme }) => {
      await setTheme(actor, theme);
      return redirectWithToast(here, {
        type: "success",
        title: "Appearance updated",
        description: THEME_CHOSEN[theme],
      });
    },
  });
}

/** Like the time zone, the account's: every user has it. */
function presenceAction(actor: Actor, formData: FormData, here: string) {
  return formAction(formData, {
    schema: PresenceSettingSchema,
    failure: "Failed to update your activity status. Please try again.",
    run: async ({ showPresence }) => {
      await setShowPresence(actor, showPresence);
      return redirectWithToast(here, {
        type: "success",
        title: "Activity status updated",
        description: showPresence
          ? "People you work with now see when you are active."
          : "Nobody sees when you are active any more.",
      });
    },
  });
}

/** SPEC §4 and §8: upload, then the record, then the toast; a refused file says why and changes nothing. */
function uploadImage(actor: Actor, form: FormData, here: string) {
  const isLogo = form.get("intent") === "logo";
  return formAction(form, {
    schema: ButtonOnlySchema,
    failure: isLogo ? "Could not upload logo. Please try again." : "Could not upload avatar. Please try again.",
    // The upload is a picture with a button: its refusal is a toast, titled by the model or as SPEC's failure.
    refused: (refusal) =>
      redirectWithToast(here, { type: "error", title: refusal.title ?? "Upload failed", description: refusal.message }),
    run: async () => {
      if (isLogo) await changeAgencyLogo(actor, form.get("logo"));
      else await changeAvatar(actor, form.get("avatar"));
      return redirectWithToast(here, {
        type: "success",
        title: "Success",
        description: isLogo ? "Logo uploaded successfully." : "Profile avatar uploaded successfully.",
      });
    },
  });
}
