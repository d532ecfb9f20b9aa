import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { CheckboxField, Field } from "~/components/ui";

/*
 * The agency owner's fields, as sign-up asks them and the Profile tab edits them
 * (SPEC §2.1, §2.12), and the terms every sign-up form asks to accept.
 */

export function OwnerNameFields<First extends string | undefined, Last extends string | undefined>({
  firstName,
  lastName,
}: {
  firstName: FieldMetadata<First>;
  lastName: FieldMetadata<Last>;
}) {
  return (
    <>
      <Field
        labelProps={{ children: "First name" }}
        inputProps={{ ...getInputProps(firstName, { type: "text" }), autoComplete: "given-name" }}
        errors={firstName.errors}
      />
      <Field
        labelProps={{ children: "Last name" }}
        inputProps={{ ...getInputProps(lastName, { type: "text" }), autoComplete: "family-name" }}
        errors={lastName.errors}
      />
    </>
  );
}

export function AgencyNameField<Schema extends string | undefined>({ field }: { field: FieldMetadata<Schema> }) {
  return (
    <Field
      className="sm:col-span-2"
      labelProps={{ children: "Agency name" }}
      inputProps={{ ...getInputProps(field, { type: "text" }), autoComplete: "organization" }}
      errors={field.errors}
    />
  );
}

export function AgencyWebsiteField<Schema extends string | null | undefined>({
  field,
}: {
  field: FieldMetadata<Schema>;
}) {
  return (
    <Field
      className="sm:col-span-2"
      labelProps={{ children: "Agency website" }}
      inputProps={{ ...getInputProps(field, { type: "url" }), placeholder: "https://youragency.com" }}
      hint="Include http:// or https://"
      errors={field.errors}
    />
  );
}

/** The terms box; `onAcceptedChange` lets the form keep its submit button disabled until it is ticked. */
export function TermsField<Schema>({
  field,
  onAcceptedChange,
  className,
}: {
  field: FieldMetadata<Schema>;
  onAcceptedChange: (accepted: boolean) => void;
  className?: string;
}) {
  return (
    <CheckboxField
      className={className}
      labelProps={{
        children: (
          <>
            I agree to the <Link to="/terms">Terms of Service</Link> and <Link to="/privacy">Privacy Policy</Link>
          </>
        ),
      }}
      inputProps={{
        ...getInputProps(field, { type: "checkbox" }),
        onChange: (event) => onAcceptedChange(event.target.checked),
      }}
      errors={field.errors}
    />
  );
}
