import { useEffect, useState } from "react";
import { type SpaceChange, type ChatTabs, SPACE_CHANGE_EVENT } from "~/shared";
import { useLiveSocket } from "~/components/realtime";

/**
 * The unread count of the side not shown (issue 38), live: the page's count, one more
 * for each message someone else sends there, and none once this person reads it in
 * another tab. The tab's socket is in both sides' rooms, so their changes reach it.
 */
export function useOtherSideUnread(tabs: ChatTabs, otherId: string, viewerId: string): number {
  const initial = otherId === tabs.team.id ? tabs.team.unread : tabs.client.unread;
  const [unread, setUnread] = useState(initial);
  const { socket } = useLiveSocket();

  useEffect(() => setUnread(initial), [initial]);

  useEffect(() => {
    if (!socket) return;
    const onChange = ({ spaceId, change }: { spaceId: string; change: SpaceChange }) => {
      if (spaceId !== otherId) return;
      if (change.kind === "message.created" && change.userId !== viewerId) setUnread((count) => count + 1);
      if (change.kind === "read.advanced" && change.userId === viewerId) setUnread(0);
    };
    socket.on(SPACE_CHANGE_EVENT, onChange);
    return () => void socket.off(SPACE_CHANGE_EVENT, onChange);
  }, [socket, otherId, viewerId]);

  return unread;
}
