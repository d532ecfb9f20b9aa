import { type ChatPerson } from "~/shared";
import type { PendingMessage } from "./chat-state";

/** A message of the viewer's on its way (Sending…, with a file's upload progress), or failed with Retry and Discard. */
export function PendingBubble({
  entry,
  viewer,
  onRetry,
  onDiscard,
}: {
  entry: PendingMessage;
  viewer: ChatPerson;
  onRetry: () => void;
  onDiscard: () => void;
}) {
  const failed = entry.status === "failed";
  return (
    <li className="flex flex-row-reverse gap-2" aria-live="polite">
      <span className="sr-only">{viewer.name}</span>
      <div className="flex min-w-0 max-w-[70%] flex-col items-end">
        <div
          className={`mt-1 max-w-full rounded-2xl rounded-tr-sm px-3 py-2 text-sm ${failed ? "border border-red-300 bg-red-50 text-red-900" : "bg-indigo-600/70 text-white"}`}
        >
          {entry.content ? <p className="msg-text">{entry.content}</p> : null}
          {entry.fileName ? <p className="truncate text-xs">{entry.fileName}</p> : null}
          {entry.progress !== null && !failed ? (
            <progress
              className="mt-1 h-1.5 w-40 max-w-full"
              value={entry.progress}
              max={1}
              aria-label={`Uploading ${entry.fileName ?? "file"}`}
            />
          ) : null}
        </div>
        {failed ? (
          <p role="alert" className="mt-1 flex flex-wrap items-center justify-end gap-2 text-xs text-red-700">
            <span>{entry.error ?? "Failed to send message. Please try again."}</span>
            <button type="button" onClick={onRetry} className="font-semibold underline">
              Retry
            </button>
            <button type="button" onClick={onDiscard} className="text-slate-600 underline">
              Discard
            </button>
          </p>
        ) : (
          <p className="mt-1 text-xs text-slate-500">Sending…</p>
        )}
      </div>
    </li>
  );
}
