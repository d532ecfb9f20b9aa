import { useEffect, useState } from "react";
import { typingText } from "~/shared";

/** A moment's grace: the first connection, and a quick reconnect, go unmentioned. */
const RECONNECT_NOTICE_AFTER_MS = 3_000;

/** Who else is typing; a polite live region, which speaks only when the people typing change. */
export function TypingNotice({ names }: { names: string[] }) {
  const text = typingText(names);
  return (
    <p role="status" className={text ? "truncate px-3 pb-1 text-xs italic text-slate-500" : "sr-only"}>
      {text}
    </p>
  );
}

/** Says, politely, that the live chat is away and why, and that what is sent waits for it. */
export function ConnectionNotice({ connected, problem }: { connected: boolean; problem: string | null }) {
  const [longAway, setLongAway] = useState(false);
  useEffect(() => {
    if (connected) return;
    const timer = setTimeout(() => setLongAway(true), RECONNECT_NOTICE_AFTER_MS);
    return () => {
      clearTimeout(timer);
      setLongAway(false);
    };
  }, [connected]);
  const away = !connected && longAway;
  const notice = problem ?? (away ? "Reconnecting… Messages you send will go out once the chat is back." : null);
  return (
    <p
      role="status"
      className={notice ? "border-t border-amber-100 bg-amber-50 px-3 py-2 text-sm text-amber-900" : "sr-only"}
    >
      {notice}
    </p>
  );
}
