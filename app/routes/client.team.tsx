import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { RosterEmpty } from "~/components/rosters/roster-states";
import { MemberCard } from "~/components/team/member-card";
import { Alert } from "~/components/ui/alert";
import { SubmitButton } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { listAgencyTeamForClient } from "~/models/team-members.server";
import { requireActor } from "~/web/guards.server";
import { pageMeta } from "~/web/meta";

export const meta: MetaFunction = () =>
  pageMeta("Agency Team", "The agency's team members who work in your spaces, and how to reach them.");

export async function loader({ request }: LoaderFunctionArgs) {
  return { members: await listAgencyTeamForClient(await requireActor(request, "client")) };
}

export default function AgencyTeam() {
  const { members } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  return (
    <div className="space-y-6">
      <PageHeader title="Agency Team" subtitle="The team members who work in your spaces">
        {/* A GET to this page: it reloads the list, with or without JavaScript. */}
        <Form method="get">
          <SubmitButton
            variant="outline"
            pending={navigation.state === "loading" && navigation.location.pathname === "/client/team"}
            pendingText="Refreshing..."
          >
            Refresh
          </SubmitButton>
        </Form>
      </PageHeader>
      {members.length ? (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {members.map((member) => (
            <li key={member.id}>
              <MemberCard member={member} editable={false} />
            </li>
          ))}
        </ul>
      ) : (
        <RosterEmpty title="No Team Members Found">
          When your agency assigns team members to your spaces, they show up here.
        </RosterEmpty>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <Alert variant="destructive" title="Error">
      Failed to fetch team members. Please try again later.
    </Alert>
  );
}
