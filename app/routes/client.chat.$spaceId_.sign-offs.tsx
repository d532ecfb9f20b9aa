import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SIGN_OFFS_LOAD_FAILED, SignOffList, signOffsErrorMeta } from "~/components/sign-offs/sign-off-list";
import { ClientSpaceHeader, SpaceNotFound } from "~/components/spaces";
import { spaceSignOffsPath, pageMeta } from "~/shared";
import { getSpaceOverview } from "~/models/spaces.server";
import { expectFound } from "~/web/errors.server";
import { requireActor } from "~/web/guards.server";
import { loadSignOffList } from "~/web/sign-off-list.server";

/* /client/chat/{id}/sign-offs: what a client's agency asked them to approve in this space, and their answers (issue 39). */

export const meta: MetaFunction<typeof loader> = ({ data, error }) =>
  data
    ? pageMeta(
        `Sign-offs · ${data.space.name}`,
        `What ${data.space.agency.name} asked you to approve in ${data.space.name}, and the answers given.`,
      )
    : signOffsErrorMeta(error);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireActor(request, "client");
  const spaceId = params.spaceId ?? "";
  const space = await expectFound(getSpaceOverview(actor, spaceId));
  return { space, list: await loadSignOffList(request, actor, spaceId) };
}

export default function ClientSpaceSignOffs() {
  const { space, list } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <ClientSpaceHeader space={space} />
      <SignOffList data={list} path={spaceSignOffsPath("CLIENT", space.id)} userType="CLIENT" />
    </div>
  );
}

export function ErrorBoundary() {
  return <SpaceNotFound loadFailure={SIGN_OFFS_LOAD_FAILED} />;
}
