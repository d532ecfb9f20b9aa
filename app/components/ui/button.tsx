import { useFormAction, useNavigation } from "@remix-run/react";
import { clsx } from "clsx";
import { forwardRef } from "react";

/** `unstyled` applies only the given className (e.g. a menu item that submits a form). */
export type ButtonVariant = "primary" | "secondary" | "outline" | "ghost" | "destructive" | "unstyled";
export type ButtonSize = "sm" | "md" | "lg" | "icon";

/* Each kind and size is a component class of app/tailwind.css: a list page draws fifty buttons, and spelled out
   as utilities each carried 450 bytes of classes (issue 41). Named in full here, as Tailwind keeps only the
   classes it finds written out. */
const variants: Record<Exclude<ButtonVariant, "unstyled">, string> = {
  primary: "btn-primary",
  secondary: "btn-secondary",
  outline: "btn-outline",
  ghost: "btn-ghost",
  destructive: "btn-destructive",
};

const sizes: Record<ButtonSize, string> = { sm: "btn-sm", md: "btn-md", lg: "btn-lg", icon: "btn-icon" };

/** The classes of a button, for a `<Link>` or `<a>` that should look like one. */
export function buttonClassName({
  variant = "primary",
  size = "md",
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}) {
  if (variant === "unstyled") return clsx(className);
  return clsx("btn", variants[variant], sizes[size], className);
}

export type ButtonProps = React.ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
};

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = "primary", size = "md", className, type = "button", ...props },
  ref,
) {
  return <button ref={ref} type={type} className={buttonClassName({ variant, size, className })} {...props} />;
});

export type SubmitButtonProps = Omit<ButtonProps, "type"> & {
  /** Shown instead of the children while the form is being submitted, e.g. "Signing out...". */
  pendingText?: React.ReactNode;
  /**
   * Forces the pending state, for forms submitted through a fetcher
   * (`pending={fetcher.state !== "idle"}`), which `useNavigation` does not see.
   */
  pending?: boolean;
  /**
   * The action of the enclosing `<Form>` when it sets one (e.g. "/logout");
   * by default the current route's action, as for a `<Form>` without `action`.
   */
  action?: string;
};

/**
 * A submit button that says what is happening while its form is submitted. Without
 * JavaScript it is a plain submit button. With a `name` and `value` it is pending only
 * when the submission was made with it, so several intents in one form stay apart.
 */
export const SubmitButton = forwardRef<HTMLButtonElement, SubmitButtonProps>(function SubmitButton(
  { pendingText, pending, action, children, disabled, name, value, formAction, ...props },
  ref,
) {
  const navigation = useNavigation();
  const resolvedAction = useFormAction(formAction ?? action);
  const submitting =
    navigation.state !== "idle" &&
    navigation.formAction === resolvedAction &&
    (name === undefined || value === undefined || navigation.formData?.get(name) === String(value));
  const isPending = Boolean(pending) || submitting;

  return (
    <button
      ref={ref}
      type="submit"
      name={name}
      value={value}
      formAction={formAction}
      disabled={disabled || isPending}
      aria-busy={isPending || undefined}
      className={buttonClassName({ variant: props.variant, size: props.size, className: props.className })}
      {...omitStyleProps(props)}
    >
      {isPending ? <Spinner /> : null}
      {isPending && pendingText ? pendingText : children}
    </button>
  );
});

function omitStyleProps<T extends { variant?: unknown; size?: unknown; className?: unknown }>(props: T) {
  const { variant: _variant, size: _size, className: _className, ...rest } = props;
  return rest;
}

export function Spinner({ className }: { className?: string }) {
  return (
    <svg className={clsx("animate-spin", className)} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
