import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Await, useLoaderData } from "@remix-run/react";
import { Suspense } from "react";
import { InvitationsTable } from "~/components/invitations/invitations-table";
import { InviteButton } from "~/components/invitations/invite-button";
import { RosterSkeleton } from "~/components/rosters/roster-states";
import { TeamRoster } from "~/components/team/team-roster";
import { Alert } from "~/components/ui/alert";
import { PageHeader } from "~/components/ui/page-header";
import { inviteOptions, listInvitations } from "~/models/invitations.server";
import { canInvite } from "~/models/policy.server";
import { listTeamRoster } from "~/models/team-members.server";
import { requireActor } from "~/web/guards.server";
import { appOrigin } from "~/web/request.server";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = () => pageMeta("Team", "Manage your team members and their access to spaces.");

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireActor(request, "agency");
  const mayInvite = canInvite(actor, "ACCOUNT_MANAGER");
  return {
    // Streamed: the page shows skeleton cards until the roster arrives.
    team: Promise.all([listTeamRoster(actor), listInvitations(actor, "team", appOrigin(request))]),
    inviteOptions: mayInvite ? await inviteOptions(actor, "team") : null,
  };
}

export default function Team() {
  const { team, inviteOptions } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <PageHeader title="Team" subtitle="Manage your team members and their access to spaces">
        {inviteOptions ? (
          <InviteButton options={inviteOptions} label="Add Team Member" title="Add Team Member" />
        ) : null}
      </PageHeader>
      <Suspense fallback={<RosterSkeleton />}>
        <Await
          resolve={team}
          errorElement={
            <Alert variant="destructive" title="Error">
              Failed to load team data
            </Alert>
          }
        >
          {([roster, invitations]) => (
            <div className="space-y-8">
              <TeamRoster roster={roster} inviteOptions={inviteOptions} />
              {inviteOptions ? (
                <InvitationsTable invitations={invitations} showCompany={false} returnTo="/team" />
              ) : null}
            </div>
          )}
        </Await>
      </Suspense>
    </div>
  );
}
