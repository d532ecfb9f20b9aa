import { clsx } from "clsx";
import { useId } from "react";
import { Alert } from "./alert";
import { AlertCircleIcon, ChevronDownIcon } from "./icons";

/** What conform gives for a field or a form: `fields.email.errors`, `form.errors`. */
export type ListOfErrors = Array<string | null | undefined> | null | undefined;

/** conform's `getInputProps` & co. also return a `key` that resets the control; we keep it. */
type WithKey = { key?: string | null };
export type LabelProps = React.LabelHTMLAttributes<HTMLLabelElement>;
export type InputProps = React.InputHTMLAttributes<HTMLInputElement> & WithKey;
export type TextareaProps = React.TextareaHTMLAttributes<HTMLTextAreaElement> & WithKey;
export type SelectProps = React.SelectHTMLAttributes<HTMLSelectElement> & WithKey;

/** Only for text inputs and textareas: a `<select>` always matches :read-only. */
const readOnlyClassName = "read-only:bg-slate-50 read-only:text-slate-600";

export const inputClassName =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm transition-colors " +
  "placeholder:text-slate-400 focus:border-indigo-500 focus:outline-none focus:ring-4 focus:ring-indigo-500/15 " +
  "disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500 " +
  "aria-[invalid=true]:border-red-500 aria-[invalid=true]:focus:border-red-500 aria-[invalid=true]:focus:ring-red-500/15";

const labelClassName = "block text-sm font-medium text-slate-700";

function joinIds(...ids: Array<string | false | null | undefined>) {
  return ids.filter(Boolean).join(" ") || undefined;
}

function hasErrors(errors: ListOfErrors) {
  return Boolean(errors?.some(Boolean));
}

/**
 * Ids for a control with a label, a hint and errors. The error and hint ids follow
 * conform's naming (`{id}-error`, `{id}-description`). `control` goes on the control.
 */
export function useFieldIds(givenId: string | undefined, errors: ListOfErrors, hint: React.ReactNode) {
  const fallbackId = useId();
  const id = givenId ?? fallbackId;
  const invalid = hasErrors(errors);
  const errorId = `${id}-error`;
  const hintId = `${id}-description`;
  return {
    id,
    errorId,
    hintId,
    invalid,
    control: {
      id,
      "aria-invalid": invalid || undefined,
      "aria-describedby": joinIds(hint ? hintId : null, invalid ? errorId : null),
    },
  };
}

/** The errors of one field (or of a form), one per line, linked by `id` from the control. */
export function ErrorList({ id, errors, className }: { id?: string; errors?: ListOfErrors; className?: string }) {
  const list = (errors ?? []).filter((error): error is string => Boolean(error));
  if (!list.length) return null;
  return (
    <ul id={id} className={clsx("space-y-1", className)}>
      {list.map((error) => (
        <li key={error} className="flex items-start gap-1.5 text-sm text-red-600">
          <AlertCircleIcon className="mt-0.5 size-4 shrink-0" />
          <span>{error}</span>
        </li>
      ))}
    </ul>
  );
}

/** Errors of the whole form (conform's `form.errors`), shown above or below the fields. */
export function FormError({
  id,
  errors,
  title,
  className,
}: {
  /** conform's `form.errorId`, which `getFormProps` links with aria-describedby. */
  id?: string;
  errors?: ListOfErrors;
  title?: React.ReactNode;
  className?: string;
}) {
  const list = (errors ?? []).filter((error): error is string => Boolean(error));
  if (!list.length) return null;
  return (
    <Alert id={id} variant="destructive" title={title} className={className}>
      {list.length === 1 ? (
        <p>{list[0]}</p>
      ) : (
        <ul className="list-disc space-y-1 pl-4">
          {list.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
    </Alert>
  );
}

export function FieldLabel({
  htmlFor,
  labelProps,
  labelAction,
}: {
  htmlFor: string;
  labelProps: LabelProps;
  labelAction?: React.ReactNode;
}) {
  const label = <label {...labelProps} htmlFor={htmlFor} className={clsx(labelClassName, labelProps.className)} />;
  if (!labelAction) return label;
  return (
    <div className="flex items-baseline justify-between gap-4">
      {label}
      <div className="text-sm">{labelAction}</div>
    </div>
  );
}

export function FieldHint({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <p id={id} className="text-sm text-slate-500">
      {children}
    </p>
  );
}

export type FieldProps = {
  labelProps: LabelProps;
  inputProps: InputProps;
  errors?: ListOfErrors;
  /** A short help text under the control (e.g. "Password must be at least 8 characters long."). */
  hint?: React.ReactNode;
  /** Something at the right end of the label row, e.g. a "Forgot password?" link. */
  labelAction?: React.ReactNode;
  className?: string;
};

/** A labelled text-like input with its hint and errors, for conform's `getInputProps`. */
export function Field({ labelProps, inputProps, errors, hint, labelAction, className }: FieldProps) {
  const { key, id: givenId, className: inputClass, ...rest } = inputProps;
  const ids = useFieldIds(givenId, errors, hint);
  return (
    <div className={clsx("space-y-1.5", className)}>
      <FieldLabel htmlFor={ids.id} labelProps={labelProps} labelAction={labelAction} />
      <input
        key={key ?? undefined}
        {...rest}
        {...ids.control}
        className={clsx(inputClassName, readOnlyClassName, "h-10", inputClass)}
      />
      {hint ? <FieldHint id={ids.hintId}>{hint}</FieldHint> : null}
      <ErrorList id={ids.errorId} errors={errors} />
    </div>
  );
}

export type TextareaFieldProps = Omit<FieldProps, "inputProps"> & { textareaProps: TextareaProps };

export function TextareaField({ labelProps, textareaProps, errors, hint, labelAction, className }: TextareaFieldProps) {
  const { key, id: givenId, className: textareaClass, ...rest } = textareaProps;
  const ids = useFieldIds(givenId, errors, hint);
  return (
    <div className={clsx("space-y-1.5", className)}>
      <FieldLabel htmlFor={ids.id} labelProps={labelProps} labelAction={labelAction} />
      <textarea
        key={key ?? undefined}
        rows={4}
        {...rest}
        {...ids.control}
        className={clsx(inputClassName, readOnlyClassName, "min-h-[5rem] py-2", textareaClass)}
      />
      {hint ? <FieldHint id={ids.hintId}>{hint}</FieldHint> : null}
      <ErrorList id={ids.errorId} errors={errors} />
    </div>
  );
}

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectFieldProps = Omit<FieldProps, "inputProps"> & {
  selectProps: SelectProps;
  /** The choices; or pass `<option>` elements as children. */
  options?: SelectOption[];
  /** A first, empty choice such as "Select a role". */
  placeholder?: string;
  children?: React.ReactNode;
};

/** A native `<select>`, so it works before (and without) JavaScript. */
export function SelectField({
  labelProps,
  selectProps,
  options,
  placeholder,
  children,
  errors,
  hint,
  labelAction,
  className,
}: SelectFieldProps) {
  const { key, id: givenId, className: selectClass, ...rest } = selectProps;
  const ids = useFieldIds(givenId, errors, hint);
  return (
    <div className={clsx("space-y-1.5", className)}>
      <FieldLabel htmlFor={ids.id} labelProps={labelProps} labelAction={labelAction} />
      <div className="relative">
        <select
          key={key ?? undefined}
          {...rest}
          {...ids.control}
          className={clsx(inputClassName, "h-10 appearance-none pr-10", selectClass)}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options?.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
          {children}
        </select>
        <ChevronDownIcon className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" />
      </div>
      {hint ? <FieldHint id={ids.hintId}>{hint}</FieldHint> : null}
      <ErrorList id={ids.errorId} errors={errors} />
    </div>
  );
}

export type CheckboxFieldProps = Omit<FieldProps, "labelAction" | "inputProps"> & {
  /** For conform: `getInputProps(fields.agreeToTerms, { type: "checkbox" })`. */
  inputProps: Omit<InputProps, "type">;
};

/** A native checkbox with its label on the right; the label may contain links. */
export function CheckboxField({ labelProps, inputProps, errors, hint, className }: CheckboxFieldProps) {
  const { key, id: givenId, className: inputClass, ...rest } = inputProps;
  const ids = useFieldIds(givenId, errors, hint);
  return (
    <div className={clsx("space-y-1.5", className)}>
      <div className="flex items-start gap-3">
        <input
          key={key ?? undefined}
          {...rest}
          {...ids.control}
          type="checkbox"
          className={clsx(
            "mt-0.5 size-4 shrink-0 cursor-pointer rounded border-slate-300 accent-indigo-600",
            "focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600",
            "disabled:cursor-not-allowed",
            inputClass,
          )}
        />
        <label
          {...labelProps}
          htmlFor={ids.id}
          className={clsx(
            "text-sm leading-5 text-slate-700 [&_a]:font-medium [&_a]:text-indigo-600 [&_a]:underline-offset-2 hover:[&_a]:text-indigo-500 hover:[&_a]:underline",
            labelProps.className,
          )}
        />
      </div>
      {hint ? (
        <div className="pl-7">
          <FieldHint id={ids.hintId}>{hint}</FieldHint>
        </div>
      ) : null}
      <ErrorList id={ids.errorId} errors={errors} className="pl-7" />
    </div>
  );
}
