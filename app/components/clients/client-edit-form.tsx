import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import type { z } from "zod";
import { Form, Link, useFetcher } from "@remix-run/react";
import { Button, SubmitButton, buttonClassName, Field, FormError, SelectField, useHydrated } from "~/components/ui";
import type { PersonEditFormProps } from "~/components/rosters/person-view";
import { type ClientCard, type PersonActionAnswer, CLIENT_ROLE_LABELS } from "~/shared";
import type { UpdateClientSchema } from "~/shared/roster.schemas";
import { readPersonAnswer } from "~/components/rosters/person-answer";
import { FORM_CONSTRAINTS } from "~/shared/form-constraints";

export const clientPath = (id: string) => `/clients/${id}`;

/**
 * The client card's inline edit (SPEC §2.10, §4, §5): name, role, company, email, mobile
 * number (at most 14), extension (at most 10), url; Save, and Cancel restoring the
 * values. With JavaScript it posts through a fetcher and Cancel just leaves edit mode;
 * without, it is a plain form and Cancel a link back to the roster.
 */
export function ClientEditForm({ person: client, returnTo, onCancel, lastResult }: PersonEditFormProps<ClientCard>) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<PersonActionAnswer>();
  const action = clientPath(client.id);
  const [form, fields] = useForm<z.input<typeof UpdateClientSchema>>({
    id: `edit-client-${client.id}`,
    lastResult: readPersonAnswer(fetcher.data).edit ?? lastResult,
    constraint: FORM_CONSTRAINTS.UpdateClientSchema,
    defaultValue: {
      name: client.name,
      role: client.role,
      company: client.company,
      email: client.email,
      mobileNumber: client.mobileNumber ?? "",
      extension: client.extension ?? "",
      url: client.url ?? "",
    },
  });
  const FormElement = hydrated ? fetcher.Form : Form;
  return (
    <FormElement method="post" action={action} className="space-y-3" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="redirectTo" value={returnTo} />
      <FormError id={form.errorId} errors={form.errors} />
      <Field
        labelProps={{ children: "Name" }}
        inputProps={getInputProps(fields.name, { type: "text" })}
        errors={fields.name.errors}
      />
      <SelectField
        labelProps={{ children: "Role" }}
        selectProps={getSelectProps(fields.role)}
        options={Object.entries(CLIENT_ROLE_LABELS).map(([value, label]) => ({ value, label }))}
        errors={fields.role.errors}
      />
      <Field
        labelProps={{ children: "Company" }}
        inputProps={getInputProps(fields.company, { type: "text" })}
        errors={fields.company.errors}
      />
      <Field
        labelProps={{ children: "Email" }}
        inputProps={{ ...getInputProps(fields.email, { type: "email" }), readOnly: client.hasLogin }}
        hint={client.hasLogin ? "They sign in with this email." : undefined}
        errors={fields.email.errors}
      />
      <div className="grid grid-cols-3 gap-3">
        <Field
          className="col-span-2"
          labelProps={{ children: "Mobile number" }}
          inputProps={{ ...getInputProps(fields.mobileNumber, { type: "tel" }), maxLength: 14 }}
          errors={fields.mobileNumber.errors}
        />
        <Field
          labelProps={{ children: "Extension" }}
          inputProps={{ ...getInputProps(fields.extension, { type: "text" }), maxLength: 10 }}
          errors={fields.extension.errors}
        />
      </div>
      <Field
        labelProps={{ children: "Website" }}
        inputProps={{ ...getInputProps(fields.url, { type: "url" }), placeholder: "https://example.com" }}
        errors={fields.url.errors}
      />
      <div className="flex justify-end gap-2 pt-2">
        {hydrated && onCancel ? (
          <Button variant="outline" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        ) : (
          <Link to={returnTo} className={buttonClassName({ variant: "outline", size: "sm" })}>
            Cancel
          </Link>
        )}
        <SubmitButton
          size="sm"
          action={action}
          pending={hydrated ? fetcher.state !== "idle" : undefined}
          pendingText="Saving..."
        >
          Save
        </SubmitButton>
      </div>
    </FormElement>
  );
}
