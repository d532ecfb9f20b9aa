import crypto from "node:crypto";
import { data, redirect } from "@remix-run/node";
import type { z } from "zod";
import type { Actor } from "~/models/actors.server";
import { toggleReaction } from "~/models/message-reactions.server";
import { MESSAGE_TEXT, type ChatActionResult } from "~/shared/chat-message";
import { ChatFormSchema, ChatSendFormSchema } from "~/shared/message.schemas";
import { packPage } from "~/shared/chat-page";
import { findChatMessage, findReplyQuote, listMessages, listMessagesIn } from "~/models/messages.server";
import { sendMessage } from "~/models/message-sending.server";
import { deleteMessage, editMessage } from "~/models/message-changes.server";
import { removeLinkPreview } from "~/models/link-previews.server";
import { listMentionable } from "~/models/mentions.server";
import { markRead } from "~/models/space-reads.server";
import { findShareable, shareWithClient, type OpenedChat } from "~/models/chat-sides.server";
import { ATTACHMENT_MAX_BYTES } from "~/models/uploads.server";
import { imageUrl } from "~/shared/image-urls";
import { CHAT_TOASTS, UPLOAD_FAILED_TITLE } from "~/shared/chat-toasts";
import { expectFound } from "./errors.server";
import { runForm } from "./form-action.server";
import { redirectWithToast } from "./toast.server";
import { readUploadForm } from "./request.server";
import { answerSignOffForm, isSignOffIntent, loadSignOffPanel } from "./sign-offs.server";
import { isAgencyStaff } from "~/models/policy.server";

/*
 * The request side of the chat, shared by the two chat pages (agency and team at
 * /spaces/{id}, clients at /client/chat/{id}) and the resource route the browser's
 * scripts post a file to and read from. Every rule is in the models; this reads the
 * request and says what came of it. With JavaScript the other commands go over the
 * socket (decision 019); without it, the page's forms post them to the page.
 */

/**
 * What a chat page shows: the latest messages, an older page, the page of one message
 * (`?message=`, a search result followed to its chat), or search results. Opening the
 * latest messages reads them, with JavaScript or without, before they are listed, so
 * that the page shows them read (their readers, the bell's count); the browser's live
 * chat reads only the messages that come after (chat-room.tsx, `chat:read`). The chat
 * is one the page found the actor may see, with its space (`getChatOverview`).
 */
export async function loadChat(request: Request, actor: Actor, chat: OpenedChat) {
  const { id: spaceId, side } = chat;
  const url = new URL(request.url);
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const before = url.searchParams.get("before");
  // The Mentions filter: the messages that mention the reader, with or without a search.
  const mentionsMe = url.searchParams.get("mentions") === "me";
  const searching = Boolean(query) || mentionsMe;
  // Opened at a message, the reader has not seen the latest ones, so they stay unread.
  const around = searching ? null : url.searchParams.get("message");
  // Most chats are opened with nothing new in them (the page's overview counted): no read to record.
  if (!searching && !before && !around && chat.unread) await expectFound(markRead(actor, spaceId));
  // With a search, `before` pages its matches; the chat behind it shows its latest messages.
  const page = await listMessagesIn(chat, { before: searching ? null : before, around });
  // Reply without JavaScript: the page with the quote above the message box, and its id in the form.
  const reply = url.searchParams.get("reply");
  // Share with client (issue 38): ?share=<id> asks to confirm, showing what the client will see (a team-side message only).
  const share = url.searchParams.get("share");
  return {
    replyingTo: reply ? await findReplyQuote(actor, spaceId, reply) : null,
    sharing: share ? await findShareable(actor, spaceId, share) : null,
    // Issue 39: the sign-off form the address asks for (to ask, approve, request changes, upload a version).
    signOffPanel: await loadSignOffPanel(request, actor, spaceId),
    // Staff ask for sign-off, upload new versions, withdraw and re-open; clients answer.
    staff: isAgencyStaff(actor),
    side,
    spaceId,
    viewer: { id: actor.id, name: actor.name, avatar: imageUrl(actor.avatarKey) },
    query,
    mentionsMe,
    before,
    // The message the page was opened at, when it is one of the chat's: shown highlighted.
    openedAt: page.messages.some((message) => message.id === around) ? around : null,
    results: searching
      ? packPage(await listMessagesIn(chat, { before, matching: query, mentioning: mentionsMe ? actor.id : null }))
      : null,
    // Sent once as HTML and again as the page's data, for hydration: each person once (app/shared/chat-page.ts).
    page: packPage(page),
    // Names this page's send form, so a form posted twice (a double click, a resubmitted page) stores one message.
    clientId: crypto.randomUUID(),
  };
}

/**
 * An older page of messages, one message as it stands (the browser refetches it when a
 * reaction fails), or the members the message box suggests after an "@".
 */
export async function loadChatResource(request: Request, actor: Actor, spaceId: string) {
  const url = new URL(request.url);
  const messageId = url.searchParams.get("message");
  if (messageId) return { message: await expectFound(findChatMessage(actor, spaceId, messageId)) };
  if (url.searchParams.has("members")) return { members: await expectFound(listMentionable(actor, spaceId)) };
  return {
    page: packPage(await expectFound(listMessages(actor, spaceId, { before: url.searchParams.get("before") }))),
  };
}

const FAILED: Record<string, { title: string; error: string }> = {
  send: { title: "Could not send message.", error: MESSAGE_TEXT.sendFailed },
  edit: { title: "Could not edit message.", error: MESSAGE_TEXT.changeFailed },
  delete: { title: "Could not delete message.", error: MESSAGE_TEXT.changeFailed },
  "remove-preview": { title: "Could not remove the preview.", error: MESSAGE_TEXT.previewRemoveFailed },
  share: { title: "Could not share the message.", error: "Please try again." },
};
const FAILED_OTHERWISE = { title: "Something went wrong", error: "Please try again." };
const FILE_FAILED = { title: UPLOAD_FAILED_TITLE, error: MESSAGE_TEXT.uploadFailed };

/**
 * A message with its file as the browser's scripts post it (app/components/chat/
 * use-chat-actions.ts): the page's send form, answered with JSON and its status.
 */
export async function sendChatForm(request: Request, actor: Actor, spaceId: string) {
  return runChatAction(await readChatForm(request), actor, spaceId, ChatSendFormSchema);
}

/** A chat form's fields and its file, if any (the send form's, or a sign-off's new version). */
function readChatForm(request: Request) {
  return readUploadForm(request, ATTACHMENT_MAX_BYTES);
}

/**
 * Runs one chat form (send with an optional file, edit, delete, react, remove a preview)
 * for the actor in the space, through the form pipeline, with the status to answer. A
 * space or message the actor may not see is a 404; a refusal or a failure comes back as
 * `ok: false` with the words to show.
 */
async function runChatAction(
  formData: FormData,
  actor: Actor,
  spaceId: string,
  schema: typeof ChatFormSchema | typeof ChatSendFormSchema,
): Promise<{ result: ChatActionResult; status: number }> {
  const file = formData.get("file");
  formData.delete("file");
  const intent = String(formData.get("intent") ?? "");
  const failed =
    intent === "send" && file instanceof File && file.size > 0 ? FILE_FAILED : (FAILED[intent] ?? FAILED_OTHERWISE);
  const outcome = await runForm(formData, {
    schema,
    failure: failed.error,
    run: (input) => runChatCommand(actor, spaceId, input, file),
  });
  if (outcome.done) return { result: outcome.answer, status: 200 };
  const invalid = Object.values(outcome.result.error ?? {}).flat()[0];
  const result: ChatActionResult = {
    ok: false,
    intent,
    title: outcome.refusal?.title ?? failed.title,
    error: outcome.refusal?.message ?? invalid ?? MESSAGE_TEXT.empty,
    reply: outcome.result,
  };
  return { result, status: outcome.status };
}

async function runChatCommand(
  actor: Actor,
  spaceId: string,
  input: z.output<typeof ChatFormSchema>,
  file: FormDataEntryValue | null,
): Promise<ChatActionResult> {
  switch (input.intent) {
    case "send":
      return { ok: true, intent: "send", ...(await expectFound(sendMessage(actor, spaceId, { ...input, file }))) };
    case "edit":
      return { ok: true, intent: "edit", ...(await expectFound(editMessage(actor, input.messageId, input.content))) };
    case "delete":
      return { ok: true, intent: "delete", ...(await expectFound(deleteMessage(actor, input.messageId))) };
    case "react":
      return {
        ok: true,
        intent: "react",
        ...(await expectFound(toggleReaction(actor, input.messageId, input.reaction))),
      };
    case "remove-preview":
      return {
        ok: true,
        intent: "remove-preview",
        ...(await expectFound(removeLinkPreview(actor, input.messageId))),
      };
    case "share":
      return { ok: true, intent: "share", ...(await expectFound(shareWithClient(actor, spaceId, input.messageId))) };
  }
}

/**
 * A chat form posted without JavaScript: done, back to the latest messages (with
 * SPEC §8's words for an edit, a delete or a file); a refused send comes back with
 * the text as typed; any other refusal goes back with a toast that says why. A
 * sign-off's forms, posted with JavaScript too, are answered by app/web/sign-offs.server.ts.
 */
export async function answerChatForm(
  request: Request,
  actor: Actor,
  spaceId: string,
  { path, clientIp }: { path: string; clientIp: string },
) {
  const formData = await readChatForm(request);
  if (isSignOffIntent(formData.get("intent"))) {
    return answerSignOffForm(request, formData, actor, { chatId: spaceId, path, clientIp });
  }
  const { result, status } = await runChatAction(formData, actor, spaceId, ChatFormSchema);
  if (result.ok) {
    const toast = successToast(result);
    return toast ? redirectWithToast(path, toast) : redirect(path);
  }
  if (result.intent === "send") {
    const draft = result.reply.initialValue?.content;
    return data({ sendError: result.error, draft: typeof draft === "string" ? draft : "" }, { status });
  }
  return redirectWithToast(path, { type: "error", title: result.title, description: result.error });
}

function successToast(result: ChatActionResult) {
  if (!result.ok) return null;
  if (result.intent === "edit") return CHAT_TOASTS.updated;
  if (result.intent === "delete") return CHAT_TOASTS.deleted;
  if (result.intent === "remove-preview") return CHAT_TOASTS.previewRemoved;
  if (result.intent === "share") return CHAT_TOASTS.shared;
  if (result.intent === "send" && result.message.attachment) return CHAT_TOASTS.fileSent;
  return null;
}
