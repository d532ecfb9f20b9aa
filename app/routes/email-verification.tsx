import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";

import { AuthCard } from "~/components/auth/auth-card";
import { Alert, SubmitButton, Field } from "~/components/ui";
import { resendVerification } from "~/models/accounts.server";
import { ResendSchema } from "~/shared/auth.schemas";
import { isTokenOfVerifiedUser, verifyEmailWithToken } from "~/models/email-verification.server";
import type { Actor } from "~/models/actors.server";
import { homePath } from "~/models/policy.server";
import { Refusal } from "~/models/errors.server";
import { signIn } from "~/web/auth.server";
import { runForm } from "~/web/form-action.server";
import { getActor } from "~/web/guards.server";
import { redirectWithToast } from "~/web/toast.server";
import { readForm } from "~/web/request.server";
import { appOrigin } from "~/models/site.server";
import { pageMeta } from "~/shared";
import { FORM_CONSTRAINTS } from "~/shared/form-constraints";

export const meta: MetaFunction = () =>
  pageMeta("Verify your email", "Confirm your email address to finish setting up your account.");

const VERIFIED_ELSEWHERE_TOAST = {
  type: "message",
  title: "Email verified",
  description: "That link confirmed another account. You are still signed in to this one.",
} as const;
const VERIFIED_TOAST = {
  type: "success",
  title: "Email verified",
  description: "Your email address is confirmed.",
} as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  const actor = await getActor(request);
  const linkProblem = token ? await followVerificationLink(request, token, actor) : null;
  if (actor?.emailVerified) throw redirect(homePath(actor.type));
  return { email: url.searchParams.get("email") ?? actor?.email ?? "", linkProblem };
}

/** Verifies by the mailed link and throws the redirect that follows, or says what is wrong with the link. */
async function followVerificationLink(request: Request, token: string, actor: Actor | null): Promise<string> {
  let user;
  try {
    user = await verifyEmailWithToken(token);
  } catch (error) {
    if (error instanceof Refusal) return error.message;
    throw error;
  }
  // A link must not swap the account this browser is signed in to (login CSRF).
  if (user && (!actor || actor.id === user.id)) {
    throw await signIn(request, user.id, { redirectTo: homePath(user.user_type), toast: VERIFIED_TOAST });
  }
  if (user && actor) throw await redirectWithToast(homePath(actor.type), VERIFIED_ELSEWHERE_TOAST);
  if (!actor && (await isTokenOfVerifiedUser(token))) {
    throw await redirectWithToast("/login", {
      type: "message",
      title: "Email already verified",
      description: "Your email is confirmed. Please log in.",
    });
  }
  return "This verification link is invalid, already used or expired. Request a new one below.";
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  if (formData.get("intent") === "continue") return checkVerifiedElsewhere(request);
  const outcome = await runForm(formData, {
    schema: ResendSchema,
    failure: "Failed to resend confirmation email",
    run: async ({ email }) => {
      await resendVerification(email, { origin: appOrigin(), clientIp: context.clientIp });
      return redirectWithToast(`/email-verification?${new URLSearchParams({ email })}`, {
        type: "success",
        // SPEC §8 has both: the login page's resend confirms, this page's own re-sends the verification.
        title: formData.get("from") === "login" ? "Confirmation email sent" : "Verification email sent",
        description: `If ${email} still needs verifying, a new link is on its way.`,
      });
    },
  });
  if (outcome.done) return outcome.answer;
  return data({ result: outcome.result, notice: resendNotice(outcome) }, { status: outcome.status });
}

/** SPEC §2.3's words for a resend that did not go out, shown above the form. */
function resendNotice({ refusal, result }: { refusal: Refusal | null; result: SubmissionResult<string[]> }) {
  if (!refusal) {
    const title = result.initialValue?.email ? "Invalid email" : "Email required";
    return { title, message: result.error?.email?.[0] };
  }
  return { title: refusal.status === 500 ? "Error" : "Failed to resend email", message: refusal.message };
}

/** The manual button: the link may have been opened on another device, so look again. */
async function checkVerifiedElsewhere(request: Request) {
  const actor = await getActor(request);
  if (!actor) {
    return data(
      { notice: { title: "Not logged in", message: "You need to be logged in to manually verify your email." } },
      { status: 401 },
    );
  }
  if (actor.emailVerified) return redirectWithToast(homePath(actor.type), VERIFIED_TOAST);
  return data(
    {
      notice: {
        title: "Verification failed",
        message: "Your email is not verified yet. Open the link in the email we sent you, then try again.",
      },
    },
    { status: 400 },
  );
}

export default function EmailVerification() {
  const { email, linkProblem } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm<z.input<typeof ResendSchema>>({
    id: "resend-verification",
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    defaultValue: { email },
    constraint: FORM_CONSTRAINTS.ResendSchema,
  });
  const notice = actionData?.notice;

  return (
    <AuthCard
      title="Check your email"
      description={
        email ? (
          <>
            We sent a verification link to <strong className="text-slate-900">{email}</strong>.
          </>
        ) : (
          "We sent you a verification link."
        )
      }
      footer={
        <>
          Already verified?{" "}
          <Link to="/login" className="font-medium text-indigo-600 hover:text-indigo-500">
            Log in now
          </Link>
        </>
      }
    >
      {linkProblem ? (
        <Alert variant="destructive" title="Verification failed" className="mb-5">
          {linkProblem}
        </Alert>
      ) : null}
      {notice?.message ? (
        <Alert variant="destructive" title={notice.title} className="mb-5">
          {notice.message}
        </Alert>
      ) : null}
      <ol className="mb-6 list-decimal space-y-1 pl-5 text-sm text-slate-600">
        <li>Open the email from Agency Workspace.</li>
        <li>Click Verify email. The link works once and expires in 24 hours.</li>
        <li>You&apos;ll land on your dashboard, signed in.</li>
      </ol>
      <Form method="post" className="space-y-3" {...getFormProps(form)}>
        <Field
          labelProps={{ children: "Email" }}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
          errors={fields.email.errors}
        />
        <SubmitButton name="intent" value="resend" variant="outline" className="w-full" pendingText="Sending...">
          Resend verification email
        </SubmitButton>
      </Form>
      <Form method="post" className="mt-3">
        <SubmitButton name="intent" value="continue" className="w-full" pendingText="Checking...">
          I&apos;ve verified my email
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
