import { useId } from "react";
import { closeDetails } from "~/components/layout/use-details-dismiss";
import { AddReactionIcon, OnDemandDetails, TooltipText } from "~/components/ui";
import { REACTION_LABEL, REACTION_TYPES, type ChatMessage, type ReactionType } from "~/shared";
import { ReactionIcon } from "./reaction-icons";
import { reactedBy } from "./reactors";

type ReactionProps = {
  message: ChatMessage;
  viewerId: string;
  /** Where the forms post without JavaScript. */
  action: string;
  /** With JavaScript: toggles at once (the form is not posted). */
  onReact?: (reaction: ReactionType) => void;
};

/**
 * The reactions a message has, each a toggle with its count; who reacted shows on
 * hover or focus and is the button's description. Nothing when it has none.
 */
export function ReactionBar({ message, viewerId, action, onReact }: ReactionProps) {
  const ids = useId();
  const given = REACTION_TYPES.filter((reaction) => message.reactions[reaction].length > 0);
  if (!given.length) return null;
  return (
    <ReactionForm message={message} action={action} onReact={onReact} className="msg-reactions">
      {given.map((reaction) => {
        const users = message.reactions[reaction];
        const mine = users.includes(viewerId);
        const describedBy = `${ids}-${reaction}`;
        return (
          <button
            key={reaction}
            type="submit"
            name="reaction"
            value={reaction}
            aria-pressed={mine}
            aria-label={`${REACTION_LABEL[reaction]} (${users.length})`}
            aria-describedby={describedBy}
            // Its look follows aria-pressed (app/tailwind.css); the count is read in its name. It holds its tooltip.
            className="msg-reaction tooltip"
          >
            <ReactionIcon reaction={reaction} />
            {users.length}
            <TooltipText id={describedBy}>{reactedBy(message, users, viewerId)}</TooltipText>
          </button>
        );
      })}
    </ReactionForm>
  );
}

/**
 * The four reactions behind an Add reaction button, on a `<details>` drawn on demand
 * (OnDemandDetails): it opens and its form posts without JavaScript. With it, Escape
 * or a click outside closes it, and so does choosing, the focus back on its button.
 */
export function ReactionPicker({ message, viewerId, action, onReact }: ReactionProps) {
  const choose =
    onReact &&
    ((reaction: ReactionType, form: HTMLFormElement) => {
      onReact(reaction);
      closeDetails(form.closest("details"));
    });
  return (
    <OnDemandDetails
      id={`react-${message.id}`}
      className="relative"
      summaryClassName="msg-react"
      label="Add reaction"
      icon={<AddReactionIcon />}
    >
      <ReactionForm
        message={message}
        action={action}
        onReact={choose}
        className="absolute left-1/2 top-full z-20 mt-1 flex -translate-x-1/2 gap-0.5 rounded-full border border-slate-200 bg-white p-1 shadow-lg shadow-slate-900/10"
      >
        {REACTION_TYPES.map((reaction) => (
          <button
            key={reaction}
            type="submit"
            name="reaction"
            value={reaction}
            aria-label={REACTION_LABEL[reaction]}
            aria-pressed={message.reactions[reaction].includes(viewerId)}
            title={REACTION_LABEL[reaction]}
            className="flex size-8 items-center justify-center rounded-full transition-colors hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600 aria-pressed:bg-indigo-50"
          >
            <ReactionIcon reaction={reaction} className="size-5" />
          </button>
        ))}
      </ReactionForm>
    </OnDemandDetails>
  );
}

/** One form per set of reaction buttons: the pressed button names the reaction to toggle. */
function ReactionForm({
  message,
  action,
  onReact,
  className,
  children,
}: Pick<ReactionProps, "message" | "action"> & {
  /** With JavaScript: the reaction chosen, and the form it was chosen in. */
  onReact?: (reaction: ReactionType, form: HTMLFormElement) => void;
  className: string;
  children: React.ReactNode;
}) {
  return (
    <form
      method="post"
      action={action}
      className={className}
      onSubmit={(event) => {
        if (!onReact) return;
        event.preventDefault();
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        if (submitter?.value) onReact(submitter.value as ReactionType, event.currentTarget);
      }}
    >
      <input type="hidden" name="intent" value="react" />
      <input type="hidden" name="messageId" value={message.id} />
      {children}
    </form>
  );
}
