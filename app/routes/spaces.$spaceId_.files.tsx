import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { FILES_LOAD_FAILED, SpaceFiles, filesErrorMeta, keepFilesAfterRefusal } from "~/components/files/space-files";
import { SpaceHeader, SpaceNotFound } from "~/components/spaces";
import { spaceFilesPath, spacePath, chatName, pageMeta } from "~/shared";
import { getChatOverview } from "~/models/chat-sides.server";
import { signOffCardsOfFiles } from "~/models/sign-off-cards.server";
import { homeArea } from "~/models/policy.server";
import { expectFound } from "~/web/errors.server";
import { requireActor } from "~/web/guards.server";
import { answerShareFileForm, loadSpaceFiles } from "~/web/space-files.server";

/*
 * /spaces/{id}/files for agency users and team members: the space's header, then the
 * files shared in its chat, or in its team side's when the id is the team side's (issue
 * 38), and on the client chat's, the way to ask for sign-off on each (issue 39). A client
 * follows the same link to their own Files tab.
 */

export const meta: MetaFunction<typeof loader> = ({ data, error }) =>
  data
    ? pageMeta(
        `Files · ${chatName(data.space.name, data.side)}`,
        `The files shared in the chat of ${data.space.name}: previews, downloads, and a search by name.`,
      )
    : filesErrorMeta(error);

export const shouldRevalidate = keepFilesAfterRefusal;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireActor(request);
  const chatId = params.spaceId ?? "";
  if (homeArea(actor) === "client") throw redirect(spaceFilesPath(actor.type, chatId));
  const { space, ...sides } = await expectFound(getChatOverview(actor, chatId));
  const files = await loadSpaceFiles(request, actor, chatId);
  const signOffs = await signOffCardsOfFiles(
    sides.side,
    files.files.map((file) => file.messageId),
  );
  return { space, chatId, side: sides.side, userType: actor.type, files, signOffs };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireActor(request);
  const spaceId = params.spaceId ?? "";
  return answerShareFileForm(request, actor, spaceId, spaceFilesPath(actor.type, spaceId));
}

export default function SpaceFilesPage() {
  const { space, chatId, userType, files, signOffs } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return (
    <div className="space-y-6">
      <SpaceHeader space={space} userType={userType} chatId={chatId} />
      <SpaceFiles
        data={files}
        path={spaceFilesPath(userType, chatId)}
        reply={refused?.result}
        signOffs={signOffs && { chatPath: spacePath(userType, chatId), cardOf: signOffs }}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <SpaceNotFound loadFailure={FILES_LOAD_FAILED} />;
}
