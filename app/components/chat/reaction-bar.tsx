import { clsx } from "clsx";
import { REACTION_TYPES, type ChatMessage, type ReactionType } from "~/models/chat-message";

const EMOJI: Record<ReactionType, string> = { smile: "😊", heart: "❤️", thumbsup: "👍", angry: "😠" };
const LABEL: Record<ReactionType, string> = { smile: "Smile", heart: "Heart", thumbsup: "Thumbs up", angry: "Angry" };

/**
 * The four reactions as plain buttons of one form: without JavaScript each posts a
 * toggle; with it, `onReact` toggles at once and posts in the background.
 */
export function ReactionBar({
  message,
  viewerId,
  action,
  onReact,
}: {
  message: ChatMessage;
  viewerId: string;
  action: string;
  onReact?: (reaction: ReactionType) => void;
}) {
  return (
    <form
      method="post"
      action={action}
      className="mt-1 flex flex-wrap gap-1"
      onSubmit={(event) => {
        if (!onReact) return;
        event.preventDefault();
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        if (submitter?.value) onReact(submitter.value as ReactionType);
      }}
    >
      <input type="hidden" name="intent" value="react" />
      <input type="hidden" name="messageId" value={message.id} />
      {REACTION_TYPES.map((reaction) => {
        const users = message.reactions[reaction];
        const mine = users.includes(viewerId);
        return (
          <button
            key={reaction}
            type="submit"
            name="reaction"
            value={reaction}
            aria-pressed={mine}
            aria-label={`${LABEL[reaction]} (${users.length})`}
            className={clsx(
              "inline-flex h-7 items-center gap-1 rounded-full border px-2 text-xs transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600",
              mine
                ? "border-indigo-300 bg-indigo-50 text-indigo-800"
                : "border-slate-200 bg-white text-slate-600 hover:bg-slate-50",
              users.length === 0 && "opacity-70 hover:opacity-100",
            )}
          >
            <span aria-hidden="true">{EMOJI[reaction]}</span>
            {users.length ? <span aria-hidden="true">{users.length}</span> : null}
          </button>
        );
      })}
    </form>
  );
}
