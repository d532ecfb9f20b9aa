import { readForm } from "~/web/request.server";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useSearchParams } from "@remix-run/react";
import { AuthCard } from "~/components/auth/auth-card";
import { ResendVerificationButton } from "~/components/auth/resend-verification-button";
import { Alert } from "~/components/ui/alert";
import { SubmitButton } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { PasswordField } from "~/components/ui/password-input";
import { AccountError } from "~/models/accounts.server";
import { LoginSchema } from "~/models/auth.schemas";
import { homePath } from "~/models/policy.server";
import { RateLimitError } from "~/models/rate-limits.server";
import { verifyPasswordSignIn } from "~/web/auth.server";
import { startSignIn } from "~/web/sign-in.server";
import { requireAnonymous } from "~/web/guards.server";
import { safeRedirect } from "~/utils/redirect";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = () =>
  pageMeta("Log in", "Log in to your Agency Workspace to talk with your clients and your team.");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(request);
  const submission = parseWithZod(await readForm(request.clone()), { schema: LoginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }), unverifiedEmail: null }, { status: 400 });
  }
  try {
    const user = await verifyPasswordSignIn(request, context.clientIp);
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

export default function Login() {
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const [form, fields] = useForm({
    id: "login",
    lastResult: actionData?.result,
    constraint: getZodConstraint(LoginSchema),
    shouldRevalidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
  });

  return (
    <AuthCard
      title="Welcome back"
      description="Log in to your workspace to talk with your clients and team."
      footer={
        <>
          Don&apos;t have an account?{" "}
          <Link to="/register" className="font-medium text-indigo-600 hover:text-indigo-500">
            Create one
          </Link>
        </>
      }
    >
      {form.errors?.length ? (
        <Alert variant="destructive" title="Login failed" className="mb-5" id={form.errorId}>
          {form.errors.join(" ")}
          {actionData?.unverifiedEmail ? (
            <ResendVerificationButton email={actionData.unverifiedEmail} className="mt-3" />
          ) : null}
        </Alert>
      ) : null}
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
        <Field
          labelProps={{ children: "Email" }}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email", autoFocus: true }}
          errors={fields.email.errors}
        />
        <PasswordField
          labelProps={{ children: "Password" }}
          labelAction={
            <Link to="/forgot-password" className="text-sm font-medium text-indigo-600 hover:text-indigo-500">
              Forgot password?
            </Link>
          }
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }}
          errors={fields.password.errors}
        />
        <SubmitButton className="w-full" pendingText="Logging in...">
          Log in
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
