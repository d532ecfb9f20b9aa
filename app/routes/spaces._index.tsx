import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DeleteSpaceDialog } from "~/components/spaces/delete-space-dialog";
import { EmptySpaces } from "~/components/spaces/empty-state";
import { PageHeader } from "~/components/ui/page-header";
import { NewSpaceButton } from "~/components/spaces/new-space-dialog";
import { SpaceCard } from "~/components/spaces/space-card";
import { Alert } from "~/components/ui/alert";
import { useDialogState } from "~/components/ui/dialog";
import { canManageSpaces, listClientOwners, listVisibleSpaces, type SpaceSummary } from "~/models/spaces.server";
import { unreadCounts } from "~/models/unread.server";
import { requireActor } from "~/web/guards.server";
import { pageMeta } from "~/web/meta";

export const meta: MetaFunction = () =>
  pageMeta("Spaces", "Your client spaces: each client company's logo, contacts, team and conversation in one place.");

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireActor(request);
  const editable = canManageSpaces(actor);
  const [spaces, unread, owners] = await Promise.all([
    listVisibleSpaces(actor),
    unreadCounts(actor),
    editable ? listClientOwners(actor) : null,
  ]);
  return { userType: actor.type, editable, spaces, unread, owners };
}

export default function Spaces() {
  const { userType, editable, spaces, unread, owners } = useLoaderData<typeof loader>();
  const deleting = useDialogState<SpaceSummary>();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Spaces"
        subtitle={
          userType === "CLIENT"
            ? "View your assigned spaces and communications"
            : "Manage your client spaces and communications"
        }
      >
        {owners ? <NewSpaceButton owners={owners} /> : null}
      </PageHeader>
      {spaces.length ? (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {spaces.map((space) => (
            <li key={space.id} className="flex">
              <SpaceCard
                space={space}
                userType={userType}
                editable={editable}
                unread={unread[space.id]}
                onDelete={deleting.open}
              />
            </li>
          ))}
        </ul>
      ) : (
        <EmptySpaces title={editable ? "No spaces yet" : "No spaces assigned to you yet"}>
          {editable
            ? "Create a space for each client company: pick its client owner and add a logo."
            : "When your agency adds you to a space, it shows up here."}
        </EmptySpaces>
      )}
      <DeleteSpaceDialog space={deleting.value} onClose={deleting.close} />
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <Alert variant="destructive" title="Error">
      Failed to load spaces. Please try again.
    </Alert>
  );
}
