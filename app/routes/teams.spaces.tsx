import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { EmptySpaces } from "~/components/spaces/empty-state";
import { PageHeader, Pager } from "~/components/ui";
import { SpaceCard } from "~/components/spaces/space-card";
import { listVisibleSpaces } from "~/models/spaces.server";
import { requireActor } from "~/web/guards.server";
import { requestedPage } from "~/web/request.server";
import { pageMeta } from "~/shared";

export const meta: MetaFunction = () =>
  pageMeta("My Spaces", "The client spaces you are assigned to: enter one to talk with its client.");

/** SPEC §2.4: a team member's spaces, read-only. */
export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireActor(request, "teams");
  return { spaces: await listVisibleSpaces(actor, { page: requestedPage(request) }) };
}

export default function MySpaces() {
  const { spaces } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <PageHeader title="My Spaces" subtitle="The client spaces you are assigned to" />
      {spaces.total ? (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {spaces.items.map((space) => (
            <SpaceCard key={space.id} space={space} userType="TEAM_MEMBER" />
          ))}
        </ul>
      ) : (
        <EmptySpaces title="No spaces assigned to you yet">
          When your agency assigns you to a space, it shows up here.
        </EmptySpaces>
      )}
      <Pager list={spaces} label="Pages of spaces" />
    </div>
  );
}
