import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { AccountError } from "~/models/accounts.server";
import { LoginSchema } from "~/models/auth.schemas";
import { homePath } from "~/models/policy.server";
import { RateLimitError } from "~/models/rate-limits.server";
import { safeRedirect } from "./redirect.server";
import { verifyPasswordSignIn } from "./auth.server";
import { requireAnonymous } from "./guards.server";
import { startSignIn } from "./sign-in.server";
import { readForm } from "./request.server";

/** The email-and-password sign-in of /login and /team-login (SPEC §2.1, §2.5): one path, worded per page. */
export async function handlePasswordSignIn(request: Request, clientIp: string) {
  await requireAnonymous(request);
  const submission = parseWithZod(await readForm(request.clone()), { schema: LoginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }), unverifiedEmail: null }, { status: 400 });
  }
  try {
    const user = await verifyPasswordSignIn(request, clientIp);
    return startSignIn(request, user.id, {
      redirectTo: safeRedirect(submission.value.redirectTo, homePath(user.user_type)),
      toast: { type: "success", title: "Welcome back!", description: "You are now logged in." },
    });
  } catch (error) {
    if (!(error instanceof AccountError || error instanceof RateLimitError)) throw error;
    const unverified = error instanceof AccountError && error.code === "email-unverified";
    return data(
      {
        result: submission.reply({ formErrors: [error.message], hideFields: ["password"] }),
        unverifiedEmail: unverified ? submission.value.email : null,
      },
      { status: error instanceof RateLimitError ? 429 : 400 },
    );
  }
}
