import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SIGN_OFFS_LOAD_FAILED, SignOffList, signOffsErrorMeta } from "~/components/sign-offs/sign-off-list";
import { SpaceHeader, SpaceNotFound } from "~/components/spaces";
import { spaceSignOffsPath, pageMeta } from "~/shared";
import { getChatOverview } from "~/models/chat-sides.server";
import { homeArea } from "~/models/policy.server";
import { expectFound } from "~/web/errors.server";
import { requireActor } from "~/web/guards.server";
import { loadSignOffList } from "~/web/sign-off-list.server";

/*
 * /spaces/{id}/sign-offs for agency users and team members: the space's header, then
 * every request for sign-off in its client chat (issue 39). Sign-offs are asked of
 * clients, so the team side's id leads to its space's; a client follows the same link
 * to their own Sign-offs tab.
 */

export const meta: MetaFunction<typeof loader> = ({ data, error }) =>
  data
    ? pageMeta(
        `Sign-offs · ${data.space.name}`,
        `The requests for sign-off in ${data.space.name}: who is asked, what they answered, and what still waits.`,
      )
    : signOffsErrorMeta(error);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireActor(request);
  const chatId = params.spaceId ?? "";
  if (homeArea(actor) === "client") throw redirect(spaceSignOffsPath(actor.type, chatId));
  const { space, ...sides } = await expectFound(getChatOverview(actor, chatId));
  if (sides.side === "team") throw redirect(spaceSignOffsPath(actor.type, sides.spaceId));
  return { space, userType: actor.type, list: await loadSignOffList(request, actor, sides.spaceId) };
}

export default function SpaceSignOffsPage() {
  const { space, userType, list } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <SpaceHeader space={space} userType={userType} />
      <SignOffList data={list} path={spaceSignOffsPath(userType, space.id)} userType={userType} />
    </div>
  );
}

export function ErrorBoundary() {
  return <SpaceNotFound loadFailure={SIGN_OFFS_LOAD_FAILED} />;
}
