import { Link } from "@remix-run/react";
import { useRef, useState } from "react";
import { clsx, Button, inputClassName, LockIcon, UploadIcon, useHydrated } from "~/components/ui";
import { TEAM_ONLY_NOTE, MESSAGE_MAX_LENGTH, MESSAGE_TEXT, type ReplyQuote } from "~/shared";
import { ATTACHMENT_ACCEPT } from "~/shared";
import { useMentionSuggestions } from "./mention-suggestions";

/** The counter shows from here on: below it, the limit is no concern. */
const COUNTER_FROM = 9_000;

/**
 * The send form: text and a file. Without JavaScript it posts to the page and comes
 * back to the latest messages; with it, `onSend` takes the text and file and the
 * form clears at once (the message shows as Sending… until it is stored). After an "@"
 * it suggests the members of the space (`membersUrl`), to mention.
 */
export function Composer({
  action,
  clientId,
  error,
  defaultContent,
  membersUrl,
  onSend,
  onTyping,
  replyingTo = null,
  onCancelReply,
  teamOnly = false,
}: {
  action: string;
  /** The team side's box (issue 38): marked and coloured so nobody takes it for the client's. */
  teamOnly?: boolean;
  clientId: string;
  error: string | null;
  defaultContent: string;
  membersUrl: string;
  onSend?: (input: { content: string; file: File | null; replyToId?: string }) => void;
  /** The message the next one replies to, quoted above the box and sent with it. */
  replyingTo?: ReplyQuote | null;
  /** Takes the quote away in place; without it (no JavaScript) Cancel is a link back to the chat. */
  onCancelReply?: () => void;
  /** Whether the box has text now, as it is typed in and when it is sent (the others see who is typing). */
  onTyping?: (active: boolean) => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const boxRef = useRef<HTMLTextAreaElement>(null);
  const mentions = useMentionSuggestions(membersUrl, boxRef);
  const [localError, setLocalError] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [length, setLength] = useState(defaultContent.length);
  const shownError = localError ?? error;

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    if (!onSend) return;
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const content = String(data.get("content") ?? "").trim();
    const file = data.get("file");
    const chosen = file instanceof File && file.size > 0 ? file : null;
    if (!content && !chosen) {
      setLocalError(MESSAGE_TEXT.empty);
      return;
    }
    setLocalError(null);
    onSend({ content, file: chosen, replyToId: replyingTo?.id });
    onCancelReply?.();
    onTyping?.(false);
    mentions.close();
    event.currentTarget.reset();
    setFileName(null);
    setLength(0);
  };

  return (
    <form
      ref={formRef}
      method="post"
      // Without JavaScript a refused reply comes back to this address, which shows its quote again.
      action={replyingTo ? `${action}?reply=${replyingTo.id}` : action}
      encType="multipart/form-data"
      onSubmit={submit}
      className={clsx("border-t p-3", teamOnly ? "border-amber-300 bg-amber-50" : "border-slate-200")}
    >
      {teamOnly ? (
        <p id="team-only-note" className="mb-2 flex items-center gap-1.5 text-xs font-semibold text-amber-900">
          <LockIcon className="size-4" aria-hidden="true" />
          {TEAM_ONLY_NOTE}
        </p>
      ) : null}
      <input type="hidden" name="intent" value="send" />
      <input type="hidden" name="clientId" value={clientId} />
      {replyingTo ? (
        <div className="mb-2 flex items-center gap-2 rounded-lg border-l-2 border-indigo-400 bg-slate-50 py-1 pl-2 pr-1 text-xs text-slate-600">
          <input type="hidden" name="replyToId" value={replyingTo.id} />
          <p className="min-w-0 flex-1">
            <span className="font-semibold text-slate-900">Replying to {replyingTo.senderName}</span>:{" "}
            <span className="line-clamp-1 break-all">{replyingTo.excerpt}</span>
          </p>
          {onCancelReply ? (
            <button
              type="button"
              onClick={onCancelReply}
              className="rounded px-2 py-1 font-medium text-slate-700 hover:bg-slate-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600"
            >
              Cancel reply
            </button>
          ) : (
            <Link to={action} className="rounded px-2 py-1 font-medium text-slate-700 hover:bg-slate-200">
              Cancel reply
            </Link>
          )}
        </div>
      ) : null}
      <div className="relative flex items-end gap-2">
        <label className="sr-only" htmlFor="chat-message">
          Message
        </label>
        {mentions.listbox}
        <textarea
          ref={boxRef}
          {...mentions.comboboxProps}
          id="chat-message"
          name="content"
          rows={1}
          defaultValue={defaultContent}
          placeholder={teamOnly ? "Message your team…" : "Type a message…"}
          maxLength={MESSAGE_MAX_LENGTH}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={
            [shownError ? "chat-message-error" : "", teamOnly ? "team-only-note" : ""].filter(Boolean).join(" ") ||
            undefined
          }
          onChange={(event) => {
            setLength(event.currentTarget.value.length);
            onTyping?.(event.currentTarget.value.trim().length > 0);
            mentions.follow(event.currentTarget);
          }}
          onClick={(event) => mentions.follow(event.currentTarget)}
          onBlur={mentions.close}
          onKeyDown={(event) => {
            if (mentions.onKeyDown(event)) return;
            if (event.key === "Enter" && !event.shiftKey && onSend) {
              event.preventDefault();
              formRef.current?.requestSubmit();
            }
          }}
          className={clsx(inputClassName, "min-h-10 resize-y py-2")}
        />
        <label
          className="relative inline-flex size-10 shrink-0 cursor-pointer items-center justify-center rounded-lg border border-slate-300 text-slate-600 focus-within:ring-2 focus-within:ring-indigo-600 hover:bg-slate-50"
          title="Attach a file"
        >
          <UploadIcon className="size-5" aria-hidden="true" />
          <span className="sr-only">Attach a file (image, PDF, Word or text, up to 10MB)</span>
          <input
            type="file"
            name="file"
            accept={ATTACHMENT_ACCEPT}
            className="absolute inset-0 cursor-pointer opacity-0"
            onChange={(event) => setFileName(event.currentTarget.files?.[0]?.name ?? null)}
          />
        </label>
        <Button type="submit" className="shrink-0">
          Send
        </Button>
      </div>
      {fileName ? <p className="mt-1 truncate text-xs text-slate-600">Attached: {fileName}</p> : null}
      <CharactersLeft length={length} />
      {shownError ? (
        <p id="chat-message-error" role="alert" className="mt-1 text-sm text-red-700">
          {shownError}
        </p>
      ) : null}
    </form>
  );
}

/**
 * How many characters the message may still take, from COUNTER_FROM on. A polite live
 * region, present from the start so that screen readers announce its changes; only
 * with JavaScript, as without it the count could not follow the typing (the box's
 * maxLength still holds the limit).
 */
function CharactersLeft({ length }: { length: number }) {
  const hydrated = useHydrated();
  const left = MESSAGE_MAX_LENGTH - length;
  return (
    <p
      aria-live="polite"
      className={clsx("mt-1 text-right text-xs empty:mt-0", left <= 100 ? "text-red-700" : "text-slate-600")}
    >
      {hydrated && length >= COUNTER_FROM
        ? `${left.toLocaleString("en-US")} ${left === 1 ? "character" : "characters"} left`
        : null}
    </p>
  );
}
