import { getFormProps, useForm } from "@conform-to/react";
import type { z } from "zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/auth/auth-card";
import { Alert, SubmitButton } from "~/components/ui";
import { NewPasswordFields } from "~/components/ui/password-input";
import { ResetPasswordSchema } from "~/shared/auth.schemas";
import { Refusal } from "~/models/errors.server";
import { isResetTokenValid, resetPassword } from "~/models/password-reset.server";
import { signOut } from "~/web/auth.server";
import { formAction } from "~/web/form-action.server";
import { requireAnonymous } from "~/web/guards.server";
import { pageMeta } from "~/shared";
import { readForm } from "~/web/request.server";
import { FORM_CONSTRAINTS } from "~/shared/form-constraints";

export const meta: MetaFunction = () =>
  pageMeta("Reset password", "Choose a new password for your Agency Workspace account.");

const LINK_FAILED = "This reset link is invalid, already used or expired. Please request a new one.";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, valid: token ? await isResetTokenValid(token) : false };
}

export async function action({ request }: ActionFunctionArgs) {
  return formAction(await readForm(request), {
    schema: ResetPasswordSchema,
    hideFields: ["password", "confirmPassword"],
    run: async ({ token, password }) => {
      if (!(await resetPassword(token, password))) throw new Refusal(LINK_FAILED);
      // Every session of the account has ended, including one this browser may still hold a cookie for.
      return signOut(request, {
        toast: {
          type: "success",
          title: "Password updated",
          description: "Your password has been successfully updated. You can now log in with your new password.",
        },
      });
    },
  });
}

export default function ResetPassword() {
  const { token, valid } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const [form, fields] = useForm<z.input<typeof ResetPasswordSchema>>({
    id: "reset-password",
    lastResult,
    constraint: FORM_CONSTRAINTS.ResetPasswordSchema,
  });

  return (
    <AuthCard
      title="Choose a new password"
      description="Setting a new password signs you out of every other device."
      footer={
        <Link to="/login" className="font-medium text-indigo-600 hover:text-indigo-500">
          Back to log in
        </Link>
      }
    >
      {!valid || form.errors?.length ? (
        <Alert variant="destructive" title="Password reset failed" className="mb-5">
          {form.errors?.join(" ") || LINK_FAILED}{" "}
          <Link to="/forgot-password" className="font-medium underline">
            Request a new link
          </Link>
        </Alert>
      ) : null}
      {valid ? (
        <Form method="post" className="space-y-4" {...getFormProps(form)}>
          <input type="hidden" name="token" value={token} />
          <NewPasswordFields
            password={fields.password}
            confirmPassword={fields.confirmPassword}
            confirmLabel="Confirm new password"
          />
          <SubmitButton className="w-full" pendingText="Updating password...">
            Update password
          </SubmitButton>
        </Form>
      ) : null}
    </AuthCard>
  );
}
