import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PersonRoster } from "~/components/rosters/person-roster";
import { TeamMembersLoadError, teamRosterProps } from "~/components/team/team-member-view";
import { listTeamRoster } from "~/models/team-members.server";
import { requireActor } from "~/web/guards.server";
import { requestedPage } from "~/web/request.server";
import { pageMeta } from "~/shared";

export const meta: MetaFunction = () =>
  pageMeta("My Team", "The team members of your agency and the spaces they work in.");

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireActor(request, "teams");
  return { roster: await listTeamRoster(actor, { page: requestedPage(request) }) };
}

export default function MyTeam() {
  const { roster } = useLoaderData<typeof loader>();
  return (
    <PersonRoster
      {...teamRosterProps(roster, null)}
      title="My Team"
      subtitle="The team members of your agency and the spaces they work in"
      returnTo="/teams/my-team"
    />
  );
}

export function ErrorBoundary() {
  return <TeamMembersLoadError />;
}
