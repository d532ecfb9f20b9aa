import { Form, Link } from "@remix-run/react";
import { buttonClassName, SubmitButton, DocumentIcon, ShareIcon } from "~/components/ui";
import { type SharePreview } from "~/shared";
import { ChatPanel } from "./chat-panel";

/**
 * Share with client, before it happens (issue 38): exactly what the client will see, the
 * text and the file, as a new message from the person sharing; Share posts it to the
 * page, Cancel goes back. A form and a link, the same with JavaScript and without.
 */
export function ShareConfirmation({ message, action }: { message: SharePreview; action: string }) {
  return (
    <ChatPanel id="share-with-client" title="Share with client?">
      <p className="mt-1 text-slate-700">The client will see this in the client chat, as a message from you:</p>
      <blockquote className="mt-2 max-h-40 overflow-y-auto whitespace-pre-wrap break-words rounded-lg border border-slate-200 bg-white px-3 py-2 text-slate-900">
        {message.content ? <p>{message.content}</p> : null}
        {message.attachmentName ? (
          <p className="mt-1 flex items-center gap-1.5 text-slate-700">
            <DocumentIcon className="size-4 shrink-0" aria-hidden="true" />
            <span className="break-all">{message.attachmentName}</span>
          </p>
        ) : null}
      </blockquote>
      <Form method="post" action={action} className="mt-3 flex flex-wrap gap-2">
        <input type="hidden" name="intent" value="share" />
        <input type="hidden" name="messageId" value={message.id} />
        <SubmitButton size="sm" pendingText="Sharing…">
          <ShareIcon />
          Share with client
        </SubmitButton>
        <Link to={action} className={buttonClassName({ variant: "outline", size: "sm" })}>
          Cancel
        </Link>
      </Form>
    </ChatPanel>
  );
}
