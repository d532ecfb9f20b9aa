import { type ReactionType } from "~/shared";
import { clsx, spriteIcon } from "~/components/ui";

/**
 * The reactions are drawn, not typed as emoji: an emoji is only as good as the
 * system's font, and without an emoji font the thumbs-up was an empty box.
 * Decorative (aria-hidden): the button around one carries its name.
 */
export function ReactionIcon({ reaction, className }: { reaction: ReactionType; className?: string }) {
  const Icon = ICON[reaction];
  return <Icon className={clsx("size-4 shrink-0", COLOR[reaction], className)} />;
}

const ICON: Record<ReactionType, ReturnType<typeof spriteIcon>> = {
  smile: spriteIcon("smile"),
  heart: spriteIcon("heart"),
  thumbsup: spriteIcon("thumbsup"),
  angry: spriteIcon("angry"),
};

const COLOR: Record<ReactionType, string> = {
  smile: "text-amber-500",
  heart: "text-rose-500",
  thumbsup: "text-amber-500",
  angry: "text-orange-600",
};
