import { Button } from "~/components/ui/button";
import { AlertCircleIcon } from "~/components/ui/icons";
import type { OutboxMessage } from "~/utils/live-chat";

/**
 * The person's own messages that the server has not acknowledged yet, after the list:
 * Sending… while they wait (also across a reload or a lost connection), or the
 * server's refusal with Retry and Discard.
 */
export function OutboxMessages({
  pending,
  onRetry,
  onDiscard,
}: {
  pending: OutboxMessage[];
  onRetry: (clientId: string) => void;
  onDiscard: (clientId: string) => void;
}) {
  if (!pending.length) return null;
  return (
    <ul aria-label="Messages not sent yet" className="flex flex-col items-end gap-2">
      {pending.map((entry) => (
        <li key={entry.clientId} className="flex max-w-[70%] flex-col items-end gap-1" data-client-id={entry.clientId}>
          <p className="whitespace-pre-wrap break-words rounded-2xl bg-indigo-600/80 px-4 py-2 text-sm text-white">
            {entry.content}
          </p>
          {entry.status === "failed" ? (
            <div className="flex flex-wrap items-center justify-end gap-2 text-xs text-red-700" role="alert">
              <AlertCircleIcon aria-hidden className="size-4" />
              <span>{entry.error}</span>
              <Button size="sm" variant="outline" onClick={() => onRetry(entry.clientId)}>
                Retry
              </Button>
              <Button size="sm" variant="ghost" onClick={() => onDiscard(entry.clientId)}>
                Discard
              </Button>
            </div>
          ) : (
            <span className="text-xs text-slate-600" role="status">
              Sending…
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
