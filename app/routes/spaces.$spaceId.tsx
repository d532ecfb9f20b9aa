import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ChatRoom } from "~/components/chat/chat-room";
import { SpaceHeader } from "~/components/spaces/space-header";
import { SpaceNotFound } from "~/components/spaces/space-not-found";
import { MESSAGES_LOAD_FAILED, chatErrorMeta } from "~/components/chat/chat-load-error";
import { getSpaceOverview } from "~/models/spaces.server";
import { answerChatForm, loadChat } from "~/web/chat.server";
import { homeArea } from "~/models/policy.server";
import { expectFound } from "~/web/errors.server";
import { requireActor } from "~/web/guards.server";
import { pageMeta } from "~/shared/meta";
import { spacePath } from "~/shared/paths";

/*
 * /spaces/{id} for agency users and team members: the space's header, then its chat
 * (the Chat tab; Files is /spaces/{id}/files).
 * A client follows the same link to their own chat page.
 */

export const meta: MetaFunction<typeof loader> = ({ data, error }) =>
  data
    ? pageMeta(data.space.name, `The space of ${data.space.name}: its client owner, agency and conversation.`)
    : chatErrorMeta(error);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireActor(request);
  const spaceId = params.spaceId ?? "";
  if (homeArea(actor) === "client") throw redirect(spacePath(actor.type, spaceId));
  const space = await expectFound(getSpaceOverview(actor, spaceId));
  return { space, userType: actor.type, chat: await loadChat(request, actor, spaceId) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireActor(request);
  const spaceId = params.spaceId ?? "";
  return answerChatForm(request, actor, spaceId, spacePath(actor.type, spaceId));
}

export default function SpacePage() {
  const { space, userType, chat } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return (
    <div className="space-y-6">
      <SpaceHeader space={space} userType={userType} />
      <ChatRoom
        data={chat}
        path={`/spaces/${space.id}`}
        sendError={refused?.sendError ?? null}
        draft={refused?.draft ?? ""}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <SpaceNotFound loadFailure={MESSAGES_LOAD_FAILED} />;
}
