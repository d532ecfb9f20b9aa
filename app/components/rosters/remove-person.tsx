import { Form, useFetcher } from "@remix-run/react";
import { Button, SubmitButton, UserMinusIcon } from "~/components/ui";

/**
 * Remove Member / Remove Client, confirmed (SPEC §2.9, §2.10). In a dialog it posts
 * through a fetcher; on the person's page it is a plain form. The action redirects to
 * the roster with a toast.
 */
export function RemovePersonForm({
  actionPath,
  confirmation,
  label,
  onCancel,
}: {
  actionPath: string;
  confirmation: string;
  /** "Remove Member", "Remove Client". */
  label: string;
  onCancel?: () => void;
}) {
  const fetcher = useFetcher();
  const FormElement = onCancel ? fetcher.Form : Form;
  return (
    <FormElement method="post" action={actionPath} className="space-y-5">
      <p className="text-sm leading-relaxed text-slate-600">{confirmation}</p>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <SubmitButton
          name="intent"
          value="remove"
          action={actionPath}
          variant="destructive"
          pending={onCancel ? fetcher.state !== "idle" : undefined}
          pendingText="Removing..."
        >
          <UserMinusIcon />
          {label}
        </SubmitButton>
      </div>
    </FormElement>
  );
}
