import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { Form, Link, useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import type { z } from "zod";
import {
  clsx,
  Alert,
  Button,
  SubmitButton,
  buttonClassName,
  CheckboxField,
  Field,
  FormError,
  SelectField,
  LinkIcon,
  useHydrated,
} from "~/components/ui";
import { PhoneField } from "~/components/ui/phone-field";
import type { InviteSchema } from "~/shared/invitation.schemas";
import { inviteFormPath, type CreatedInvitation, type InviteOptions, type InviteAnswer } from "~/shared";
import { FORM_CONSTRAINTS } from "~/shared/form-constraints";

type InviteActionData = InviteAnswer;

/**
 * SPEC §2.11's invite form: tabs Basic and Advanced, the role with §5's defaults, the
 * optional email (and whether to send it), then the link with a copy button, Create
 * Another and Done. In a dialog it posts through a fetcher; on /invitations/new it is
 * a plain form, and the page shows the link after the submit.
 */
export function InviteForm({
  options,
  actionData,
  onDone,
  doneHref,
  share = false,
}: {
  options: InviteOptions;
  /** The page's action data; the dialog reads its own fetcher's. */
  actionData?: InviteActionData;
  /** Made from Share Invite Link: the link made is announced as "Share link generated". */
  share?: boolean;
  /** In the dialog: closes it. */
  onDone?: () => void;
  /** On the page: where Done leads. */
  doneHref?: string;
}) {
  const fetcher = useFetcher<InviteAnswer>();
  const inDialog = Boolean(onDone);
  const latest = inDialog ? fetcher.data : actionData;
  const [dismissed, setDismissed] = useState<InviteActionData | undefined>(undefined);
  const created = latest && latest !== dismissed && "created" in latest ? latest.created : null;

  if (created) {
    return (
      <InvitationLink
        created={created}
        onCreateAnother={inDialog ? () => setDismissed(latest) : undefined}
        onDone={onDone}
        doneHref={doneHref}
        kind={options.kind}
        share={share}
      />
    );
  }
  return (
    <InviteFields
      key={dismissed ? "again" : "first"}
      options={options}
      lastResult={latest?.result}
      fetcher={inDialog ? fetcher : undefined}
      onCancel={onDone}
      cancelHref={doneHref}
      share={share}
    />
  );
}

function InviteFields({
  options,
  lastResult,
  fetcher,
  onCancel,
  cancelHref,
  share,
}: {
  options: InviteOptions;
  lastResult?: SubmissionResult<string[]>;
  fetcher?: ReturnType<typeof useFetcher<InviteAnswer>>;
  onCancel?: () => void;
  cancelHref?: string;
  share: boolean;
}) {
  const hydrated = useHydrated();
  const isTeam = options.kind === "team";
  const roleName = isTeam ? "role" : "clientRole";
  // Team and client forms share most fields; one set of field types serves both.
  const [form, fields] = useForm<z.input<typeof InviteSchema> & Record<string, unknown>>({
    id: `invite-${options.kind}`,
    lastResult: fetcher ? (fetcher.state === "idle" ? lastResult : undefined) : lastResult,
    constraint: FORM_CONSTRAINTS.InviteSchema,
    defaultValue: { kind: options.kind, [roleName]: options.defaultRole },
  });
  const [sendEmail, setSendEmail] = useState(false);
  const FormElement = fetcher ? fetcher.Form : Form;
  const action = inviteFormPath(options.kind, { share });
  const roleField = fields[roleName as "kind"];
  // SPEC §5: in the basic team form the email shows only once sendEmail is ticked (without JavaScript, always).
  const showEmail = !isTeam || !hydrated || sendEmail;

  const basic = (
    <div className="space-y-4">
      <SelectField
        labelProps={{ children: "Role" }}
        selectProps={getSelectProps(roleField)}
        options={options.roles}
        errors={roleField.errors}
      />
      <CheckboxField
        labelProps={{ children: "Send the invitation by email" }}
        inputProps={{
          ...getInputProps(fields.sendEmail, { type: "checkbox" }),
          onChange: (event) => setSendEmail(event.target.checked),
        }}
        errors={fields.sendEmail.errors}
      />
      <div className={clsx(!showEmail && "hidden")}>
        <Field
          labelProps={{ children: isTeam ? "Email" : "Email (optional)" }}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "off" }}
          hint="Their account will use this email."
          errors={fields.email.errors}
        />
      </div>
    </div>
  );
  const advanced = (
    <div className="space-y-4">
      <Field
        labelProps={{ children: "Name (optional)" }}
        inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "off" }}
        errors={fields.name.errors}
      />
      <PhoneField field={fields.mobileNumber} label="Mobile number (optional)" />
      {!isTeam && !options.companyFixed ? (
        <>
          <Field
            labelProps={{ children: "Company (optional)" }}
            inputProps={{ ...getInputProps(fields.company as typeof fields.name, { type: "text" }) }}
            errors={fields.company?.errors as string[] | undefined}
          />
          <Field
            labelProps={{ children: "Website (optional)" }}
            inputProps={{
              ...getInputProps(fields.url as typeof fields.name, { type: "url" }),
              placeholder: "https://example.com",
            }}
            errors={fields.url?.errors as string[] | undefined}
          />
        </>
      ) : null}
    </div>
  );

  return (
    <FormElement method="post" action={action} className="space-y-5" {...getFormProps(form)}>
      <input type="hidden" name="kind" value={options.kind} />
      <FormError id={form.errorId} errors={form.errors} />
      {hydrated ? (
        <TabGroup>
          <TabList className="flex gap-6 border-b border-slate-200">
            {["Basic", "Advanced"].map((label) => (
              <Tab
                key={label}
                className="-mb-px border-b-2 border-transparent pb-2 text-sm font-medium text-slate-600 hover:text-slate-900 focus:outline-none focus-visible:text-indigo-700 data-[selected]:border-indigo-600 data-[selected]:text-indigo-700"
              >
                {label}
              </Tab>
            ))}
          </TabList>
          <TabPanels className="pt-4">
            {/* Kept mounted, so that both tabs' fields are posted. */}
            <TabPanel unmount={false}>{basic}</TabPanel>
            <TabPanel unmount={false}>{advanced}</TabPanel>
          </TabPanels>
        </TabGroup>
      ) : (
        <>
          <fieldset className="space-y-4">
            <legend className="mb-3 text-sm font-semibold text-slate-900">Basic</legend>
            {basic}
          </fieldset>
          <fieldset className="space-y-4">
            <legend className="mb-3 text-sm font-semibold text-slate-900">Advanced</legend>
            {advanced}
          </fieldset>
        </>
      )}
      <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        ) : cancelHref ? (
          <Link to={cancelHref} className={buttonClassName({ variant: "outline" })}>
            Cancel
          </Link>
        ) : null}
        <SubmitButton
          action={action}
          pending={fetcher ? fetcher.state !== "idle" : undefined}
          pendingText="Generating link..."
        >
          <LinkIcon />
          Generate Invite Link
        </SubmitButton>
      </div>
    </FormElement>
  );
}

function InvitationLink({
  created,
  kind,
  onCreateAnother,
  onDone,
  doneHref,
  share,
}: {
  created: CreatedInvitation;
  kind: "team" | "client";
  share: boolean;
  onCreateAnother?: () => void;
  onDone?: () => void;
  doneHref?: string;
}) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const copy = useCallback(
    () =>
      navigator.clipboard?.writeText(created.link).then(
        () => setCopied(true),
        () => setCopied(false),
      ),
    [created.link],
  );
  // SPEC §8: with JavaScript the link is copied as soon as it is made (the Copy button stays, for another try).
  useEffect(() => {
    void copy();
  }, [copy]);
  const made = share ? "Share link generated" : "Invitation Link Generated";
  const generated = copied ? `${made} (copied to clipboard)` : made;
  return (
    <div className="space-y-4">
      <Alert variant="success" title={created.emailed ? "Invitation Sent" : generated}>
        {created.emailed
          ? `We emailed the link to ${created.email}. You can also share it yourself.`
          : "Share this link with the person you are inviting. It works once and expires in 7 days."}
      </Alert>
      {created.mailError ? <Alert variant="warning">{created.mailError}</Alert> : null}
      <div className="space-y-1.5">
        <label htmlFor="invitation-link" className="block text-sm font-medium text-slate-700">
          Invitation link
        </label>
        <div className="flex gap-2">
          <input
            id="invitation-link"
            readOnly
            value={created.link}
            onFocus={(event) => event.currentTarget.select()}
            className="block h-10 w-full min-w-0 rounded-lg border border-slate-300 bg-slate-50 px-3 text-sm text-slate-700"
          />
          {hydrated ? (
            <Button variant="outline" onClick={() => void copy()}>
              {copied ? "Link copied" : "Copy"}
            </Button>
          ) : null}
        </div>
      </div>
      <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:justify-end">
        {onCreateAnother ? (
          <Button variant="outline" onClick={onCreateAnother}>
            Create Another
          </Button>
        ) : (
          <Link to={inviteFormPath(kind, { share })} className={buttonClassName({ variant: "outline" })}>
            Create Another
          </Link>
        )}
        {onDone ? (
          <Button onClick={onDone}>Done</Button>
        ) : (
          <Link to={doneHref ?? "/"} className={buttonClassName()}>
            Done
          </Link>
        )}
      </div>
    </div>
  );
}
