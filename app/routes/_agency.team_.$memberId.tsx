import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { RemovePersonForm } from "~/components/rosters/remove-person";
import { readPersonAnswer } from "~/components/rosters/person-answer";
import { PersonSection } from "~/components/rosters/person-section";
import { SpaceToggles } from "~/components/rosters/space-toggles";
import { TemporaryPasswordSection } from "~/components/rosters/temporary-password";
import { EditMemberForm, teamMemberPath } from "~/components/team/edit-member-form";
import { removeMemberConfirmation } from "~/components/team/team-roster";
import { getTeamMember } from "~/models/team-members.server";
import { expectFound } from "~/web/errors.server";
import { requireActor } from "~/web/guards.server";
import { handlePersonAction } from "~/web/person-actions.server";
import { pageMeta } from "~/utils/meta";

/* One team member, for the agency: the card's dialogs as a page (without JavaScript) and their form endpoint. */

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data ? data.member.name : "Team member", "Edit a team member's details, spaces and login, or remove them.");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireActor(request, "agency");
  return expectFound(getTeamMember(actor, params.memberId ?? ""));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireActor(request, "agency");
  return handlePersonAction(request, actor, "team_member", params.memberId ?? "");
}

export default function TeamMemberPage() {
  const { member, spaces } = useLoaderData<typeof loader>();
  const answer = readPersonAnswer(useActionData<typeof action>());
  const path = teamMemberPath(member.id);
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div>
        <Link to="/team" className="text-sm font-medium text-indigo-700 hover:underline">
          Back to Team
        </Link>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight text-slate-900">{member.name}</h1>
        <p className="mt-1 text-sm text-slate-600">{member.email}</p>
      </div>
      <PersonSection id="edit" title="Edit Team Member">
        <EditMemberForm member={member} lastResult={answer.edit} />
      </PersonSection>
      <PersonSection id="spaces" title={member.spaces.length ? "Manage Spaces" : "Assign to Space"}>
        <SpaceToggles
          actionPath={path}
          personName={member.name}
          spaces={spaces}
          assignedIds={member.spaces.map((space) => space.id)}
          plain={{ redirectTo: path }}
        />
      </PersonSection>
      <PersonSection id="login" title="Login">
        <TemporaryPasswordSection hasLogin={member.hasLogin} issued={answer.issued} error={answer.passwordError} />
      </PersonSection>
      <PersonSection id="remove" title="Remove Member">
        <RemovePersonForm
          actionPath={path}
          confirmation={removeMemberConfirmation(member.name)}
          label="Remove Member"
        />
      </PersonSection>
    </div>
  );
}
