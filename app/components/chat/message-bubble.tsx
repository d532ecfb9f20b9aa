import { useSearchParams } from "@remix-run/react";
import { memo, useRef, useState } from "react";
import { clsx, showToast, Avatar, CloseIcon, LinkIcon, useClock, useNow } from "~/components/ui";
import { SignOffCardView } from "~/components/sign-offs/sign-off-card";
import {
  formatSize,
  MESSAGE_TEXT,
  splitLinks,
  type ChatMessage,
  type LinkPreview,
  type ReactionType,
  type ReplyQuote,
  splitMentions,
  formatMessageTime,
  CHAT_TOASTS,
} from "~/shared";
import { DeleteQuestion, EditMessageForm } from "./message-actions";
import { MessageTools, toolsAsked, toolsWidth } from "./message-tools";
import { ReactionBar } from "./reaction-bar";
import { Readers } from "./readers";
import { SenderHoverCard } from "./sender-hover-card";

export type BubbleActions = {
  edit(messageId: string, content: string): Promise<string | null>;
  remove(messageId: string): Promise<string | null>;
  /** Takes the link preview off one's own message; resolves to the words to show when it failed, else null. */
  removePreview(messageId: string): Promise<string | null>;
  react(message: ChatMessage, reaction: ReactionType): void;
  /** Puts the message's quote above the message box. */
  reply(message: ChatMessage): void;
  /** Brings the replied-to message into view and highlights it, loading older pages if need be. */
  jump(messageId: string): void;
};

/**
 * One message: the sender's avatar, its head (the sender's name, the time and an edited
 * mark; the name's hover card opens from it), the text and file, the reactions it has
 * and its readers. Beside the text its tools (message-tools.tsx), drawn once the message is hovered, focused or
 * tapped. Every control is a form or a link that works without JavaScript; `actions`
 * does them in place with it (null: the forms post, as in search results).
 * A message that continues its sender's group (`opensGroup` false) sits closer to
 * the one before and names its sender for screen readers only.
 * It renders again only when its own props change (memo): `actions` is one object for
 * the chat's life, so a typing indicator or a new message does not redraw every bubble.
 */
export const MessageBubble = memo(function MessageBubble({
  message,
  opensGroup = true,
  viewerId,
  action,
  actions,
  highlighted = false,
  shareable = false,
  staff = false,
}: {
  message: ChatMessage;
  /** The reader is of the agency's staff: they may ask for sign-off of a file in the client chat (issue 39). */
  staff?: boolean;
  /** A team-only message (issue 38): Share with client leads to its confirmation. */
  shareable?: boolean;
  opensGroup?: boolean;
  viewerId: string;
  action: string;
  actions: BubbleActions | null;
  /** The message a reply's quote was followed to, or the page was opened at (?message=). */
  highlighted?: boolean;
}) {
  const own = message.senderId === viewerId;
  const signOff = staff && !shareable && Boolean(message.attachment) && !message.signOffCardMessageId;
  const react = actions ? (reaction: ReactionType) => actions.react(message, reaction) : undefined;
  // Without JavaScript the menu's links come back here with ?edit=<id> or ?delete=<id>.
  const [searchParams] = useSearchParams();
  const [editing, setEditing] = useState(searchParams.get("edit") === message.id);
  const [deleting, setDeleting] = useState(searchParams.get("delete") === message.id);
  const [error, setError] = useState<string | null>(null);
  // "focus": drawn from the Message actions link, which had the focus; it goes to the first tool.
  const [tools, setTools] = useState<"drawn" | "focus" | null>(toolsAsked(searchParams, message.id) ? "drawn" : null);
  const clock = useClock();
  const now = useNow();
  const item = useRef<HTMLLIElement>(null);
  // The form goes away: the focus goes back to the menu Edit was chosen from.
  const stopEditing = () => {
    setEditing(false);
    item.current?.querySelector<HTMLElement>(".msg-tools details:last-child > summary")?.focus();
  };

  // With `actions` only (the handlers are passed on when there are actions to call).
  const save = async (content: string) => {
    const failed = await actions!.edit(message.id, content);
    setError(failed);
    if (failed) return;
    stopEditing();
    showToast(CHAT_TOASTS.updated);
  };
  const remove = async () => {
    const failed = await actions!.remove(message.id);
    if (!failed) showToast(CHAT_TOASTS.deleted);
    return failed;
  };

  const meta = (
    <>
      <time dateTime={message.createdAt} className="msg-meta">
        {formatMessageTime(message.createdAt, now, clock)}
      </time>
      {message.editedAt ? <span className="msg-meta italic">(edited)</span> : null}
      {message.viaEmail ? <span className="msg-meta">via email</span> : null}
    </>
  );

  return (
    <li
      ref={item}
      id={`message-${message.id}`}
      // Focused when a reply's quote is followed to it, or the page is opened at it.
      tabIndex={-1}
      // A touch draws the tools from the link or the focus, not as it lands: what it lands on would change under it.
      onPointerEnter={(event) => {
        if (!tools && event.pointerType === "mouse") setTools("drawn");
      }}
      onFocus={(event) => {
        if (!tools) setTools(event.target.matches("a.msg-tools") ? "focus" : "drawn");
      }}
      className={clsx(
        "msg",
        own && "msg-own",
        !opensGroup && "msg-cont",
        // Amber-50: its time and marks (slate-500) keep their contrast, as they must where it stays (no JavaScript).
        highlighted && "bg-amber-50 ring-2 ring-amber-200",
      )}
      style={{ "--msg-tools": `${toolsWidth({ own, shareable, signOff })}px` } as React.CSSProperties}
    >
      {opensGroup ? (
        <>
          <Avatar name={message.senderName} src={message.senderAvatar} size="sm" alt="" className="msg-avatar" />
          <SenderHoverCard
            userId={message.senderId}
            name={message.senderName}
            avatar={message.senderAvatar}
            sentAt={message.createdAt}
          >
            {meta}
          </SenderHoverCard>
        </>
      ) : (
        <div className="msg-head">
          <span className="sr-only">{message.senderName}</span>
          {meta}
        </div>
      )}
      {editing ? (
        <EditMessageForm
          message={message}
          action={action}
          onSave={actions ? save : undefined}
          onCancel={actions ? stopEditing : undefined}
        />
      ) : message.replyTo || message.attachment ? (
        <div className="msg-bubble">
          {message.replyTo ? <QuotedMessage quote={message.replyTo} onJump={actions?.jump} /> : null}
          {message.content ? <MessageText message={message} /> : null}
          {message.attachment ? <Attachment attachment={message.attachment} /> : null}
        </div>
      ) : (
        // Text alone (most messages) is its own bubble: one element less.
        <MessageText message={message} className="msg-bubble" />
      )}
      <MessageTools
        drawn={tools !== null}
        focusOnDraw={tools === "focus"}
        onDraw={() => setTools("focus")}
        message={message}
        viewerId={viewerId}
        own={own}
        shareable={shareable}
        signOff={signOff}
        action={action}
        onReact={react}
        onReply={actions ? () => actions.reply(message) : undefined}
        onEdit={actions ? () => setEditing(true) : undefined}
        onDelete={actions ? () => setDeleting(true) : undefined}
      />
      {message.linkPreview ? (
        <LinkPreviewCard
          preview={message.linkPreview}
          messageId={message.id}
          removable={own}
          action={action}
          onRemove={actions?.removePreview}
        />
      ) : null}
      {message.signOff ? (
        <SignOffCardView card={message.signOff} viewerId={viewerId} staff={staff} action={action} />
      ) : null}
      <ReactionBar message={message} viewerId={viewerId} action={action} onReact={react} />
      {deleting ? (
        <DeleteQuestion
          message={message}
          action={action}
          onDelete={actions ? remove : undefined}
          onClose={() => setDeleting(false)}
        />
      ) : null}
      {error ? (
        <p role="alert" className="mt-1 text-xs text-red-700">
          {error}
        </p>
      ) : null}
      <Readers readers={message.readers} />
    </li>
  );
});

/**
 * The quote of the message a reply answers: its sender and first line, a link to it (with
 * JavaScript it is brought into view even from an older page), or that it was deleted.
 */
function QuotedMessage({ quote, onJump }: { quote: ReplyQuote; onJump?: (id: string) => void }) {
  if (quote.deleted) return <span className="msg-quote italic">{MESSAGE_TEXT.originalDeleted}</span>;
  return (
    <a
      href={`#message-${quote.id}`}
      onClick={(event) => {
        if (!onJump) return;
        event.preventDefault();
        onJump(quote.id);
      }}
      aria-label={`${quote.senderName} wrote: ${quote.excerpt}`}
      className="msg-quote"
    >
      <span className="font-semibold">{quote.senderName}</span>:{" "}
      <span className="line-clamp-1 break-all">{quote.excerpt}</span>
    </a>
  );
}

function Attachment({ attachment }: { attachment: NonNullable<ChatMessage["attachment"]> }) {
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
    <a href={attachment.url} download={attachment.name} className="msg-file">
      <LinkIcon className="size-4 shrink-0" />
      <span className="min-w-0 truncate">{attachment.name}</span>
      <span className="msg-file-size">{formatSize(attachment.size)}</span>
    </a>
  );
}

/**
 * The card of the message's first link: the page's picture (served by the app), site,
 * title and description. The sender may remove it: a form without JavaScript, over the
 * socket with it.
 */
function LinkPreviewCard({
  preview,
  messageId,
  removable,
  action,
  onRemove,
}: {
  preview: LinkPreview;
  messageId: string;
  removable: boolean;
  action: string;
  onRemove?: (messageId: string) => Promise<string | null>;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <div
      data-link-preview
      className="relative mt-1 w-[min(18rem,100%)] max-w-none overflow-hidden rounded-lg border border-slate-200 bg-white text-left"
    >
      {preview.image ? (
        <img
          src={preview.image.url}
          width={preview.image.width}
          height={preview.image.height}
          alt=""
          loading="lazy"
          className="max-h-40 w-full bg-slate-100 object-cover"
        />
      ) : null}
      <div className="px-3 py-2 text-sm">
        {preview.siteName ? <p className="truncate text-xs text-slate-500">{preview.siteName}</p> : null}
        <a
          href={preview.url}
          target="_blank"
          rel="noopener noreferrer nofollow ugc"
          className="line-clamp-2 font-semibold text-indigo-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600"
        >
          {preview.title}
        </a>
        {preview.description ? (
          <p className="mt-0.5 line-clamp-3 text-xs text-slate-600">{preview.description}</p>
        ) : null}
      </div>
      {removable ? (
        <form
          method="post"
          action={action}
          className="absolute right-1 top-1"
          onSubmit={async (event) => {
            if (!onRemove) return;
            event.preventDefault();
            setBusy(true);
            const failed = await onRemove(messageId);
            setBusy(false);
            showToast(
              failed
                ? { type: "error", title: "Could not remove the preview.", description: failed }
                : CHAT_TOASTS.previewRemoved,
            );
          }}
        >
          <input type="hidden" name="intent" value="remove-preview" />
          <input type="hidden" name="messageId" value={messageId} />
          <button
            type="submit"
            disabled={busy}
            title="Remove preview"
            className="flex size-7 items-center justify-center rounded-full bg-white/90 text-slate-600 shadow-sm hover:bg-white hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600 disabled:opacity-50"
          >
            <CloseIcon className="size-4" aria-hidden="true" />
            <span className="sr-only">{busy ? "Removing preview…" : "Remove preview"}</span>
          </button>
        </form>
      ) : null}
    </div>
  );
}

/** A message's text, the members it mentions shown by their names as they are now. */
function MessageText({ message, className }: { message: ChatMessage; className?: string }) {
  return (
    <p className={clsx(className, "msg-text")}>
      {splitMentions(message.content, message.mentions).map((piece, index) =>
        typeof piece === "string" ? (
          <TextWithLinks key={index} text={piece} />
        ) : (
          <span key={index} data-mention={piece.userId} className="msg-mention">
            @{piece.name}
          </span>
        ),
      )}
    </p>
  );
}

/** Plain text with its links made links, opened in a new tab without telling the site where from. */
function TextWithLinks({ text }: { text: string }) {
  return splitLinks(text).map((piece, index) =>
    typeof piece === "string" ? (
      piece
    ) : (
      <a key={index} href={piece.link} target="_blank" rel="noopener noreferrer nofollow ugc" className="msg-link">
        {piece.link}
      </a>
    ),
  );
}
