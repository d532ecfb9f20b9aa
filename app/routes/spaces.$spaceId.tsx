import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ChatRoom } from "~/components/chat/chat-room";
import { SpaceHeader, SpaceNotFound } from "~/components/spaces";
import { MESSAGES_LOAD_FAILED, chatErrorMeta } from "~/components/chat/chat-load-error";
import { chatName, pageMeta, spacePath } from "~/shared";
import {
  answerChatForm,
  expectFound,
  getChatOverview,
  homeArea,
  loadChat,
  redirect,
  requireActor,
} from "~/web/chat-pages.server";

/*
 * /spaces/{id} for agency users and team members: the space's header, then its chat
 * (the Chat tab; Files is /spaces/{id}/files). The id is either of the space's chats
 * (issue 38): the space's own, its client chat, or its team side's, the Team only tab.
 * A client follows the same link to their own chat page.
 */

export const meta: MetaFunction<typeof loader> = ({ data, error }) =>
  data
    ? pageMeta(
        chatName(data.space.name, data.chat.side),
        data.chat.side === "team"
          ? `What the team of ${data.space.name} says among itself: only the agency's staff see it.`
          : `The space of ${data.space.name}: its client owner, agency and conversation.`,
      )
    : chatErrorMeta(error);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireActor(request);
  const chatId = params.spaceId ?? "";
  if (homeArea(actor) === "client") throw redirect(spacePath(actor.type, chatId));
  const { space, tabs, chat } = await expectFound(getChatOverview(actor, chatId));
  return { space, tabs, userType: actor.type, chat: await loadChat(request, actor, chat) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const actor = await requireActor(request);
  const spaceId = params.spaceId ?? "";
  return answerChatForm(request, actor, spaceId, { path: spacePath(actor.type, spaceId), clientIp: context.clientIp });
}

export default function SpacePage() {
  const { space, tabs, userType, chat } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return (
    <div className="space-y-6">
      <SpaceHeader space={space} userType={userType} chatId={chat.spaceId} />
      <ChatRoom data={chat} tabs={tabs} path={`/spaces/${chat.spaceId}`} refused={refused} />
    </div>
  );
}

export function ErrorBoundary() {
  return <SpaceNotFound loadFailure={MESSAGES_LOAD_FAILED} />;
}
