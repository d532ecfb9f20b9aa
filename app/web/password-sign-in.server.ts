import { LoginSchema } from "~/shared/auth.schemas";
import { homePath } from "~/models/policy.server";
import { safeRedirect } from "./redirect.server";
import { verifyPasswordSignIn } from "./auth.server";
import { formAction } from "./form-action.server";
import { requireAnonymous } from "./guards.server";
import { startSignIn } from "./sign-in.server";
import { readForm } from "./request.server";

/** The email-and-password sign-in of /login and /team-login (SPEC §2.1, §2.5): one path, worded per page. */
export async function handlePasswordSignIn(request: Request, clientIp: string) {
  await requireAnonymous(request);
  return formAction(await readForm(request.clone()), {
    schema: LoginSchema,
    hideFields: ["password"],
    failure: "Failed to sign in. Please try again.",
    run: async ({ redirectTo }) => {
      const user = await verifyPasswordSignIn(request, clientIp);
      return startSignIn(request, user.id, {
        redirectTo: safeRedirect(redirectTo, homePath(user.user_type)),
        toast: { type: "success", title: "Welcome back!", description: "You are now logged in." },
      });
    },
  });
}
