import { useLivePresence } from "~/components/realtime/use-live-presence";
import type { Presence } from "~/shared/presence-words";
import { clsx, Avatar, type AvatarProps } from "~/components/ui";

/**
 * A person's avatar with a green dot while they have the app open (issue 21), named
 * "Online" for screen readers. Rendered with the page's presence (also without
 * JavaScript), then kept live by the tab's socket.
 */
export function PresenceAvatar({
  userId,
  presence,
  ...avatar
}: AvatarProps & { userId: string | null; presence: Presence | null }) {
  const live = useLivePresence(userId ?? "", presence);
  // Wrapped only to place the dot: most people of a list are not online, and a list page holds fifty.
  if (!userId || !live?.online) return <Avatar {...avatar} />;
  return (
    <span className="relative inline-flex shrink-0">
      <Avatar {...avatar} />
      <OnlineDot size={avatar.size} />
    </span>
  );
}

export function OnlineDot({ size }: { size?: AvatarProps["size"] }) {
  return (
    <span
      role="img"
      aria-label="Online"
      className={clsx(
        "absolute bottom-0 right-0 block rounded-full bg-emerald-500 ring-2 ring-white",
        size === "lg" || size === "xl" ? "size-3.5" : "size-2.5",
      )}
    />
  );
}
