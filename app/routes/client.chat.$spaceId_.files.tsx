import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { FILES_LOAD_FAILED, SpaceFiles, filesErrorMeta, keepFilesAfterRefusal } from "~/components/files/space-files";
import { ClientSpaceHeader, SpaceNotFound } from "~/components/spaces";
import { spaceFilesPath, pageMeta } from "~/shared";
import { getSpaceOverview } from "~/models/spaces.server";
import { expectFound } from "~/web/errors.server";
import { requireActor } from "~/web/guards.server";
import { answerShareFileForm, loadSpaceFiles } from "~/web/space-files.server";

/* /client/chat/{id}/files: the files shared in a client's conversation with their agency. */

export const meta: MetaFunction<typeof loader> = ({ data, error }) =>
  data
    ? pageMeta(
        `Files · ${data.space.name}`,
        `The files shared in your conversation with ${data.space.agency.name} in ${data.space.name}.`,
      )
    : filesErrorMeta(error);

export const shouldRevalidate = keepFilesAfterRefusal;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireActor(request, "client");
  const spaceId = params.spaceId ?? "";
  const space = await expectFound(getSpaceOverview(actor, spaceId));
  return { space, files: await loadSpaceFiles(request, actor, spaceId) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireActor(request, "client");
  const spaceId = params.spaceId ?? "";
  return answerShareFileForm(request, actor, spaceId, spaceFilesPath(actor.type, spaceId));
}

export default function ClientSpaceFiles() {
  const { space, files } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return (
    <div className="space-y-4">
      <ClientSpaceHeader space={space} />
      <SpaceFiles data={files} path={spaceFilesPath("CLIENT", space.id)} reply={refused?.result} />
    </div>
  );
}

export function ErrorBoundary() {
  return <SpaceNotFound loadFailure={FILES_LOAD_FAILED} />;
}
