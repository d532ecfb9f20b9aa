import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import type { z } from "zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { AuthCard } from "~/components/auth/auth-card";
import { Alert, SubmitButton, Field } from "~/components/ui";
import { ForgotPasswordSchema } from "~/shared/auth.schemas";
import { requestPasswordReset } from "~/models/password-reset.server";
import { formAction } from "~/web/form-action.server";
import { requireAnonymous } from "~/web/guards.server";
import { readForm } from "~/web/request.server";
import { appOrigin } from "~/models/site.server";
import { pageMeta } from "~/shared";
import { FORM_CONSTRAINTS } from "~/shared/form-constraints";

export const meta: MetaFunction = () =>
  pageMeta("Forgot password", "Get a link by email to choose a new password for your Agency Workspace account.");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  return formAction(await readForm(request), {
    schema: ForgotPasswordSchema,
    run: async ({ email }, submission) => {
      await requestPasswordReset(email, { origin: appOrigin(), clientIp: context.clientIp });
      // The same answer whether or not the account exists.
      return { result: submission.reply({ resetForm: true }), sentTo: email };
    },
  });
}

export default function ForgotPassword() {
  const actionData = useActionData<typeof action>();
  const sentTo = actionData && "sentTo" in actionData ? actionData.sentTo : null;
  const [form, fields] = useForm<z.input<typeof ForgotPasswordSchema>>({
    id: "forgot-password",
    lastResult: actionData?.result,
    constraint: FORM_CONSTRAINTS.ForgotPasswordSchema,
  });

  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter the email you log in with and we'll send you a link to choose a new password."
      footer={
        <Link to="/login" className="font-medium text-indigo-600 hover:text-indigo-500">
          Back to log in
        </Link>
      }
    >
      {sentTo ? (
        <Alert variant="success" title="Check your email" className="mb-5" role="status">
          If an account exists for {sentTo}, we have sent a link to reset its password. The link expires in 1 hour.
        </Alert>
      ) : null}
      {form.errors?.length ? (
        <Alert variant="destructive" title="Password reset failed" className="mb-5">
          {form.errors.join(" ")}
        </Alert>
      ) : null}
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <Field
          labelProps={{ children: "Email" }}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
          errors={fields.email.errors}
        />
        <SubmitButton className="w-full" pendingText="Sending link...">
          Send reset link
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
