import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AddMemberForm, MemberList } from "~/components/spaces/member-list";
import { SpaceNotFound } from "~/components/spaces";
import { SpaceSubpage } from "~/components/spaces/space-subpage";
import { assignTeamMember, unassignTeamMember } from "~/models/space-assignments.server";
import { getSpaceTeam } from "~/models/space-members.server";
import { expectFound } from "~/web/errors.server";
import { requireActor } from "~/web/guards.server";
import { spaceMemberAction } from "~/web/space-member-actions.server";
import { pageMeta, TEAM_ROLE_LABELS } from "~/shared";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(
    data ? `Manage Team for ${data.space.name}` : "Manage Team",
    "Assign the agency's team members to this space, or take them off it.",
  );

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireActor(request);
  return expectFound(getSpaceTeam(actor, params.spaceId ?? ""));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireActor(request);
  const spaceId = params.spaceId ?? "";
  return spaceMemberAction(request, {
    back: `/spaces/${spaceId}/team`,
    add: (memberId) => assignTeamMember(actor, spaceId, memberId),
    remove: (memberId) => unassignTeamMember(actor, spaceId, memberId),
  });
}

export default function ManageTeam() {
  const { space, assigned, available } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const lastResult = answer && "result" in answer ? answer.result : undefined;
  return (
    <SpaceSubpage
      space={space}
      title={`Manage Team for ${space.name}`}
      subtitle="Team members assigned here see the space and take part in its chat."
    >
      {available.length ? (
        <AddMemberForm
          label="Assign Team Member"
          pendingLabel="Assigning..."
          fieldLabel="Choose a team member"
          candidates={available}
          lastResult={lastResult}
        />
      ) : (
        <p className="text-sm text-slate-600">
          {assigned.length ? "Every team member is assigned to this space." : "Your agency has no team members yet."}{" "}
          <Link to="/team" className="font-medium text-indigo-700 hover:underline">
            Invite team members
          </Link>
        </p>
      )}
      <MemberList
        emptyText="No team members assigned to this space yet."
        members={assigned.map((member) => ({
          id: member.id,
          name: member.name,
          detail: `${TEAM_ROLE_LABELS[member.role]} · ${member.email}`,
          avatarKey: member.avatarKey,
          userId: member.userId,
          presence: member.presence,
          canRemove: true,
        }))}
      />
    </SpaceSubpage>
  );
}

export function ErrorBoundary() {
  return <SpaceNotFound loadFailure="Failed to load team members for this space." />;
}
