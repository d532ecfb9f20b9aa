import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import type { z } from "zod";
import { Form, Link, useSearchParams } from "@remix-run/react";
import { AuthCard } from "~/components/auth/auth-card";
import { ResendVerificationButton } from "~/components/auth/resend-verification-button";
import { Alert, SubmitButton, Field } from "~/components/ui";
import { PasswordField } from "~/components/ui/password-input";
import type { LoginSchema } from "~/shared/auth.schemas";
import { type FormReply } from "~/shared";
import { FORM_CONSTRAINTS } from "~/shared/form-constraints";

/** The sign-in card of /login and /team-login: email, password (show/hide), Forgot password, Log in. */
export function LoginCard({
  title,
  description,
  footer,
  actionData,
}: {
  title: string;
  description: string;
  footer: React.ReactNode;
  actionData: FormReply | undefined;
}) {
  const [searchParams] = useSearchParams();
  const unverifiedEmail = actionData?.code === "email-unverified" ? actionData.result.initialValue?.email : null;
  const [form, fields] = useForm<z.input<typeof LoginSchema>>({
    id: "login",
    lastResult: actionData?.result,
    constraint: FORM_CONSTRAINTS.LoginSchema,
  });

  return (
    <AuthCard title={title} description={description} footer={footer}>
      {form.errors?.length ? (
        <Alert variant="destructive" title="Login failed" className="mb-5" id={form.errorId}>
          {form.errors.join(" ")}
          {typeof unverifiedEmail === "string" ? (
            <ResendVerificationButton email={unverifiedEmail} className="mt-3" />
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
