import { useCallback, useMemo, useRef } from "react";
import { getJson } from "~/components/realtime";
import { showToast } from "~/components/ui";
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TOO_LARGE,
  MESSAGE_TEXT,
  type ChatActionResult,
  type ChatMessage,
  type ReactionType,
  CHAT_TOASTS,
  fileFailedToast,
  unpackPage,
  type Packed,
} from "~/shared";
import type { ChatAction } from "./chat-state";
import type { LiveChatCommands } from "./use-live-chat";

/*
 * What the chat does beyond the socket's commands (use-live-chat.ts): a message with a
 * file goes up as the no-JavaScript form's post, to /resources/chat/{spaceId}, with
 * XMLHttpRequest, whose upload reports progress, in its turn among the messages typed
 * (the live chat's line); reactions show at once; older pages
 * and a message's current reactions are read over HTTP.
 */

type Dispatch = (action: ChatAction) => void;
type FileFailure = { title: string; error: string };

export function chatResourcePath(spaceId: string) {
  return `/resources/chat/${spaceId}`;
}

export function useChatActions({
  spaceId,
  dispatch,
  live,
}: {
  spaceId: string;
  dispatch: Dispatch;
  live: LiveChatCommands;
}) {
  const path = chatResourcePath(spaceId);
  // Files of failed sends, kept for Retry.
  const files = useRef(new Map<string, File>());

  const sendFile = useCallback(
    async (
      { content, file, replyToId }: { content: string; file: File; replyToId?: string },
      clientId: string = crypto.randomUUID(),
    ) => {
      const pending = (progress: number) =>
        dispatch({
          type: "pending",
          message: { clientId, content, fileName: file.name, status: "sending", progress, error: null },
        });
      /** `failure` is null when the post got no answer. */
      const fail = (failure: FileFailure | null) => {
        dispatch({ type: "failed", clientId, error: failure?.error ?? MESSAGE_TEXT.fileSendFailed });
        showToast(fileFailedToast(failure));
      };
      pending(0);
      files.current.set(clientId, file);
      // Refused here: the server would refuse a body this large unread (413), without SPEC's words.
      if (file.size > ATTACHMENT_MAX_BYTES) {
        return fail({ title: ATTACHMENT_TOO_LARGE.title, error: ATTACHMENT_TOO_LARGE.message });
      }
      const body = form({ intent: "send", clientId, content, ...(replyToId && { replyToId }) });
      body.set("file", file);
      const result = await live.inTurn(() => upload(path, body, pending));
      if (!result?.ok || result.intent !== "send") return fail(result && !result.ok ? result : null);
      files.current.delete(clientId);
      showToast(CHAT_TOASTS.fileSent);
      if (result.change) live.receive(result.change);
      // A retry of a message stored before: it is shown already, or the next sync brings it.
      else dispatch({ type: "discard", clientId });
    },
    [dispatch, live, path],
  );

  /** Sends a failed file again; false when the message had no file (the live chat's outbox retries those). */
  const retryFile = useCallback(
    (pending: { clientId: string; content: string }) => {
      const file = files.current.get(pending.clientId);
      if (file) void sendFile({ content: pending.content, file }, pending.clientId);
      return Boolean(file);
    },
    [sendFile],
  );

  /** Toggles at once; on failure the message's reactions are fetched again (SPEC §4). */
  const react = useCallback(
    async (message: ChatMessage, reaction: ReactionType, viewerId: string) => {
      const users = message.reactions[reaction];
      const toggled = users.includes(viewerId) ? users.filter((id) => id !== viewerId) : [...users, viewerId];
      dispatch({ type: "reactions", messageId: message.id, reactions: { ...message.reactions, [reaction]: toggled } });
      if ((await live.react(message.id, reaction)) === null) return;
      const fresh = await getJson<{ message?: ChatMessage }>(`${path}?message=${message.id}`);
      if (fresh?.message) dispatch({ type: "reactions", messageId: message.id, reactions: fresh.message.reactions });
    },
    [dispatch, live, path],
  );

  const loadOlder = useCallback(
    async (oldestId: string) => {
      const answer = await getJson<{ page?: Packed<{ messages: ChatMessage[]; hasOlder: boolean }> }>(
        `${path}?before=${encodeURIComponent(oldestId)}`,
      );
      if (!answer?.page) return;
      const { messages, hasOlder } = unpackPage(spaceId, answer.page);
      dispatch({ type: "older", messages, hasOlder });
    },
    [dispatch, path, spaceId],
  );

  return useMemo(() => ({ sendFile, retryFile, react, loadOlder }), [sendFile, retryFile, react, loadOlder]);
}

export type ChatActions = ReturnType<typeof useChatActions>;

function form(fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return body;
}

function upload(path: string, body: FormData, onProgress: (progress: number) => void) {
  return new Promise<ChatActionResult | null>((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", path);
    request.setRequestHeader("Accept", "application/json");
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => resolve((request.response as ChatActionResult | null) ?? null);
    request.onerror = () => resolve(null);
    request.send(body);
  });
}
