import {
  getFormProps,
  getInputProps,
  getSelectProps,
  useForm,
  useInputControl,
  type SubmissionResult,
} from "@conform-to/react";
import { Form, Link, useFetcher } from "@remix-run/react";
import { Alert, Button, SubmitButton, buttonClassName, Field, FormError, useHydrated } from "~/components/ui";
import type { CreateSpaceSchema } from "~/shared/space.schemas";
import { CREATE_SPACE_ACTION, type ClientOwnerOption, type FormReply } from "~/shared";
import { ClientOwnerSelect } from "./client-owner-select";
import { LogoField, useLogoUploading } from "./logo-field";
import { FORM_CONSTRAINTS } from "~/shared/form-constraints";
import type { z } from "zod";

export const NO_CLIENT_OWNERS =
  "You need to add a client with OWNER role first before creating a space. Please go to the Clients page and add a client with OWNER role.";

/**
 * The New Space form (SPEC §2.7, §4): Client Owner, Company Name (filled from the
 * owner and read-only once JavaScript runs; left empty without it, the server uses the
 * owner's company), Company Logo, Cancel and Create Space. In the dialog it posts
 * through a fetcher; on /spaces/new it is a plain multipart form.
 */
export function CreateSpaceForm({
  owners,
  lastResult,
  onCancel,
}: {
  owners: ClientOwnerOption[];
  /** The page's action data; the dialog reads its own fetcher's. */
  lastResult?: SubmissionResult<string[]> | null;
  /** In the dialog: closes it (the form then posts through a fetcher). On the page Cancel is a link back to /spaces. */
  onCancel?: () => void;
}) {
  const hydrated = useHydrated();
  const dialogFetcher = useFetcher<FormReply>();
  const fetcher = onCancel ? dialogFetcher : undefined;
  const [form, fields] = useForm<z.input<typeof CreateSpaceSchema>>({
    id: "create-space",
    lastResult: fetcher ? (fetcher.state === "idle" ? fetcher.data?.result : undefined) : lastResult,
    constraint: FORM_CONSTRAINTS.CreateSpaceSchema,
  });
  const name = useInputControl(fields.name);
  const { defaultValue: nameDefault, ...nameProps } = getInputProps(fields.name, { type: "text" });
  const FormElement = fetcher ? fetcher.Form : Form;
  const hasOwners = owners.length > 0;
  const uploading = useLogoUploading();

  return (
    <FormElement
      method="post"
      action={CREATE_SPACE_ACTION}
      encType="multipart/form-data"
      className="space-y-5"
      {...getFormProps(form)}
    >
      <FormError id={form.errorId} errors={form.errors} />
      {hasOwners ? (
        <ClientOwnerSelect
          owners={owners}
          selectProps={{
            ...getSelectProps(fields.clientOwnerId),
            onChange: (event) => {
              const owner = owners.find((candidate) => candidate.id === event.target.value);
              if (owner) name.change(owner.company);
            },
          }}
          errors={fields.clientOwnerId.errors}
        />
      ) : (
        <Alert variant="warning" title="No client owners yet">
          {NO_CLIENT_OWNERS} <Link to="/clients">Go to Clients</Link>
        </Alert>
      )}
      <Field
        labelProps={{ children: "Company Name" }}
        inputProps={{
          ...nameProps,
          // Filled from the chosen owner; without JavaScript it may be typed, or left for the server to fill.
          readOnly: hydrated && hasOwners,
          ...(hydrated ? { value: name.value ?? "" } : { defaultValue: nameDefault }),
          onChange: (event) => name.change(event.target.value),
          placeholder: hydrated ? "Filled in from the client owner" : "The client owner's company",
        }}
        hint={hydrated ? undefined : "Leave it empty to use the client owner's company."}
        errors={fields.name.errors}
      />
      <LogoField name={name.value ?? ""} pendingKey={fields.logo.initialValue} errors={fields.logo.errors} />
      <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        ) : (
          <Link to="/spaces" className={buttonClassName({ variant: "outline" })}>
            Cancel
          </Link>
        )}
        <SubmitButton
          action={CREATE_SPACE_ACTION}
          pending={fetcher ? fetcher.state !== "idle" : undefined}
          disabled={!hasOwners || uploading}
          pendingText="Creating..."
        >
          Create Space
        </SubmitButton>
      </div>
    </FormElement>
  );
}
