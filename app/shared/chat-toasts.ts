import { MESSAGE_TEXT } from "./chat-message";
import type { ToastInput } from "./toast";

/*
 * SPEC §8's toasts of the chat, shared by the pages without JavaScript (a flash cookie,
 * app/web/chat.server.ts) and the browser's scripts (showToast), so both say the same.
 */

export const CHAT_TOASTS = {
  updated: { type: "success", title: "Success", description: MESSAGE_TEXT.updated },
  deleted: { type: "success", title: "Success", description: MESSAGE_TEXT.deleted },
  fileSent: { type: "success", title: "Success", description: MESSAGE_TEXT.fileSent },
  shared: { type: "success", title: "Success", description: "Shared with the client: it is in the client chat now." },
  previewRemoved: { type: "success", title: "Success", description: MESSAGE_TEXT.previewRemoved },
} as const satisfies Record<string, ToastInput>;

/** The title of a file's post that failed for no reason of the file's (SPEC §8: Upload failed). */
export const UPLOAD_FAILED_TITLE = "Upload failed";

/**
 * A file that was not sent: a refusal's own title and words (File too large, Invalid
 * file type), else Upload failed; `failure` is null when the post got no answer.
 */
export function fileFailedToast(failure: { title: string; error: string } | null): ToastInput {
  return {
    type: "error",
    title: failure?.title ?? UPLOAD_FAILED_TITLE,
    description: failure?.error ?? MESSAGE_TEXT.uploadFailed,
  };
}
