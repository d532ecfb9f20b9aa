import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import {
  clsx,
  useHydrated,
  ErrorList,
  FieldHint,
  FieldLabel,
  inputClassName,
  useFieldIds,
  type FieldProps,
  type InputProps,
  EyeIcon,
  EyeOffIcon,
} from "~/components/ui";

export type PasswordInputProps = Omit<InputProps, "type" | "key">;

/**
 * A password input with a show/hide toggle. The toggle needs JavaScript, so it only
 * appears once the page is hydrated; before that (or without JS) it is a plain password input.
 */
export function PasswordInput({ className, ...props }: PasswordInputProps) {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input
        autoComplete="current-password"
        {...props}
        type={visible ? "text" : "password"}
        className={clsx(inputClassName, "h-10", hydrated && "pr-11", className)}
      />
      {hydrated ? (
        <button
          type="button"
          onClick={() => setVisible((value) => !value)}
          aria-label="Show password"
          aria-pressed={visible}
          aria-controls={props.id}
          title={visible ? "Hide password" : "Show password"}
          disabled={props.disabled}
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-slate-400 transition-colors hover:text-slate-700 focus-visible:text-slate-700 focus-visible:outline focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600 disabled:pointer-events-none"
        >
          {visible ? <EyeOffIcon className="size-[18px]" /> : <EyeIcon className="size-[18px]" />}
        </button>
      ) : null}
    </div>
  );
}

/** `Field` for a password: label, `PasswordInput`, hint and errors. */
export function PasswordField({ labelProps, inputProps, errors, hint, labelAction, className }: FieldProps) {
  const { key, id: givenId, type: _type, ...rest } = inputProps;
  const ids = useFieldIds(givenId, errors, hint);
  return (
    <div className={clsx("space-y-1.5", className)}>
      <FieldLabel htmlFor={ids.id} labelProps={labelProps} labelAction={labelAction} />
      <PasswordInput key={key ?? undefined} {...rest} {...ids.control} />
      {hint ? <FieldHint id={ids.hintId}>{hint}</FieldHint> : null}
      <ErrorList id={ids.errorId} errors={errors} />
    </div>
  );
}

type NewPasswordFieldsProps<Password, Confirm> = {
  password: FieldMetadata<Password>;
  confirmPassword: FieldMetadata<Confirm>;
  label?: string;
  confirmLabel?: string;
};

/** A new password and its confirmation, with the length rule as the hint (SPEC §5). */
export function NewPasswordFields<Password extends string | undefined, Confirm extends string | undefined>({
  password,
  confirmPassword,
  label = "New password",
  confirmLabel = "Confirm password",
}: NewPasswordFieldsProps<Password, Confirm>) {
  return (
    <>
      <PasswordField
        labelProps={{ children: label }}
        inputProps={{ ...getInputProps(password, { type: "password" }), autoComplete: "new-password" }}
        hint="Password must be at least 8 characters long."
        errors={password.errors}
      />
      <PasswordField
        labelProps={{ children: confirmLabel }}
        inputProps={{ ...getInputProps(confirmPassword, { type: "password" }), autoComplete: "new-password" }}
        errors={confirmPassword.errors}
      />
    </>
  );
}
