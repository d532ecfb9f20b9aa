import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { PersonRoster } from "~/components/rosters/person-roster";
import { RosterEmpty } from "~/components/rosters/roster-states";
import { TeamMembersLoadError, teamMemberView } from "~/components/team/team-member-view";
import { SubmitButton } from "~/components/ui";
import { PAGE_PARAM, pageMeta } from "~/shared";
import { listAgencyTeamForClient } from "~/models/team-members.server";
import { requireActor } from "~/web/guards.server";
import { requestedPage } from "~/web/request.server";

export const meta: MetaFunction = () =>
  pageMeta("Agency Team", "The agency's team members who work in your spaces, and how to reach them.");

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireActor(request, "client");
  return { members: await listAgencyTeamForClient(actor, { page: requestedPage(request) }) };
}

export default function AgencyTeam() {
  const { members } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  return (
    <PersonRoster
      view={teamMemberView}
      title="Agency Team"
      subtitle="The team members who work in your spaces"
      actions={
        // A GET to this page: it reloads the list (the same page of it), with or without JavaScript.
        <Form method="get">
          {members.page > 1 ? <input type="hidden" name={PAGE_PARAM} value={members.page} /> : null}
          <SubmitButton
            variant="outline"
            pending={navigation.state === "loading" && navigation.location.pathname === "/client/team"}
            pendingText="Refreshing..."
          >
            Refresh
          </SubmitButton>
        </Form>
      }
      people={members}
      empty={
        <RosterEmpty title="No Team Members Found">
          When your agency assigns team members to your spaces, they show up here.
        </RosterEmpty>
      }
      spaces={[]}
      editable={false}
      returnTo="/client/team"
    />
  );
}

export function ErrorBoundary() {
  return <TeamMembersLoadError />;
}
