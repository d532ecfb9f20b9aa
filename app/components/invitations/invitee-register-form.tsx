import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import type { z } from "zod";
import { TermsField } from "~/components/auth/account-fields";
import { AuthCard } from "~/components/auth/auth-card";
import {
  LoadFailureBoundary,
  TryAgainLink,
  Alert,
  SubmitButton,
  buttonClassName,
  Field,
  useHydrated,
} from "~/components/ui";
import { NewPasswordFields } from "~/components/ui/password-input";
import { PhoneField } from "~/components/ui/phone-field";
import type { TeamRegisterSchema } from "~/shared/invitation.schemas";
import { FORM_CONSTRAINTS } from "~/shared/form-constraints";

/** What the registration pages know of the invitation (its database id stays on the server). */
export type ShownInvitation = {
  secret: string;
  email: string | null;
  agencyName: string;
  ownerName: string;
  name: string | null;
  mobileNumber: string | null;
  company: string | null;
};

const loginLink = (
  <>
    Already have an account?{" "}
    <Link to="/team-login" className="font-medium text-indigo-600 hover:text-indigo-500">
      Log in
    </Link>
  </>
);

/** SPEC §8: why a link cannot be used, with a way back. */
export function InvitationProblem({ problem }: { problem: { title: string; message: string } }) {
  return (
    <AuthCard title="Invalid invitation" footer={loginLink}>
      <Alert variant="destructive" title={problem.title}>
        {problem.message}
      </Alert>
      <p className="mt-4 text-sm text-slate-600">
        Ask the person who invited you for a new link. If you already have an account, log in instead.
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Link to="/team-login" className={buttonClassName({ className: "flex-1" })}>
          Go to login
        </Link>
        <Link to="/" className={buttonClassName({ variant: "outline", className: "flex-1" })}>
          Return to Home
        </Link>
      </div>
    </AuthCard>
  );
}

/**
 * The ErrorBoundary of the registration pages: SPEC §8's "FAILED TO LOAD INVITATION
 * DATA" with Retry Loading Invitation when the invitation could not be read (the
 * database failed); a refusal keeps its usual answer.
 */
export function InvitationLoadError() {
  return (
    <LoadFailureBoundary inPage={false}>
      <AuthCard title="FAILED TO LOAD INVITATION DATA" footer={loginLink}>
        <Alert variant="destructive">We could not read your invitation just now. Please try again.</Alert>
        <div className="mt-6">
          <TryAgainLink>Retry Loading Invitation</TryAgainLink>
        </div>
      </AuthCard>
    </LoadFailureBoundary>
  );
}

/**
 * Registration from an invitation (SPEC §2.1, §5): team members give name, email,
 * mobile number, password and the terms; clients name and password. What the
 * invitation knows is filled in, and its email cannot be changed.
 */
export function InviteeRegisterForm({
  kind,
  invitation,
  lastResult,
}: {
  kind: "team" | "client";
  invitation: ShownInvitation;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const hydrated = useHydrated();
  // The team form is the client form plus two fields, so one set of field types serves both.
  const [form, fields] = useForm<z.input<typeof TeamRegisterSchema>>({
    id: `${kind}-register`,
    lastResult,
    constraint: FORM_CONSTRAINTS[kind === "team" ? "TeamRegisterSchema" : "ClientRegisterSchema"],
    defaultValue: {
      invite: invitation.secret,
      email: invitation.email ?? "",
      name: invitation.name ?? "",
      mobileNumber: invitation.mobileNumber ?? "",
    },
  });
  const [termsAccepted, setTermsAccepted] = useState(false);

  return (
    <AuthCard
      title={kind === "team" ? "Join the team" : "Create your account"}
      description={`${invitation.ownerName} of ${invitation.agencyName} invited you${
        invitation.company ? ` as part of ${invitation.company}` : ""
      }. You'll verify your email next.`}
      footer={loginLink}
    >
      {form.errors?.length ? (
        <Alert variant="destructive" title="Registration Failed" className="mb-5" id={form.errorId}>
          {form.errors.join(" ")}
        </Alert>
      ) : null}
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <input {...getInputProps(fields.invite, { type: "hidden" })} />
        <Field
          labelProps={{ children: "Name" }}
          inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name" }}
          errors={fields.name.errors}
        />
        <Field
          labelProps={{ children: "Email" }}
          inputProps={{
            ...getInputProps(fields.email, { type: "email" }),
            autoComplete: "email",
            readOnly: Boolean(invitation.email),
          }}
          hint={invitation.email ? "The email your invitation was sent to." : undefined}
          errors={fields.email.errors}
        />
        {invitation.company ? (
          <Field labelProps={{ children: "Company" }} inputProps={{ value: invitation.company, readOnly: true }} />
        ) : null}
        {kind === "team" ? <PhoneField field={fields.mobileNumber} label="Mobile number (optional)" /> : null}
        <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} label="Password" />
        {kind === "team" ? <TermsField field={fields.agreeToTerms} onAcceptedChange={setTermsAccepted} /> : null}
        <SubmitButton
          className="w-full"
          disabled={kind === "team" && hydrated && !termsAccepted}
          pendingText="Creating account..."
        >
          Create Account
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
