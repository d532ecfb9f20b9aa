import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { SpaceHeader } from "~/components/spaces/space-header";
import { SpaceNotFound } from "~/components/spaces/space-not-found";
import { getSpaceOverview } from "~/models/spaces.server";
import { expectFound } from "~/web/errors.server";
import { requireActor } from "~/web/guards.server";
import { pageMeta } from "~/utils/meta";
import { spacePath } from "~/utils/paths";

/*
 * /spaces/{id} for agency users and team members: the space's header, then the chat
 * (the child route). A client follows the same link to their own chat page.
 */

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? pageMeta(data.space.name, `The space of ${data.space.name}: its client owner, agency and conversation.`)
    : pageMeta("Space not found", "This space does not exist, or you do not take part in it.");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireActor(request);
  const spaceId = params.spaceId ?? "";
  if (actor.type === "CLIENT") throw redirect(spacePath(actor.type, spaceId));
  return { space: await expectFound(getSpaceOverview(actor, spaceId)) };
}

export default function SpaceLayout() {
  const { space } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <SpaceHeader space={space} />
      <Outlet />
    </div>
  );
}

export function ErrorBoundary() {
  return <SpaceNotFound />;
}
