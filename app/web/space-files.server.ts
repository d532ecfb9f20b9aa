import crypto from "node:crypto";
import type { Actor } from "~/models/actors.server";
import { MESSAGE_TEXT } from "~/shared/chat-message";
import { ChatCommandSchemas } from "~/shared/message.schemas";
import { listSpaceFiles, readFileFilters, shareFile } from "~/models/space-files.server";
import { ATTACHMENT_MAX_BYTES } from "~/models/uploads.server";
import { CHAT_TOASTS } from "~/shared/chat-toasts";
import { expectFound } from "./errors.server";
import { formAction } from "./form-action.server";
import { readUploadForm } from "./request.server";
import { redirectWithToast } from "./toast.server";

/*
 * The request side of a space's Files tab, shared by its two pages (agency and team at
 * /spaces/{id}/files, clients at /client/chat/{id}/files). The rules are the models'.
 */

/** The page of files the address asks for (`type`, `q`, `page`), and a name for the upload form's message. */
export async function loadSpaceFiles(request: Request, actor: Actor, spaceId: string) {
  const filters = readFileFilters(new URL(request.url).searchParams);
  return {
    ...(await expectFound(listSpaceFiles(actor, spaceId, filters))),
    // As the chat's send form: a form posted twice (a double click, a resubmitted page) stores one message.
    clientId: crypto.randomUUID(),
  };
}

/**
 * The Files tab's upload: the file goes into the chat as a message with no text (the
 * chat's send command and its words), then back to the first page with the chat's
 * toast. A refusal (no file, a file too large or of another type) stays on the page.
 */
export async function answerShareFileForm(request: Request, actor: Actor, spaceId: string, path: string) {
  const formData = await readUploadForm(request, ATTACHMENT_MAX_BYTES);
  const file = formData.get("file");
  formData.delete("file");
  return formAction(formData, {
    schema: ChatCommandSchemas.send,
    failure: MESSAGE_TEXT.uploadFailed,
    run: async ({ clientId }) => {
      await expectFound(shareFile(actor, spaceId, { clientId, file }));
      return redirectWithToast(path, CHAT_TOASTS.fileSent);
    },
  });
}
