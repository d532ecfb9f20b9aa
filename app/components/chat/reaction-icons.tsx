import { FaceSmileIcon, HandThumbUpIcon, HeartIcon } from "@heroicons/react/20/solid";
import { clsx } from "clsx";
import type { ReactionType } from "~/models/chat-message";

/**
 * The reactions are drawn, not typed as emoji: an emoji is only as good as the
 * system's font, and without an emoji font the thumbs-up was an empty box.
 * Decorative (aria-hidden): the button around one carries its name.
 */
export function ReactionIcon({ reaction, className }: { reaction: ReactionType; className?: string }) {
  const props = { "aria-hidden": true, className: clsx("size-4 shrink-0", COLOR[reaction], className) } as const;
  switch (reaction) {
    case "smile":
      return <FaceSmileIcon {...props} />;
    case "heart":
      return <HeartIcon {...props} />;
    case "thumbsup":
      return <HandThumbUpIcon {...props} />;
    case "angry":
      return <AngryFaceIcon {...props} />;
  }
}

const COLOR: Record<ReactionType, string> = {
  smile: "text-amber-500",
  heart: "text-rose-500",
  thumbsup: "text-amber-500",
  angry: "text-orange-600",
};

/** Heroicons has no angry face: its frowning face (20 solid), with frowning brows cut out. */
function AngryFaceIcon(props: React.ComponentProps<"svg">) {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" {...props}>
      <path
        fillRule="evenodd"
        clipRule="evenodd"
        d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm-3.536-3.475a.75.75 0 0 0 1.061 0 3.5 3.5 0 0 1 4.95 0 .75.75 0 1 0 1.06-1.06 5 5 0 0 0-7.07 0 .75.75 0 0 0 0 1.06ZM9 8.5c0 .828-.448 1.5-1 1.5s-1-.672-1-1.5S7.448 7 8 7s1 .672 1 1.5Zm3 1.5c.552 0 1-.672 1-1.5S12.552 7 12 7s-1 .672-1 1.5.448 1.5 1 1.5ZM5.6 4.8l3.6 1.3-.35.95-3.6-1.3.35-.95ZM14.4 4.8l-3.6 1.3.35.95 3.6-1.3-.35-.95Z"
      />
    </svg>
  );
}
