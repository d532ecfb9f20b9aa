import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { TeamRoster } from "~/components/team/team-roster";
import { Alert } from "~/components/ui/alert";
import { PageHeader } from "~/components/ui/page-header";
import { listTeamRoster } from "~/models/team-members.server";
import { requireActor } from "~/web/guards.server";
import { pageMeta } from "~/web/meta";

export const meta: MetaFunction = () =>
  pageMeta("My Team", "The team members of your agency and the spaces they work in.");

export async function loader({ request }: LoaderFunctionArgs) {
  return { roster: await listTeamRoster(await requireActor(request, "teams")) };
}

export default function MyTeam() {
  const { roster } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <PageHeader title="My Team" subtitle="The team members of your agency and the spaces they work in" />
      <TeamRoster roster={roster} inviteOptions={null} />
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
