import { getInputProps, useInputControl, type FieldMetadata } from "@conform-to/react";
import { useHydrated, Field } from "~/components/ui";
import { formatPhone } from "~/shared";

/**
 * A mobile number input that formats as it is typed: (555) 123-4567 (SPEC §5). Without
 * JavaScript it is a plain tel input, and the server formats what it gets.
 */
export function PhoneField<Schema extends string | null | undefined>({
  field,
  label = "Mobile number",
  hint,
  className,
}: {
  field: FieldMetadata<Schema>;
  label?: string;
  hint?: React.ReactNode;
  className?: string;
}) {
  const hydrated = useHydrated();
  const control = useInputControl(field);
  const { defaultValue, ...inputProps } = getInputProps(field, { type: "tel" });
  return (
    <Field
      className={className}
      labelProps={{ children: label }}
      inputProps={{
        ...inputProps,
        // Once hydrated the input is controlled, formatting each keystroke.
        ...(hydrated ? { value: control.value ?? "" } : { defaultValue }),
        autoComplete: "tel-national",
        placeholder: "(555) 123-4567",
        maxLength: 14,
        onChange: (event) => control.change(formatPhone(event.target.value)),
      }}
      hint={hint}
      errors={field.errors}
    />
  );
}
