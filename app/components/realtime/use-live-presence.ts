import { useEffect, useState } from "react";
import type { Presence } from "~/models/presence-words";
import { PRESENCE_EVENT } from "~/realtime/protocol";
import { useLiveSocket } from "./live-socket";

/**
 * A person's presence as the page was rendered with it, then as the tab's socket tells of
 * their coming and going (the server tells only those who may see it). Null: not shown.
 */
export function useLivePresence(userId: string, initial: Presence | null): Presence | null {
  const [presence, setPresence] = useState(initial);
  const { socket } = useLiveSocket();
  useEffect(() => setPresence(initial), [initial]);
  useEffect(() => {
    if (!socket) return;
    const onChange = ({ changes }: { changes: Array<{ userId: string } & Presence> }) => {
      const change = changes.findLast((each) => each.userId === userId);
      if (change) setPresence({ online: change.online, lastSeenAt: change.lastSeenAt });
    };
    socket.on(PRESENCE_EVENT, onChange);
    return () => void socket.off(PRESENCE_EVENT, onChange);
  }, [socket, userId]);
  return presence;
}
