import type { ClientLoaderFunctionArgs } from "@remix-run/react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Await, useLoaderData } from "@remix-run/react";
import { Suspense } from "react";
import { InviteButton } from "~/components/invitations/invite-button";
import { PersonRoster } from "~/components/rosters/person-roster";
import { RosterSkeleton } from "~/components/rosters/roster-states";
import { teamRosterProps } from "~/components/team/team-member-view";
import { Alert, PageHeader } from "~/components/ui";
import { pageMeta } from "~/shared";
import { loadTeamRoster } from "~/web/team-roster.server";

export const meta: MetaFunction = () => pageMeta("Team", "Manage your team members and their access to spaces.");

export async function loader({ request }: LoaderFunctionArgs) {
  return { team: await loadTeamRoster(request) };
}

/*
 * The first page load renders the team on the server (so it works without
 * JavaScript). Arriving from another page in the browser shows SPEC §9's three
 * skeleton cards at once and the team when it arrives; a revalidation on this page
 * (after a space was toggled in a dialog) waits instead, so the open dialog stays.
 */
export async function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  const team = serverLoader<typeof loader>().then((data) => data.team);
  return { team: window.location.pathname === "/team" ? await team : team };
}

const subtitle = "Manage your team members and their access to spaces";

export default function Team() {
  const { team } = useLoaderData<typeof loader>();
  return (
    <Suspense
      fallback={
        <div className="space-y-6">
          <PageHeader title="Team" subtitle={subtitle} />
          <RosterSkeleton />
        </div>
      }
    >
      <Await
        resolve={team}
        errorElement={
          <Alert variant="destructive" title="Error">
            Failed to load team data
          </Alert>
        }
      >
        {({ roster, invitations, inviteOptions }) => (
          <PersonRoster
            {...teamRosterProps(roster, inviteOptions)}
            title="Team"
            subtitle={subtitle}
            actions={
              inviteOptions ? (
                <InviteButton options={inviteOptions} label="Add Team Member" title="Add Team Member" />
              ) : null
            }
            returnTo="/team"
            invitations={inviteOptions ? { list: invitations, showCompany: false } : null}
          />
        )}
      </Await>
    </Suspense>
  );
}

export function ErrorBoundary() {
  return (
    <Alert variant="destructive" title="Error">
      Failed to load team data
    </Alert>
  );
}
