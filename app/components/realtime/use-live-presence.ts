import { useEffect, useState } from "react";
import { PRESENCE_BATCH_MAX, type Presence } from "~/shared/presence-words";
import { PRESENCE_EVENT } from "~/shared";
import { useLiveSocket } from "./live-socket";

/**
 * A person's presence as the page was rendered with it, then as the tab's socket tells of
 * their coming and going (the server tells only those who may see it). Null: not shown.
 *
 * What the socket cannot tell is what happened before it was in its rooms: between the
 * page's render and the socket's joining (a page opened with the socket not yet connected,
 * or a reconnect), someone may have come or gone unannounced to it. So the presence of the
 * people a page shows is read again, once for all of them, a moment after the page shows
 * them and after each connect.
 */
export function useLivePresence(userId: string, initial: Presence | null): Presence | null {
  const [presence, setPresence] = useState(initial);
  const { socket } = useLiveSocket();
  const shown = Boolean(userId) && initial !== null;
  useEffect(() => setPresence(initial), [initial]);
  useEffect(() => {
    if (!socket) return;
    const onChange = ({ changes }: { changes: Array<{ userId: string } & Presence> }) => {
      const change = changes.findLast((each) => each.userId === userId);
      if (!change) return;
      toldLiveAt.set(userId, Date.now());
      setPresence({ online: change.online, lastSeenAt: change.lastSeenAt });
    };
    socket.on(PRESENCE_EVENT, onChange);
    if (!watchedSockets.has(socket)) {
      watchedSockets.add(socket);
      socket.on("connect", refreshSoon);
    }
    return () => void socket.off(PRESENCE_EVENT, onChange);
  }, [socket, userId]);
  useEffect(() => {
    if (!shown) return;
    const listeners = showing.get(userId) ?? new Set();
    showing.set(userId, listeners.add(setPresence));
    refreshSoon();
    return () => {
      listeners.delete(setPresence);
      if (!listeners.size) showing.delete(userId);
    };
  }, [shown, userId]);
  return presence;
}

/**
 * How long after a page shows people, or the socket connects, their presence is read
 * again: past the server's next presence write (at most a second after a change) and the
 * socket's joining of its rooms.
 */
const REFRESH_AFTER_MS = 1_500;

/** The people the page shows with their presence, each with the setters of the pictures that show them. */
const showing = new Map<string, Set<(presence: Presence | null) => void>>();
/** When the socket last told of each person: a read that started before it is older news. */
const toldLiveAt = new Map<string, number>();
const watchedSockets = new WeakSet<object>();
let refreshTimer: ReturnType<typeof setTimeout> | undefined;

function refreshSoon() {
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => void refreshShown(), REFRESH_AFTER_MS);
}

async function refreshShown() {
  const ids = [...showing.keys()].slice(0, PRESENCE_BATCH_MAX);
  if (!ids.length) return;
  const startedAt = Date.now();
  const answer = await fetch(`/resources/presence?users=${ids.join(",")}`)
    .then((response) => (response.ok ? (response.json() as Promise<{ people: Record<string, Presence> }>) : null))
    .catch(() => null);
  if (!answer) return;
  for (const id of ids) {
    if ((toldLiveAt.get(id) ?? 0) > startedAt) continue;
    for (const setPresence of showing.get(id) ?? []) setPresence(answer.people[id] ?? null);
  }
}
