import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import type { z } from "zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { AgencyNameField, AgencyWebsiteField, OwnerNameFields, TermsField } from "~/components/auth/account-fields";
import { AuthCard } from "~/components/auth/auth-card";
import { Alert, SubmitButton, Field, useHydrated } from "~/components/ui";
import { NewPasswordFields } from "~/components/ui/password-input";
import { PhoneField } from "~/components/ui/phone-field";
import { registerAgency } from "~/models/accounts.server";
import { RegisterSchema } from "~/shared/auth.schemas";
import { signIn } from "~/web/auth.server";
import { formAction } from "~/web/form-action.server";
import { requireAnonymous } from "~/web/guards.server";
import { readForm } from "~/web/request.server";
import { appOrigin } from "~/models/site.server";
import { pageMeta } from "~/shared";
import { FORM_CONSTRAINTS } from "~/shared/form-constraints";

export const meta: MetaFunction = () =>
  pageMeta(
    "Create Your Agency Account",
    "Sign up your agency: open a private space for each client and talk with them in one place.",
  );

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  // SPEC §2.1: a link that names who invites and their agency turns the page into an invitation.
  const params = new URL(request.url).searchParams;
  const ownerName = params.get("ownerName")?.trim().slice(0, 80);
  const agencyName = params.get("agencyName")?.trim().slice(0, 120);
  return { invitedBy: ownerName && agencyName ? { ownerName, agencyName } : null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(request);
  return formAction(await readForm(request), {
    schema: RegisterSchema,
    hideFields: ["password", "confirmPassword"],
    failure: "Something went wrong. Please try again.",
    run: async (value) => {
      const user = await registerAgency(value, { origin: appOrigin(), clientIp: context.clientIp });
      // Signed in but unverified: the guards keep them on the verification page until the link is followed.
      return signIn(request, user.id, {
        redirectTo: `/email-verification?${new URLSearchParams({ email: user.email })}`,
        toast: {
          type: "success",
          title: "Account Created",
          description: "Please check your email to verify your account.",
        },
      });
    },
  });
}

export default function Register() {
  const { invitedBy } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const hydrated = useHydrated();
  const [form, fields] = useForm<z.input<typeof RegisterSchema>>({
    id: "register",
    lastResult,
    constraint: FORM_CONSTRAINTS.RegisterSchema,
  });
  const [termsAccepted, setTermsAccepted] = useState(fields.terms.initialValue === "on");

  return (
    <AuthCard
      wide
      title={invitedBy ? "You Have Been Invited" : "Create Your Agency Account"}
      description={
        invitedBy
          ? `${invitedBy.ownerName} of ${invitedBy.agencyName} invited you to create your agency account. You'll verify your email next.`
          : "Set up your agency's workspace. You'll verify your email next."
      }
      footer={
        <>
          Already have an account?{" "}
          <Link to="/login" className="font-medium text-indigo-600 hover:text-indigo-500">
            Log in
          </Link>
        </>
      }
    >
      {form.errors?.length ? (
        <Alert variant="destructive" title="Registration Failed" className="mb-5" id={form.errorId}>
          {form.errors.join(" ")}
          {form.errors.some((message) => message.includes("already exists")) ? (
            <Link to="/login" className="ml-1 font-medium underline">
              Log in
            </Link>
          ) : null}
        </Alert>
      ) : null}
      <Form method="post" className="grid gap-4 sm:grid-cols-2" {...getFormProps(form)}>
        <OwnerNameFields firstName={fields.firstName} lastName={fields.lastName} />
        <AgencyNameField field={fields.agencyName} />
        <Field
          labelProps={{ children: "Email" }}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
          errors={fields.email.errors}
        />
        <PhoneField field={fields.mobileNumber} hint="Recommended for notifications." />
        <AgencyWebsiteField field={fields.agencyUrl} />
        <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} label="Password" />
        <TermsField className="sm:col-span-2" field={fields.terms} onAcceptedChange={setTermsAccepted} />
        {/* Disabled until the terms are ticked, once JavaScript can enable it again; without it the server checks. */}
        <SubmitButton className="sm:col-span-2" disabled={hydrated && !termsAccepted} pendingText="Creating account...">
          Create Account
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
