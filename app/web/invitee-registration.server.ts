import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { AccountError } from "~/models/accounts.server";
import { ClientRegisterSchema, TeamRegisterSchema } from "~/models/invitation.schemas";
import { openInvitation, type InvitationKind } from "~/models/invitations.server";
import { RateLimitError } from "~/models/rate-limits.server";
import { RegistrationError, registerInvitee } from "~/models/registration.server";
import { signIn } from "./auth.server";
import { requireAnonymous } from "./guards.server";
import { appOrigin, readForm } from "./request.server";

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
  const submission = parseWithZod(await readForm(request), { schema });
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success") return data(submission.reply({ hideFields }), { status: 400 });
  try {
    const user = await registerInvitee(kind, submission.value, { origin: appOrigin(), clientIp });
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
  } catch (error) {
    if (!(error instanceof AccountError || error instanceof RateLimitError || error instanceof RegistrationError)) {
      throw error;
    }
    return data(submission.reply({ formErrors: [error.message], hideFields }), {
      status: error instanceof RateLimitError ? 429 : 400,
    });
  }
}
