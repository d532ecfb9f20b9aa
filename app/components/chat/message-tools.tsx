import { Link, useSearchParams } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { OPEN_PARAM, opensElsewhere, ReplyIcon, ShareIcon, SignOffIcon } from "~/components/ui";
import type { ChatMessage, ReactionType } from "~/shared";
import { MessageMenu } from "./message-actions";
import { ReactionPicker } from "./reaction-bar";

/** The query parameter that draws one message's tools on the server: its Message actions link without JavaScript. */
export const TOOLS_PARAM = "tools";

/** The page's address asks for this message's tools: its Message actions link, or one of its tools' menus opened (?open=). */
export function toolsAsked(searchParams: URLSearchParams, messageId: string) {
  const open = searchParams.get(OPEN_PARAM);
  return (
    searchParams.get(TOOLS_PARAM) === messageId || open === `react-${messageId}` || open === `actions-${messageId}`
  );
}

type ToolsProps = {
  message: ChatMessage;
  viewerId: string;
  own: boolean;
  /** A team-only message (issue 38): Share with client leads to its confirmation. */
  shareable: boolean;
  /** Ask for sign-off of the message's file (issue 39). */
  signOff: boolean;
  /** Where the tools' forms and links go without JavaScript. */
  action: string;
  /** With JavaScript, in place (search results have none: their forms post). */
  onReact?: (reaction: ReactionType) => void;
  onReply?: () => void;
  onEdit?: () => void;
  onDelete?: () => void;
};

// The drawn tools' widths in px (app/tailwind.css: msg-react 7, msg-tool 8, menu-button 9 in Tailwind's units).
const TOOL_PX = { react: 28, tool: 32, menu: 36 };

/**
 * The width of a message's tools once drawn. The message holds their room beside its bubble
 * (`--msg-tools`, app/tailwind.css) and the Message actions link is as wide, so that a long
 * message wraps the same before and after they are drawn.
 */
export function toolsWidth({ own, shareable, signOff }: Pick<ToolsProps, "own" | "shareable" | "signOff">) {
  return (
    TOOL_PX.react +
    TOOL_PX.tool +
    (shareable ? TOOL_PX.tool : 0) +
    (signOff ? TOOL_PX.tool : 0) +
    (own ? TOOL_PX.menu : 0)
  );
}

/**
 * A message's tools: Add reaction, Reply, Share with client, Ask for sign-off and (one's
 * own) More actions. They are drawn for the messages a person points at, focuses or
 * taps (`drawn`), and until then are one Message actions link: drawn for each of a chat
 * page's messages they were a third of its markup, to render on every request and to
 * hydrate on a phone, for the one or two a person acts on. Without JavaScript the link
 * opens the page with this message's tools drawn (?tools=<id>); with it the message
 * draws them as the pointer or the focus arrives (MessageBubble).
 */
export function MessageTools({
  drawn,
  focusOnDraw,
  onDraw,
  ...tools
}: ToolsProps & {
  drawn: boolean;
  /** The focus was on the Message actions link: it goes to the first tool once they are drawn. */
  focusOnDraw: boolean;
  onDraw: () => void;
}) {
  const [searchParams] = useSearchParams();
  if (drawn) return <DrawnTools {...tools} focusOnDraw={focusOnDraw} />;
  const { message } = tools;
  const asked = new URLSearchParams(searchParams);
  asked.set(TOOLS_PARAM, message.id);
  return (
    <a
      href={`?${asked}#message-${message.id}`}
      onClick={(event) => {
        if (opensElsewhere(event)) return;
        event.preventDefault();
        onDraw();
      }}
      className="msg-tools msg-tool msg-more"
      title="Message actions"
    />
  );
}

function DrawnTools({
  message,
  viewerId,
  own,
  shareable,
  signOff,
  action,
  onReact,
  onReply,
  onEdit,
  onDelete,
  focusOnDraw,
}: ToolsProps & { focusOnDraw: boolean }) {
  const tools = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusOnDraw) tools.current?.querySelector<HTMLElement>("a, summary")?.focus();
  }, [focusOnDraw]);
  return (
    // Shown while the message is hovered or holds the focus; always where there is no hover (touch).
    // The links are named by their titles, as they have no text.
    <div ref={tools} className="msg-tools">
      <ReactionPicker message={message} viewerId={viewerId} action={action} onReact={onReact} />
      <Link
        to={`${action}?reply=${message.id}#chat-message`}
        onClick={(event) => {
          if (!onReply) return;
          event.preventDefault();
          onReply();
        }}
        className="msg-tool"
        title="Reply"
      >
        <ReplyIcon />
      </Link>
      {shareable ? (
        <Link to={`${action}?share=${message.id}#share-with-client`} className="msg-tool" title="Share with client">
          <ShareIcon />
        </Link>
      ) : null}
      {signOff ? (
        <Link to={`${action}?sign-off=${message.id}#sign-off`} className="msg-tool" title="Ask for sign-off">
          <SignOffIcon />
        </Link>
      ) : null}
      {own ? <MessageMenu message={message} action={action} onEdit={onEdit} onDelete={onDelete} /> : null}
    </div>
  );
}
