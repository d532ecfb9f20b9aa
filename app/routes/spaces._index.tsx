import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { lazy } from "react";
import { InviteButton } from "~/components/invitations/invite-button";
import { EmptySpaces } from "~/components/spaces/empty-state";
import { PageHeader, Alert, OnceOpened, Pager, useDialogState } from "~/components/ui";
import { NEED_CLIENT_OWNER, NewSpaceButton } from "~/components/spaces/new-space-dialog";
import { SpaceCard } from "~/components/spaces/space-card";
import { type SpaceSummary, pageMeta } from "~/shared";
import { loadSpacesList } from "~/web/spaces-list.server";

// Loaded when a card's Delete Space is first chosen (OnceOpened).
const DeleteSpaceDialog = lazy(() =>
  import("~/components/spaces/delete-space-dialog").then((module) => ({ default: module.DeleteSpaceDialog })),
);

export const meta: MetaFunction = () =>
  pageMeta("Spaces", "Your client spaces: each client company's logo, contacts, team and conversation in one place.");

export const loader = ({ request }: LoaderFunctionArgs) => loadSpacesList(request);

export default function Spaces() {
  const { userType, editable, spaces, owners, invite } = useLoaderData<typeof loader>();
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
      {spaces.total ? (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {spaces.items.map((space) => (
            <SpaceCard
              key={space.id}
              space={space}
              userType={userType}
              editable={editable}

              onDelete={deleting.open}
            />
          ))}
        </ul>
      ) : owners?.length === 0 ? (
        <EmptySpaces
          title="No spaces yet"
          action={invite ? <InviteButton options={invite} label="Invite Client" title="Invite Client" /> : null}
        >
          {NEED_CLIENT_OWNER}: a space belongs to a client owner. Invite your client as Owner; once they have
          registered, you can create their space.
        </EmptySpaces>
      ) : (
        <EmptySpaces title={editable ? "No spaces yet" : "No spaces assigned to you yet"}>
          {editable
            ? "Create a space for each client company: pick its client owner and add a logo."
            : "When your agency adds you to a space, it shows up here."}
        </EmptySpaces>
      )}
      <Pager list={spaces} label="Pages of spaces" />
      <OnceOpened open={deleting.value !== null}>
        <DeleteSpaceDialog space={deleting.value} onClose={deleting.close} />
      </OnceOpened>
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
