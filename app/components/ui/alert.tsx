import { clsx } from "clsx";
import { AlertCircleIcon, CheckCircleIcon, InfoCircleIcon, WarningIcon, type IconComponent } from "./icons";

export type AlertVariant = "info" | "success" | "warning" | "destructive";

const styles: Record<AlertVariant, { box: string; icon: string }> = {
  info: { box: "border-sky-200 bg-sky-50 text-sky-900", icon: "text-sky-600" },
  success: { box: "border-emerald-200 bg-emerald-50 text-emerald-900", icon: "text-emerald-600" },
  warning: { box: "border-amber-200 bg-amber-50 text-amber-900", icon: "text-amber-600" },
  destructive: { box: "border-red-200 bg-red-50 text-red-900", icon: "text-red-600" },
};

export type AlertProps = Omit<React.HTMLAttributes<HTMLDivElement>, "title"> & {
  variant?: AlertVariant;
  title?: React.ReactNode;
  /** Replaces the variant's icon; pass `null` for none. */
  icon?: React.ReactNode;
};

/**
 * A boxed message inside the page: a form-level error, a notice, a warning.
 * Destructive alerts are announced (`role="alert"`), the others are `role="status"`.
 */
export function Alert({ variant = "info", title, icon, className, children, role, ...props }: AlertProps) {
  const style = styles[variant];
  return (
    <div
      role={role ?? (variant === "destructive" ? "alert" : "status")}
      className={clsx("flex gap-3 rounded-lg border p-4 text-sm", style.box, className)}
      {...props}
    >
      {icon === null ? null : (
        <span className={clsx("mt-0.5 shrink-0", style.icon)} aria-hidden="true">
          {icon ?? <AlertIcon variant={variant} />}
        </span>
      )}
      <div className="min-w-0 flex-1 space-y-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className="leading-relaxed [&_a]:font-medium [&_a]:underline">{children}</div> : null}
      </div>
    </div>
  );
}

const icons = {
  info: InfoCircleIcon,
  success: CheckCircleIcon,
  warning: WarningIcon,
  destructive: AlertCircleIcon,
} satisfies Record<AlertVariant, IconComponent>;

export function AlertIcon({ variant, className = "size-5" }: { variant: AlertVariant; className?: string }) {
  const Icon = icons[variant];
  return <Icon className={className} />;
}
