import { clsx } from "clsx";
import { useState } from "react";
import { showToast } from "~/components/toaster";
import { Avatar } from "~/components/ui/avatar";
import { Button } from "~/components/ui/button";
import { inputClassName } from "~/components/ui/field";
import { LinkIcon } from "~/components/ui/icons";
import type { ChatMessage, ReactionType } from "~/models/message.schemas";
import { CHAT_TOASTS } from "~/web/chat-toasts";
import { ReactionBar } from "./reaction-bar";
import { Readers } from "./readers";
import { SenderHoverCard } from "./sender-hover-card";

export type BubbleActions = {
  edit(messageId: string, content: string): Promise<string | null>;
  remove(messageId: string): Promise<string | null>;
  react(reaction: ReactionType): void;
};

/**
 * One message: the sender's avatar and name (with the hover card), the time and an
 * edited mark, the text and file, reactions and readers; one's own messages also
 * have Edit and Delete. Every control is a form that works without JavaScript.
 * A message that continues its sender's group (`opensGroup` false) sits closer to
 * the one before and names its sender for screen readers only.
 */
export function MessageBubble({
  message,
  opensGroup = true,
  viewerId,
  action,
  actions,
}: {
  message: ChatMessage;
  opensGroup?: boolean;
  viewerId: string;
  action: string;
  actions: BubbleActions | null;
}) {
  const own = message.senderId === viewerId;
  const [error, setError] = useState<string | null>(null);
  return (
    <li className={clsx("flex gap-2", own && "flex-row-reverse", !opensGroup && "!mt-1")} data-message-id={message.id}>
      {opensGroup ? (
        <Avatar name={message.senderName} src={message.senderAvatar} size="sm" alt="" className="mt-5" />
      ) : (
        <span className="w-8 shrink-0" />
      )}
      <div className={clsx("flex min-w-0 max-w-[70%] flex-col", own ? "items-end" : "items-start")}>
        <div className="flex items-baseline gap-2">
          {opensGroup ? (
            <SenderHoverCard name={message.senderName} avatar={message.senderAvatar} sentAt={message.createdAt} />
          ) : (
            <span className="sr-only">{message.senderName}</span>
          )}
          <time dateTime={message.createdAt} className="text-xs text-slate-500" suppressHydrationWarning>
            {new Date(message.createdAt).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}
          </time>
          {message.editedAt ? <span className="text-xs italic text-slate-500">(edited)</span> : null}
        </div>
        <div
          className={clsx(
            "mt-1 max-w-full rounded-2xl px-3 py-2 text-sm",
            own ? "rounded-tr-sm bg-indigo-600 text-white" : "rounded-tl-sm bg-slate-100 text-slate-900",
          )}
        >
          {message.content ? <p className="whitespace-pre-wrap break-words">{message.content}</p> : null}
          {message.attachment ? <Attachment attachment={message.attachment} own={own} /> : null}
        </div>
        <ReactionBar
          message={message}
          viewerId={viewerId}
          action={action}
          onReact={actions ? (reaction) => actions.react(reaction) : undefined}
        />
        {own ? <OwnMessageForms message={message} action={action} actions={actions} onError={setError} /> : null}
        {error ? (
          <p role="alert" className="mt-1 text-xs text-red-700">
            {error}
          </p>
        ) : null}
        <Readers readers={message.readers} align={own ? "end" : "start"} />
      </div>
    </li>
  );
}

function Attachment({ attachment, own }: { attachment: NonNullable<ChatMessage["attachment"]>; own: boolean }) {
  if (attachment.type.startsWith("image/")) {
    return (
      <a href={attachment.url} target="_blank" rel="noreferrer" className="mt-1 block">
        <img
          src={attachment.url}
          alt={attachment.name}
          loading="lazy"
          className="max-h-64 max-w-full rounded-lg bg-white object-contain"
        />
      </a>
    );
  }
  return (
    <a
      href={attachment.url}
      download={attachment.name}
      className={clsx(
        "mt-1 flex items-center gap-2 rounded-lg px-2 py-1.5 underline-offset-2 hover:underline",
        own ? "bg-indigo-500/40" : "bg-white",
      )}
    >
      <LinkIcon className="size-4 shrink-0" aria-hidden="true" />
      <span className="min-w-0 truncate">{attachment.name}</span>
      <span className={clsx("shrink-0 text-xs", own ? "text-indigo-100" : "text-slate-500")}>
        {formatSize(attachment.size)}
      </span>
    </a>
  );
}

export function formatSize(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function OwnMessageForms({
  message,
  action,
  actions,
  onError,
}: {
  message: ChatMessage;
  action: string;
  actions: BubbleActions | null;
  onError: (error: string | null) => void;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const run = async (
    event: React.FormEvent<HTMLFormElement>,
    call: (data: FormData) => Promise<string | null>,
    done: (typeof CHAT_TOASTS)["updated" | "deleted"],
  ) => {
    if (!actions) return;
    event.preventDefault();
    setBusy(true);
    const error = await call(new FormData(event.currentTarget));
    setBusy(false);
    onError(error);
    if (error) return;
    setOpen(false);
    showToast(done);
  };
  return (
    <div className="mt-1 flex items-start gap-2 text-xs">
      <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)} className="group">
        <summary className="cursor-pointer list-none rounded px-1 text-slate-500 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600">
          Edit<span className="sr-only"> message</span>
        </summary>
        <form
          method="post"
          action={action}
          className="mt-1 flex w-64 max-w-[70vw] flex-col gap-2"
          onSubmit={(event) =>
            run(event, (data) => actions!.edit(message.id, String(data.get("content") ?? "")), CHAT_TOASTS.updated)
          }
        >
          <input type="hidden" name="intent" value="edit" />
          <input type="hidden" name="messageId" value={message.id} />
          <label className="sr-only" htmlFor={`edit-${message.id}`}>
            New text
          </label>
          <textarea
            id={`edit-${message.id}`}
            name="content"
            defaultValue={message.content}
            rows={2}
            className={clsx(inputClassName, "py-2")}
          />
          <Button type="submit" size="sm" disabled={busy}>
            {busy ? "Saving…" : "Save"}
          </Button>
        </form>
      </details>
      <form
        method="post"
        action={action}
        onSubmit={(event) => run(event, () => actions!.remove(message.id), CHAT_TOASTS.deleted)}
      >
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="messageId" value={message.id} />
        <button
          type="submit"
          disabled={busy}
          className="rounded px-1 text-slate-500 hover:text-red-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600"
        >
          Delete<span className="sr-only"> message</span>
        </button>
      </form>
    </div>
  );
}
