import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import type { z } from "zod";
import { useFetcher, useLoaderData } from "@remix-run/react";
import {
  clsx,
  Alert,
  SubmitButton,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  CheckboxField,
  Field,
  FormError,
} from "~/components/ui";
import { NewPasswordFields, PasswordField } from "~/components/ui/password-input";
import type { ChangePasswordSchema, ClientExportsSchema, TwoFactorCodeSchema } from "~/shared/settings.schemas";
import { type TwoFactorStatus, type SecurityAnswer, type SecuritySettings } from "~/shared";
import { useFormResult } from "./use-form-result";
import { FORM_CONSTRAINTS } from "~/shared/form-constraints";

type Sessions = SecuritySettings["sessions"];

/** The Security tab: password, sessions and two-factor sign-in (SPEC §2.12, DESIGN.md), and the agency's own rules. */
export function SecurityPage() {
  const { sessions, sessionCapNotice, twoFactor, clientExports } = useLoaderData<SecuritySettings>();
  return (
    <div className="space-y-6">
      <TwoFactorCard status={twoFactor} />
      {twoFactor.agencyRequirement !== null ? (
        <AgencyRequirementCard required={twoFactor.agencyRequirement} ownEnabled={twoFactor.enabled} />
      ) : null}
      {clientExports !== null ? <ClientExportsCard allowed={clientExports} /> : null}
      <ChangePasswordCard />
      <SessionsCard sessions={sessions} capNotice={sessionCapNotice} />
    </div>
  );
}

function ChangePasswordCard() {
  const fetcher = useFetcher<SecurityAnswer>({ key: "change-password" });
  const [form, fields] = useForm<z.input<typeof ChangePasswordSchema>>({
    id: "change-password",
    lastResult: useFormResult(fetcher, "change-password")?.result,
    constraint: FORM_CONSTRAINTS.ChangePasswordSchema,
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Change password</CardTitle>
        <CardDescription>Changing your password signs you out of every other session.</CardDescription>
      </CardHeader>
      <fetcher.Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="change-password" />
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <FormError id={form.errorId} errors={form.errors} className="sm:col-span-2" />
          <PasswordField
            className="sm:col-span-2"
            labelProps={{ children: "Current password" }}
            inputProps={{
              ...getInputProps(fields.currentPassword, { type: "password" }),
              autoComplete: "current-password",
            }}
            errors={fields.currentPassword.errors}
          />
          <NewPasswordFields
            password={fields.password}
            confirmPassword={fields.confirmPassword}
            confirmLabel="Confirm new password"
          />
        </CardContent>
        <CardFooter className="justify-end">
          <SubmitButton pending={fetcher.state !== "idle"} pendingText="Updating...">
            Update Password
          </SubmitButton>
        </CardFooter>
      </fetcher.Form>
    </Card>
  );
}

function SessionsCard({ sessions, capNotice }: { sessions: Sessions; capNotice: string | null }) {
  const others = sessions.filter((session) => !session.current);
  const signOutOthers = useFetcher({ key: "sign-out-others" });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Active sessions</CardTitle>
        <CardDescription>The browsers and devices signed in to your account.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {sessions.map((session) => (
            <SessionRow key={session.handle} session={session} />
          ))}
        </ul>
        {others.length ? null : <p className="mt-3 text-sm text-slate-500">You are signed in on this device only.</p>}
        {capNotice ? <p className="mt-3 text-sm text-slate-500">{capNotice}</p> : null}
      </CardContent>
      {others.length ? (
        <CardFooter className="justify-end">
          <signOutOthers.Form method="post">
            <input type="hidden" name="intent" value="sign-out-others" />
            <SubmitButton variant="outline" pending={signOutOthers.state !== "idle"} pendingText="Signing out...">
              Sign out of the others
            </SubmitButton>
          </signOutOthers.Form>
        </CardFooter>
      ) : null}
    </Card>
  );
}

function SessionRow({ session }: { session: Sessions[number] }) {
  const fetcher = useFetcher({ key: `sign-out-${session.handle}` });
  // Gone from the list as soon as it is asked for; the reload confirms it.
  if (fetcher.state !== "idle") return null;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-900">
          {session.device}
          {session.current ? (
            <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700">
              This device
            </span>
          ) : null}
        </p>
        <p className="text-sm text-slate-500">
          {session.lastSeen} · {session.signedIn}
        </p>
      </div>
      {session.current ? null : (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="sign-out-session" />
          <input type="hidden" name="session" value={session.handle} />
          <SubmitButton size="sm" variant="ghost" aria-label={`Sign out ${session.device}, ${session.lastSeen}`}>
            Sign out
          </SubmitButton>
        </fetcher.Form>
      )}
    </li>
  );
}

function TwoFactorCard({ status }: { status: TwoFactorStatus }) {
  const confirm = useFetcher<SecurityAnswer>({ key: "confirm-two-factor" });
  const confirmed = useFormResult(confirm, "confirm-two-factor");
  const recoveryCodes = confirmed && "recoveryCodes" in confirmed ? confirmed.recoveryCodes : null;
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-3">
          <CardTitle as="h2">Two-factor sign-in</CardTitle>
          <span
            className={clsx(
              "rounded-full px-2.5 py-0.5 text-xs font-medium",
              status.enabled ? "bg-emerald-50 text-emerald-700" : "bg-slate-100 text-slate-600",
            )}
          >
            {status.enabled ? "On" : "Off"}
          </span>
        </div>
        <CardDescription>
          After your password, a 6-digit code from an authenticator app (such as Google Authenticator, 1Password or
          Authy) proves it is you.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {recoveryCodes ? <RecoveryCodes codes={recoveryCodes} /> : null}
        {status.required && !status.enabled ? (
          <Alert variant="warning" title="Two-factor sign-in required">
            Your agency requires two-factor sign-in. Set it up to continue using the workspace.
          </Alert>
        ) : null}
        {status.enabled ? (
          <TurnOff status={status} />
        ) : status.setup ? (
          <SetUp setup={status.setup} fetcher={confirm} />
        ) : (
          <StartSetUp />
        )}
      </CardContent>
    </Card>
  );
}

function StartSetUp() {
  const fetcher = useFetcher({ key: "start-two-factor" });
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="start-two-factor" />
      <SubmitButton pending={fetcher.state !== "idle"} pendingText="Preparing...">
        Set Up Two-Factor
      </SubmitButton>
    </fetcher.Form>
  );
}

function SetUp({
  setup,
  fetcher,
}: {
  setup: NonNullable<TwoFactorStatus["setup"]>;
  fetcher: ReturnType<typeof useFetcher<SecurityAnswer>>;
}) {
  const cancel = useFetcher({ key: "cancel-two-factor" });
  const [form, fields] = useForm<z.input<typeof TwoFactorCodeSchema>>({
    id: "confirm-two-factor",
    lastResult: useFormResult(fetcher, "confirm-two-factor")?.result,
    constraint: FORM_CONSTRAINTS.TwoFactorCodeSchema,
  });
  return (
    <div className="grid gap-6 md:grid-cols-[auto,1fr]">
      <div className="flex flex-col items-center gap-2">
        <img
          src={setup.qrCode}
          width={200}
          height={200}
          alt="QR code to scan with your authenticator app"
          className="rounded-lg border border-slate-200"
        />
      </div>
      <div className="space-y-4">
        <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
          <li>Scan the QR code with your authenticator app.</li>
          <li>Enter the 6-digit code it shows to turn two-factor sign-in on.</li>
        </ol>
        <div>
          <p className="text-sm text-slate-600">Can&apos;t scan? Enter this key in the app instead:</p>
          <p
            className="mt-1 break-all font-mono text-sm font-semibold tracking-wider text-slate-900"
            data-testid="two-factor-key"
          >
            {setup.secret.match(/.{1,4}/g)?.join(" ")}
          </p>
        </div>
        <fetcher.Form method="post" className="space-y-3" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="confirm-two-factor" />
          <FormError id={form.errorId} errors={form.errors} />
          <Field
            labelProps={{ children: "Authentication code" }}
            inputProps={{
              ...getInputProps(fields.code, { type: "text" }),
              autoComplete: "one-time-code",
              inputMode: "numeric",
              maxLength: 6,
            }}
            errors={fields.code.errors}
          />
          <div className="flex flex-wrap gap-3">
            <SubmitButton pending={fetcher.state !== "idle"} pendingText="Verifying...">
              Verify and Turn On
            </SubmitButton>
          </div>
        </fetcher.Form>
        <cancel.Form method="post">
          <input type="hidden" name="intent" value="cancel-two-factor" />
          <SubmitButton variant="ghost" size="sm" pending={cancel.state !== "idle"} pendingText="Cancelling...">
            Cancel set-up
          </SubmitButton>
        </cancel.Form>
      </div>
    </div>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <Alert variant="success" title="Two-factor sign-in is on. Save your recovery codes">
      <p>
        If you lose your phone, each of these codes lets you log in once. Keep them somewhere safe: they will not be
        shown again.
      </p>
      <ul
        className="mt-3 grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm sm:grid-cols-3"
        aria-label="Recovery codes"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </Alert>
  );
}

function TurnOff({ status }: { status: TwoFactorStatus }) {
  const fetcher = useFetcher<SecurityAnswer>({ key: "disable-two-factor" });
  const [form, fields] = useForm<z.input<typeof TwoFactorCodeSchema>>({
    id: "disable-two-factor",
    lastResult: useFormResult(fetcher, "disable-two-factor")?.result,
    constraint: FORM_CONSTRAINTS.TwoFactorCodeSchema,
  });
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        Two-factor sign-in is on. You have {status.recoveryCodesLeft} unused recovery code
        {status.recoveryCodesLeft === 1 ? "" : "s"}.
      </p>
      {status.required ? (
        <p className="text-sm text-slate-500">Your agency requires two-factor sign-in, so it cannot be turned off.</p>
      ) : (
        <fetcher.Form method="post" className="flex flex-wrap items-end gap-3" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="disable-two-factor" />
          <FormError id={form.errorId} errors={form.errors} className="w-full" />
          <Field
            className="w-full sm:w-64"
            labelProps={{ children: "Code to turn it off" }}
            inputProps={{ ...getInputProps(fields.code, { type: "text" }), autoComplete: "one-time-code" }}
            hint="A code from your app, or a recovery code."
            errors={fields.code.errors}
          />
          <SubmitButton variant="outline" pending={fetcher.state !== "idle"} pendingText="Turning off...">
            Turn Off
          </SubmitButton>
        </fetcher.Form>
      )}
    </div>
  );
}

function AgencyRequirementCard({ required, ownEnabled }: { required: boolean; ownEnabled: boolean }) {
  const fetcher = useFetcher({ key: "require-two-factor" });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Two-factor sign-in for your team and clients</CardTitle>
        <CardDescription>
          {required
            ? "Required: your team members and clients must set up two-factor sign-in before they can use the workspace."
            : "Optional: your team members and clients choose for themselves."}
        </CardDescription>
      </CardHeader>
      <CardFooter className="flex-wrap justify-between">
        <p className="text-sm text-slate-500">
          {ownEnabled || required ? "" : "Turn it on for your own account first."}
        </p>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="require-two-factor" />
          <input type="hidden" name="required" value={String(!required)} />
          <SubmitButton
            variant={required ? "outline" : "primary"}
            disabled={!required && !ownEnabled}
            pending={fetcher.state !== "idle"}
            pendingText="Saving..."
          >
            {required ? "Make It Optional" : "Require Two-Factor"}
          </SubmitButton>
        </fetcher.Form>
      </CardFooter>
    </Card>
  );
}

/** Who may take a space out of the workspace: the agency owner always, its client owners when this is on. */
function ClientExportsCard({ allowed }: { allowed: boolean }) {
  const fetcher = useFetcher<SecurityAnswer>({ key: "client-exports" });
  const [form, fields] = useForm<z.input<typeof ClientExportsSchema>>({
    id: "client-exports",
    lastResult: useFormResult(fetcher, "client-exports")?.result,
    defaultValue: { allowed: allowed ? "on" : null },
    constraint: FORM_CONSTRAINTS.ClientExportsSchema,
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Space exports</CardTitle>
        <CardDescription>
          You can export any space as a ZIP file of its conversation and files, from the space&apos;s page.
        </CardDescription>
      </CardHeader>
      <fetcher.Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="client-exports" />
        <CardContent>
          <FormError id={form.errorId} errors={form.errors} />
          <CheckboxField
            labelProps={{ children: "Let client owners export their spaces", className: "font-medium text-slate-900" }}
            inputProps={getInputProps(fields.allowed, { type: "checkbox" })}
            hint="A client owner can then export the spaces they own, with every message and file in them."
            errors={fields.allowed.errors}
          />
        </CardContent>
        <CardFooter className="justify-end">
          <SubmitButton pending={fetcher.state !== "idle"} pendingText="Saving...">
            Save
          </SubmitButton>
        </CardFooter>
      </fetcher.Form>
    </Card>
  );
}
