import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import type { z } from "zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { AuthCard } from "~/components/auth/auth-card";
import { Alert, SubmitButton, Field } from "~/components/ui";
import { TwoFactorCodeSchema } from "~/shared/settings.schemas";
import { Refusal } from "~/models/errors.server";
import { MESSAGES, verifySecondFactor } from "~/models/two-factor.server";
import { formAction } from "~/web/form-action.server";
import { requireAnonymous } from "~/web/guards.server";
import { finishSignIn, readPendingSignIn } from "~/web/sign-in.server";
import { pageMeta } from "~/shared";
import { readForm } from "~/web/request.server";
import { FORM_CONSTRAINTS } from "~/shared/form-constraints";

export const meta: MetaFunction = () =>
  pageMeta("Two-factor sign-in", "Enter the code from your authenticator app to finish logging in.");

async function requirePendingSignIn(request: Request) {
  await requireAnonymous(request);
  const pending = await readPendingSignIn(request);
  if (!pending) throw redirect("/login");
  return pending;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePendingSignIn(request);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const pending = await requirePendingSignIn(request);
  return formAction(await readForm(request), {
    schema: TwoFactorCodeSchema,
    hideFields: ["code"],
    run: async ({ code }) => {
      if (!(await verifySecondFactor(pending.userId, code, context.clientIp))) throw new Refusal(MESSAGES.wrongCode);
      return finishSignIn(request, pending, {
        type: "success",
        title: "Welcome back!",
        description: "You are now logged in.",
      });
    },
  });
}

export default function TwoFactorSignIn() {
  const lastResult = useActionData<typeof action>()?.result;
  const [form, fields] = useForm<z.input<typeof TwoFactorCodeSchema>>({
    id: "two-factor-sign-in",
    lastResult,
    constraint: FORM_CONSTRAINTS.TwoFactorCodeSchema,
  });

  return (
    <AuthCard
      title="Two-factor sign-in"
      description="Enter the 6-digit code your authenticator app shows for Agency Workspace."
      footer={
        <Link to="/login" className="font-medium text-indigo-600 hover:text-indigo-500">
          Back to log in
        </Link>
      }
    >
      {form.errors?.length ? (
        <Alert variant="destructive" title="Login failed" className="mb-5" id={form.errorId}>
          {form.errors.join(" ")}
        </Alert>
      ) : null}
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <Field
          labelProps={{ children: "Authentication code" }}
          inputProps={{
            ...getInputProps(fields.code, { type: "text" }),
            autoComplete: "one-time-code",
            autoFocus: true,
            spellCheck: false,
            autoCapitalize: "off",
          }}
          hint="Lost your phone? Enter one of your recovery codes instead."
          errors={fields.code.errors}
        />
        <SubmitButton className="w-full" pendingText="Verifying...">
          Verify
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
