import { useCallback, useEffect, useRef, useState } from "react";
import { type ChatMessage } from "~/shared";

// How many older pages a reply's quote may load to find its original.
const JUMP_PAGES = 20;
const HIGHLIGHT_MS = 3_000;

/**
 * Following a reply's quote: the original is brought into view, focused and highlighted
 * for a moment; when it is older than what is loaded, older pages are loaded until it is.
 * `opened`, the message the page was opened at (`?message=`), is highlighted from the
 * first render, so the server's HTML shows it so too (for good, without JavaScript); one
 * opened without a reload (the route stays) once its page is shown.
 */
export function useJumpToMessage(
  state: { messages: ChatMessage[]; hasOlder: boolean },
  loadOlder: (oldestId: string) => Promise<void>,
  opened: string | null = null,
) {
  const [highlighted, setHighlighted] = useState(opened);
  const [shownOpened, setShownOpened] = useState(opened);
  if (opened !== shownOpened && (!opened || state.messages.some((message) => message.id === opened))) {
    setShownOpened(opened);
    setHighlighted(opened);
  }
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  });
  useEffect(() => {
    if (!highlighted) return;
    const original = document.getElementById(`message-${highlighted}`);
    // The focus goes with the eyes, so that a screen reader reads the original next.
    original?.focus({ preventScroll: true });
    original?.scrollIntoView({ block: "center", behavior: "smooth" });
    const timer = setTimeout(() => setHighlighted(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlighted]);
  const to = useCallback(
    async (messageId: string) => {
      for (let page = 0; page < JUMP_PAGES; page++) {
        const { messages, hasOlder } = latest.current;
        if (messages.some((message) => message.id === messageId)) return setHighlighted(messageId);
        const oldest = messages[0]?.id;
        if (!hasOlder || !oldest) return;
        await loadOlder(oldest);
        // The older page is in the state once React has rendered it.
        for (let wait = 0; wait < 20 && latest.current.messages[0]?.id === oldest; wait++) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    },
    [loadOlder],
  );
  return { highlighted, to };
}
