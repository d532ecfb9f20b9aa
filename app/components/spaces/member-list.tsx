import { getFormProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import { Form, useFetcher, useLocation } from "@remix-run/react";
import { PresenceAvatar } from "~/components/realtime";
import type { Presence } from "~/shared/presence-words";
import { SubmitButton, Card, SelectField, UserMinusIcon, UserPlusIcon, useHydrated } from "~/components/ui";
import type { SpaceMemberSchema } from "~/shared/space.schemas";
import { imageUrl } from "~/shared";
import { FORM_CONSTRAINTS } from "~/shared/form-constraints";

/*
 * The people of a space on Manage Team and Manage Clients: a form to add one more and
 * a list with a Remove button per person. Plain forms, so both work without
 * JavaScript; with it a removal hides its row at once, while the server confirms.
 * A failure is a toast: without JavaScript the forms carry `redirectTo`, so that the
 * answer brings the page back with it.
 */

/** Where a plain form's answer comes back to; a fetcher (with JavaScript) stays on its page without it. */
function ReturnHere() {
  const hydrated = useHydrated();
  const { pathname } = useLocation();
  return hydrated ? null : <input type="hidden" name="redirectTo" value={pathname} />;
}

export type MemberRow = {
  id: string;
  name: string;
  detail: string;
  avatarKey: string | null;
  /** Their account and whether they are online, as the viewer may see it. */
  userId: string | null;
  presence: Presence | null;
  badge?: string;
  canRemove: boolean;
};

export function AddMemberForm({
  label,
  pendingLabel,
  fieldLabel,
  candidates,
  lastResult,
}: {
  /** The button: "Assign Team Member", "Add Client", "Add Employee". */
  label: string;
  /** What the button reads while the server adds them: "Assigning...", "Adding...". */
  pendingLabel: string;
  fieldLabel: string;
  candidates: Array<{ id: string; label: string }>;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useForm<z.input<typeof SpaceMemberSchema>>({
    id: "add-member",
    lastResult,
    constraint: FORM_CONSTRAINTS.SpaceMemberSchema,
  });
  return (
    <Form method="post" className="flex flex-col gap-3 sm:flex-row sm:items-start" {...getFormProps(form)}>
      <ReturnHere />
      <SelectField
        className="flex-1"
        labelProps={{ children: fieldLabel, className: "sr-only" }}
        selectProps={getSelectProps(fields.memberId)}
        placeholder={`${fieldLabel}...`}
        options={candidates.map((candidate) => ({ value: candidate.id, label: candidate.label }))}
        errors={fields.memberId.errors}
      />
      <SubmitButton name="intent" value="add" pendingText={pendingLabel}>
        <UserPlusIcon />
        {label}
      </SubmitButton>
    </Form>
  );
}

export function MemberList({ members, emptyText }: { members: MemberRow[]; emptyText: string }) {
  if (!members.length) {
    return (
      <Card className="px-6 py-10 text-center">
        <p className="text-sm text-slate-600">{emptyText}</p>
      </Card>
    );
  }
  return (
    <Card>
      <ul className="divide-y divide-slate-100">
        {members.map((member) => (
          <MemberItem key={member.id} member={member} />
        ))}
      </ul>
    </Card>
  );
}

function MemberItem({ member }: { member: MemberRow }) {
  const fetcher = useFetcher();
  if (fetcher.formData?.get("memberId") === member.id) return null;
  return (
    <li className="flex items-center gap-3 px-4 py-3 sm:px-5">
      <PresenceAvatar
        name={member.name}
        src={imageUrl(member.avatarKey)}
        size="md"
        alt=""
        userId={member.userId}
        presence={member.presence}
      />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
          <span className="truncate">{member.name}</span>
          {member.badge ? (
            <span className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700">
              {member.badge}
            </span>
          ) : null}
        </p>
        <p className="truncate text-sm text-slate-600">{member.detail}</p>
      </div>
      {member.canRemove ? (
        <fetcher.Form method="post">
          <ReturnHere />
          <input type="hidden" name="memberId" value={member.id} />
          <SubmitButton
            name="intent"
            value="remove"
            variant="outline"
            size="sm"
            pending={fetcher.state !== "idle"}
            pendingText="Removing..."
            aria-label={`Remove ${member.name}`}
          >
            <UserMinusIcon />
            Remove
          </SubmitButton>
        </fetcher.Form>
      ) : null}
    </li>
  );
}
