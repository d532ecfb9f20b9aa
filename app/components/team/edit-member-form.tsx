import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import type { z } from "zod";
import { Form, useFetcher } from "@remix-run/react";
import { Button, SubmitButton, Field, FormError, SelectField } from "~/components/ui";
import { PhoneField } from "~/components/ui/phone-field";
import type { PersonEditFormProps } from "~/components/rosters/person-view";
import { type TeamMemberCard, type PersonActionAnswer, TEAM_ROLE_LABELS } from "~/shared";
import type { UpdateTeamMemberSchema } from "~/shared/roster.schemas";
import { readPersonAnswer } from "~/components/rosters/person-answer";
import { FORM_CONSTRAINTS } from "~/shared/form-constraints";

export const teamMemberPath = (id: string) => `/team/${id}`;

/**
 * Edit Team Member (SPEC §2.9, §5): name and email required, any of the five roles, the
 * mobile number. Someone who signs in keeps their email. In a dialog it posts through a
 * fetcher; on the member's page it is a plain form.
 */
export function EditMemberForm({
  person: member,
  returnTo,
  lastResult,
  onCancel,
}: PersonEditFormProps<TeamMemberCard>) {
  const fetcher = useFetcher<PersonActionAnswer>();
  const inDialog = Boolean(onCancel);
  const action = teamMemberPath(member.id);
  const [form, fields] = useForm<z.input<typeof UpdateTeamMemberSchema>>({
    id: `edit-member-${member.id}`,
    lastResult: inDialog ? readPersonAnswer(fetcher.data).edit : lastResult,
    constraint: FORM_CONSTRAINTS.UpdateTeamMemberSchema,
    defaultValue: {
      name: member.name,
      email: member.email,
      role: member.role,
      mobileNumber: member.mobileNumber ?? "",
    },
  });
  const FormElement = inDialog ? fetcher.Form : Form;
  return (
    <FormElement method="post" action={action} className="space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="redirectTo" value={inDialog ? returnTo : action} />
      <FormError id={form.errorId} errors={form.errors} />
      <Field
        labelProps={{ children: "Name" }}
        inputProps={getInputProps(fields.name, { type: "text" })}
        errors={fields.name.errors}
      />
      <Field
        labelProps={{ children: "Email" }}
        inputProps={{ ...getInputProps(fields.email, { type: "email" }), readOnly: member.hasLogin }}
        hint={member.hasLogin ? "They sign in with this email." : undefined}
        errors={fields.email.errors}
      />
      <SelectField
        labelProps={{ children: "Role" }}
        selectProps={getSelectProps(fields.role)}
        options={Object.entries(TEAM_ROLE_LABELS).map(([value, label]) => ({ value, label }))}
        errors={fields.role.errors}
      />
      <PhoneField field={fields.mobileNumber} label="Mobile number (optional)" />
      <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <SubmitButton action={action} pending={inDialog ? fetcher.state !== "idle" : undefined} pendingText="Saving...">
          Save Changes
        </SubmitButton>
      </div>
    </FormElement>
  );
}
