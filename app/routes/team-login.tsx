import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { LoginCard } from "~/components/auth/login-card";
import { requireAnonymous } from "~/web/guards.server";
import { handlePasswordSignIn } from "~/web/password-sign-in.server";
import { pageMeta } from "~/shared";

/* SPEC §2.5: the sign-in page of invited team members and clients; the same sign-in as /login. */

export const meta: MetaFunction = () =>
  pageMeta("Team and client login", "Log in to the workspace your agency invited you to.");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return null;
}

export const action = ({ request, context }: ActionFunctionArgs) => handlePasswordSignIn(request, context.clientIp);

export default function TeamLogin() {
  return (
    <LoginCard
      title="Log in to your workspace"
      description="For team members and clients invited by an agency: use the email your invitation was for."
      actionData={useActionData<typeof action>()}
      footer="Not registered yet? Open the invitation link your agency sent you."
    />
  );
}
