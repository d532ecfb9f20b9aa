import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AddMemberForm, MemberList } from "~/components/spaces/member-list";
import { SpaceNotFound } from "~/components/spaces";
import { SpaceSubpage } from "~/components/spaces/space-subpage";
import { addClientToSpace, removeClientFromSpace } from "~/models/space-assignments.server";
import { getSpaceClients } from "~/models/space-members.server";
import { expectFound } from "~/web/errors.server";
import { requireActor } from "~/web/guards.server";
import { spaceMemberAction } from "~/web/space-member-actions.server";
import { pageMeta, CLIENT_ROLE_LABELS } from "~/shared";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(
    data ? `Clients of ${data.space.name}` : "Manage Clients",
    "The client contacts who take part in this space.",
  );

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireActor(request);
  return { ...(await expectFound(getSpaceClients(actor, params.spaceId ?? ""))), isClient: actor.type === "CLIENT" };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireActor(request);
  const spaceId = params.spaceId ?? "";
  return spaceMemberAction(request, {
    back: `/spaces/${spaceId}/clients`,
    add: (memberId) => addClientToSpace(actor, spaceId, memberId),
    remove: (memberId) => removeClientFromSpace(actor, spaceId, memberId),
  });
}

export default function ManageClients() {
  const { space, clients, candidates, addLabel, isClient } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const lastResult = answer && "result" in answer ? answer.result : undefined;
  const people = isClient ? "Employees" : "Clients";
  return (
    <SpaceSubpage
      space={space}
      title={`${people} of ${space.name}`}
      subtitle={`The ${people.toLowerCase()} who take part in this space and its chat.`}
    >
      {addLabel && candidates.length ? (
        <AddMemberForm
          label={addLabel}
          pendingLabel="Adding..."
          fieldLabel={isClient ? "Choose an employee" : "Choose a client"}
          candidates={candidates}
          lastResult={lastResult}
        />
      ) : addLabel ? (
        <p className="text-sm text-slate-600">
          Everyone you could add already takes part.{" "}
          <Link
            to={isClient ? "/client/employees" : "/clients"}
            className="font-medium text-indigo-700 hover:underline"
          >
            {isClient ? "Invite employees" : "Invite clients"}
          </Link>
        </p>
      ) : null}
      <MemberList
        emptyText={`No ${people.toLowerCase()} in this space yet.`}
        members={clients.map((client) => ({
          id: client.id,
          name: client.name,
          detail: [client.company, CLIENT_ROLE_LABELS[client.role], client.email].filter(Boolean).join(" · "),
          avatarKey: client.avatarKey,
          userId: client.userId,
          presence: client.presence,
          badge: client.isOwner ? "Client Owner" : undefined,
          canRemove: client.canRemove,
        }))}
      />
    </SpaceSubpage>
  );
}

export function ErrorBoundary() {
  return <SpaceNotFound />;
}
