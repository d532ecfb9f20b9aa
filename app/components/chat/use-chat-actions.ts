import { useCallback, useMemo, useRef } from "react";
import type { ChatActionResult, ChatMessage, ReactionType, SpaceChange } from "~/models/message.schemas";
import type { ChatAction } from "./chat-state";

/*
 * The chat's forms with JavaScript: the same posts the no-JavaScript forms make,
 * sent to /resources/chat/{spaceId}, whose JSON answer is applied to the chat's
 * state as the change it made. Sends are optimistic (Sending…, then the message, or
 * failed with Retry); a file goes up with XMLHttpRequest, whose upload reports progress.
 */

type Dispatch = (action: ChatAction) => void;
type Failure = Extract<ChatActionResult, { ok: false }>;

const SEND_FAILED = "Failed to send message. Please try again.";
const CHANGE_FAILED = "Failed to edit or delete message. Please try again.";

export function chatResourcePath(spaceId: string) {
  return `/resources/chat/${spaceId}`;
}

export function useChatActions({ spaceId, dispatch }: { spaceId: string; dispatch: Dispatch }) {
  const path = chatResourcePath(spaceId);
  // Files of failed sends, kept for Retry.
  const files = useRef(new Map<string, File>());

  const apply = useCallback(
    (change: Omit<SpaceChange, "createdAt" | "userId"> & { userId?: string | null }) =>
      dispatch({ type: "change", change: { userId: null, createdAt: new Date().toISOString(), ...change } }),
    [dispatch],
  );

  const send = useCallback(
    async ({ content, file }: { content: string; file: File | null }, clientId: string = crypto.randomUUID()) => {
      dispatch({
        type: "pending",
        message: {
          clientId,
          content,
          fileName: file?.name ?? null,
          status: "sending",
          progress: file ? 0 : null,
          error: null,
        },
      });
      const body = form({ intent: "send", clientId, content });
      if (file) {
        files.current.set(clientId, file);
        body.set("file", file);
      }
      const onProgress = (progress: number) =>
        dispatch({
          type: "pending",
          message: { clientId, content, fileName: file?.name ?? null, status: "sending", progress, error: null },
        });
      const result = await (file ? upload(path, body, onProgress) : post(path, body));
      if (!result?.ok || result.intent !== "send") {
        dispatch({ type: "failed", clientId, error: failureOf(result, SEND_FAILED) });
        return;
      }
      files.current.delete(clientId);
      apply({ seq: result.seq, kind: "message.created", messageId: result.message.id, payload: result.message });
    },
    [apply, dispatch, path],
  );

  const retry = useCallback(
    (pending: { clientId: string; content: string }) =>
      send({ content: pending.content, file: files.current.get(pending.clientId) ?? null }, pending.clientId),
    [send],
  );

  /** Edits or deletes; resolves to the error to show, or null. */
  const change = useCallback(
    async (fields: Record<string, string>): Promise<string | null> => {
      const result = await post(path, form(fields));
      if (!result?.ok) return failureOf(result, CHANGE_FAILED);
      if (result.intent === "edit" && result.seq !== null) {
        apply({ seq: result.seq, kind: "message.edited", messageId: result.message.id, payload: result.message });
      }
      if (result.intent === "delete") {
        apply({ seq: result.seq, kind: "message.deleted", messageId: result.id, payload: { id: result.id } });
      }
      return null;
    },
    [apply, path],
  );

  /** Toggles at once; on failure the message's reactions are fetched again (SPEC §4). */
  const react = useCallback(
    async (message: ChatMessage, reaction: ReactionType, viewerId: string) => {
      const users = message.reactions[reaction];
      const toggled = users.includes(viewerId) ? users.filter((id) => id !== viewerId) : [...users, viewerId];
      dispatch({ type: "reactions", messageId: message.id, reactions: { ...message.reactions, [reaction]: toggled } });
      const result = await post(path, form({ intent: "react", messageId: message.id, reaction }));
      if (result?.ok && result.intent === "react") {
        apply({ seq: result.seq, kind: "reaction.changed", messageId: message.id, payload: result });
        return;
      }
      const fresh = await getJson<{ message?: ChatMessage }>(`${path}?message=${message.id}`);
      if (fresh?.message) dispatch({ type: "reactions", messageId: message.id, reactions: fresh.message.reactions });
    },
    [apply, dispatch, path],
  );

  const markRead = useCallback(() => void post(path, form({ intent: "read" })), [path]);

  const loadOlder = useCallback(
    async (oldestId: string) => {
      const answer = await getJson<{ page?: { messages: ChatMessage[]; hasOlder: boolean } }>(
        `${path}?before=${encodeURIComponent(oldestId)}`,
      );
      if (answer?.page) dispatch({ type: "older", messages: answer.page.messages, hasOlder: answer.page.hasOlder });
    },
    [dispatch, path],
  );

  return useMemo(
    () => ({
      send,
      retry,
      edit: (messageId: string, content: string) => change({ intent: "edit", messageId, content }),
      remove: (messageId: string) => change({ intent: "delete", messageId }),
      react,
      markRead,
      loadOlder,
    }),
    [send, retry, change, react, markRead, loadOlder],
  );
}

export type ChatActions = ReturnType<typeof useChatActions>;

function form(fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return body;
}

function failureOf(result: ChatActionResult | null, fallback: string) {
  return (result as Failure | null)?.error ?? fallback;
}

async function post(path: string, body: FormData): Promise<ChatActionResult | null> {
  try {
    const response = await fetch(path, { method: "POST", body, headers: { Accept: "application/json" } });
    return response.headers.get("Content-Type")?.includes("json")
      ? ((await response.json()) as ChatActionResult)
      : null;
  } catch {
    return null;
  }
}

async function getJson<T>(path: string): Promise<T | null> {
  try {
    const response = await fetch(path, { headers: { Accept: "application/json" } });
    return response.ok ? ((await response.json()) as T) : null;
  } catch {
    return null;
  }
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
