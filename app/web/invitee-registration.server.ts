import { data } from "@remix-run/node";
import { ClientRegisterSchema, TeamRegisterSchema } from "~/shared/invitation.schemas";
import { openInvitation } from "~/models/invitation-links.server";
import type { InvitationKind } from "~/shared/invitations";
import { registerInvitee } from "~/models/registration.server";
import { signIn } from "./auth.server";
import { formAction } from "./form-action.server";
import { requireAnonymous } from "./guards.server";
import { readForm } from "./request.server";
import { appOrigin } from "~/models/site.server";

/*
 * /team-register and /client-register (SPEC §2.1): the same steps for both kinds of
 * link, so the two routes stay one line each.
 */

/** SPEC §2.1: the link's parameter is invitation_id, or invite (both spellings occur). */
function linkSecret(request: Request): string | null {
  const params = new URL(request.url).searchParams;
  return params.get("invitation_id") ?? params.get("invite");
}

export async function loadInvitationForRegistration(request: Request, kind: InvitationKind) {
  await requireAnonymous(request);
  const { invitation, problem } = await openInvitation(linkSecret(request), kind);
  if (!invitation) return data({ invitation: null, problem }, { status: 404 });
  const { id: _id, agencyId: _agencyId, ...shown } = invitation;
  return data({ invitation: shown, problem: null });
}

export async function registerFromInvitation(request: Request, clientIp: string, kind: InvitationKind) {
  await requireAnonymous(request);
  const schema = kind === "team" ? TeamRegisterSchema : ClientRegisterSchema;
  return formAction(await readForm(request), {
    schema,
    hideFields: ["password", "confirmPassword"],
    failure: "Something went wrong. Please try again.",
    run: async (value) => {
      const user = await registerInvitee(kind, value, { origin: appOrigin(), clientIp });
      // Signed in but unverified: the guards keep them on the verification page until the link is followed.
      return signIn(request, user.id, {
        redirectTo: `/email-verification?${new URLSearchParams({ email: user.email })}`,
        toast:
          kind === "team"
            ? {
                type: "success",
                title: "Account created",
                description: "Your account has been created. Please check your email to verify your address.",
              }
            : {
                type: "success",
                title: "Account Created",
                description: "Please check your email to verify your account.",
              },
      });
    },
  });
}
