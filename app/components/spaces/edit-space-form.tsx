import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { SubmitButton, buttonClassName, Field, FormError } from "~/components/ui";
import { PhoneField } from "~/components/ui/phone-field";
import type { UpdateSpaceSchema } from "~/shared/space.schemas";
import { type ClientOwnerOption } from "~/shared";
import { ClientOwnerSelect } from "./client-owner-select";
import { LogoField, useLogoUploading } from "./logo-field";
import { FORM_CONSTRAINTS } from "~/shared/form-constraints";
import type { z } from "zod";

export type EditableSpace = {
  id: string;
  name: string;
  clientOwnerId: string | null;
  company: string | null;
  email: string | null;
  contactNumber: string | null;
  url: string | null;
  logoKey: string | null;
};

/** Edit Space (SPEC §2.8): every field of the space, the logo replaceable, Cancel back to the space. */
export function EditSpaceForm({
  space,
  owners,
  lastResult,
}: {
  space: EditableSpace;
  owners: ClientOwnerOption[];
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useForm<z.input<typeof UpdateSpaceSchema>>({
    id: "edit-space",
    lastResult,
    constraint: FORM_CONSTRAINTS.UpdateSpaceSchema,
    defaultValue: {
      name: space.name,
      clientOwnerId: space.clientOwnerId ?? "",
      company: space.company ?? "",
      email: space.email ?? "",
      contactNumber: space.contactNumber ?? "",
      url: space.url ?? "",
    },
  });
  const uploading = useLogoUploading();

  return (
    <Form method="post" encType="multipart/form-data" className="grid gap-5 sm:grid-cols-2" {...getFormProps(form)}>
      <FormError id={form.errorId} errors={form.errors} className="sm:col-span-2" />
      <Field
        className="sm:col-span-2"
        labelProps={{ children: "Space name" }}
        inputProps={getInputProps(fields.name, { type: "text" })}
        errors={fields.name.errors}
      />
      <ClientOwnerSelect
        owners={owners}
        selectProps={getSelectProps(fields.clientOwnerId)}
        errors={fields.clientOwnerId.errors}
      />
      <Field
        labelProps={{ children: "Company Name" }}
        inputProps={{ ...getInputProps(fields.company, { type: "text" }), autoComplete: "organization" }}
        errors={fields.company.errors}
      />
      <Field
        labelProps={{ children: "Email" }}
        inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
        errors={fields.email.errors}
      />
      <PhoneField field={fields.contactNumber} label="Contact number" />
      <Field
        className="sm:col-span-2"
        labelProps={{ children: "Website" }}
        inputProps={{ ...getInputProps(fields.url, { type: "url" }), placeholder: "https://example.com" }}
        hint="Include http:// or https://"
        errors={fields.url.errors}
      />
      <div className="sm:col-span-2">
        <LogoField
          name={space.name}
          currentKey={space.logoKey}
          pendingKey={fields.logo.initialValue}
          errors={fields.logo.errors}
        />
      </div>
      <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:col-span-2 sm:flex-row sm:justify-end">
        <Link to={`/spaces/${space.id}`} className={buttonClassName({ variant: "outline" })}>
          Cancel
        </Link>
        <SubmitButton pendingText="Saving..." disabled={uploading}>
          Save Changes
        </SubmitButton>
      </div>
    </Form>
  );
}
