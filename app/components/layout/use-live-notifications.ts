import { useEffect, useRef, useState } from "react";
import { type SpaceChange, CATCH_UP_EVENT, ACCESS_REMOVED_EVENT, SPACE_CHANGE_EVENT } from "~/shared";
import { getJson, useLiveSocket } from "~/components/realtime";
import type { ShellNotification } from "./notifications-menu";

const NOTIFICATIONS_PATH = "/resources/notifications";
// A message and the read of it by this person's open chat usually come within this: one fetch shows both.
const SETTLE_MS = 500;
// A busy space still refreshes the bell this often.
const MAX_WAIT_MS = 2_000;

/** Changes that may change what this person's bell says: others' messages, and their own reads. */
function concernsBell(change: SpaceChange, userId: string) {
  if (change.kind === "read.advanced") return change.userId === userId;
  return change.kind.startsWith("message.") && change.userId !== userId;
}

/**
 * The bell's list, live: the page's list until the tab's socket reports a message from
 * someone else, a read of the person's own (another tab), a space taken away, or a
 * reconnect after which something may have been missed; then the list is fetched again.
 */
export function useLiveNotifications(initial: ShellNotification[], userId: string) {
  const [shown, setShown] = useState(initial);
  const loading = useRef<AbortController | undefined>(undefined);
  const { socket } = useLiveSocket();

  useEffect(() => setShown(initial), [initial]);
  useEffect(() => () => loading.current?.abort(), []);

  /**
   * The list, read with fetch rather than a Remix fetcher: a fetcher's first load of a
   * route the browser has not discovered yet, while the page revalidates (as after
   * deleting a space, whose socket event comes at the same moment), showed the page's error
   * boundary (remix-run/remix#10263). The latest answer wins; one that fails (offline, signed
   * out) leaves the list as it is, until the next change or reconnect.
   */
  async function load() {
    loading.current?.abort();
    const controller = new AbortController();
    loading.current = controller;
    const answer = await getJson<{ notifications: ShellNotification[] }>(NOTIFICATIONS_PATH, controller.signal);
    if (answer && loading.current === controller) setShown(answer.notifications);
  }

  useEffect(() => {
    if (!socket) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let firstAt = 0;
    let missed = false;
    const refresh = () => {
      clearTimeout(timer);
      firstAt ||= Date.now();
      const wait = Math.min(SETTLE_MS, firstAt + MAX_WAIT_MS - Date.now());
      timer = setTimeout(
        () => {
          firstAt = 0;
          void load();
        },
        Math.max(0, wait),
      );
    };
    const onChange = ({ change }: { change: SpaceChange }) => {
      if (concernsBell(change, userId)) refresh();
    };
    const onDisconnect = () => (missed = true);
    const onConnect = () => {
      if (missed) refresh();
      missed = false;
    };
    socket.on(SPACE_CHANGE_EVENT, onChange);
    socket.on(ACCESS_REMOVED_EVENT, refresh);
    socket.on(CATCH_UP_EVENT, refresh);
    socket.on("disconnect", onDisconnect);
    socket.on("connect", onConnect);
    return () => {
      clearTimeout(timer);
      socket.off(SPACE_CHANGE_EVENT, onChange);
      socket.off(ACCESS_REMOVED_EVENT, refresh);
      socket.off(CATCH_UP_EVENT, refresh);
      socket.off("disconnect", onDisconnect);
      socket.off("connect", onConnect);
    };
  }, [socket, userId]);

  return shown;
}
