import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { LoginCard } from "~/components/auth/login-card";
import { requireAnonymous } from "~/web/guards.server";
import { handlePasswordSignIn } from "~/web/password-sign-in.server";
import { pageMeta } from "~/shared";

export const meta: MetaFunction = () =>
  pageMeta("Log in", "Log in to your Agency Workspace to talk with your clients and your team.");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return null;
}

export const action = ({ request, context }: ActionFunctionArgs) => handlePasswordSignIn(request, context.clientIp);

export default function Login() {
  return (
    <LoginCard
      title="Welcome back"
      description="Log in to your workspace to talk with your clients and team."
      actionData={useActionData<typeof action>()}
      footer={
        <>
          Don&apos;t have an account?{" "}
          <Link to="/register" className="font-medium text-indigo-600 hover:text-indigo-500">
            Create one
          </Link>
        </>
      }
    />
  );
}
