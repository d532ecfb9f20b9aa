import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ChatRoom } from "~/components/chat/chat-room";
import { ClientSpaceHeader, SpaceNotFound } from "~/components/spaces";
import { MESSAGES_LOAD_FAILED, chatErrorMeta } from "~/components/chat/chat-load-error";
import { answerChatForm, expectFound, getChatOverview, loadChat, requireActor } from "~/web/chat-pages.server";
import { pageMeta } from "~/shared";

/* /client/chat/{id}: a client's conversation with their agency in one of their spaces. */

export const meta: MetaFunction<typeof loader> = ({ data, error }) =>
  data
    ? pageMeta(
        `${data.space.name} · Team Chat`,
        `Your conversation with ${data.space.agency.name} in ${data.space.name}.`,
      )
    : chatErrorMeta(error);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireActor(request, "client");
  const spaceId = params.spaceId ?? "";
  // The same overview as the agency's chat page: a client is found only the chats of their own spaces.
  const { space, chat } = await expectFound(getChatOverview(actor, spaceId));
  return { space, chat: await loadChat(request, actor, chat) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const actor = await requireActor(request, "client");
  const spaceId = params.spaceId ?? "";
  return answerChatForm(request, actor, spaceId, { path: `/client/chat/${spaceId}`, clientIp: context.clientIp });
}

export default function ClientChat() {
  const { space, chat } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return (
    <div className="space-y-4">
      <ClientSpaceHeader space={space} />
      <ChatRoom data={chat} path={`/client/chat/${space.id}`} refused={refused} />
    </div>
  );
}

export function ErrorBoundary() {
  return <SpaceNotFound loadFailure={MESSAGES_LOAD_FAILED} />;
}
