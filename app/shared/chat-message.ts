import type { Mention } from "./mentions";
import type { SubmissionResult } from "@conform-to/react";
import type { SpaceChange } from "./protocol";
import type { SignOffCard } from "./sign-offs";

export type { SpaceChange, SpaceChangeKind } from "./protocol";

/*
 * The chat's shapes and words, shared by the server (models, routes, socket handlers)
 * and the browser (the chat components and their reducer). Apart from the forms' schemas
 * (message.schemas.ts), so that the browser's chat needs no zod.
 */

export const REACTION_TYPES = ["smile", "heart", "thumbsup", "angry"] as const;
export type ReactionType = (typeof REACTION_TYPES)[number];

/** What each reaction is called: the accessible name of its buttons, and its word in an export. */
export const REACTION_LABEL: Record<ReactionType, string> = {
  smile: "Smile",
  heart: "Heart",
  thumbsup: "Thumbs up",
  angry: "Angry",
};

/** Who reacted with what: the user ids per reaction (the count is their number). */
export type Reactions = Record<ReactionType, string[]>;

export type ChatPerson = { id: string; name: string; avatar: string | null };

export type ChatAttachment = { name: string; size: number; type: string; url: string };

/** A message as the chat renders it, and as live changes carry it. */
export type ChatMessage = {
  id: string;
  clientId: string;
  spaceId: string;
  senderId: string | null;
  senderName: string;
  senderAvatar: string | null;
  content: string;
  attachment: ChatAttachment | null;
  createdAt: string;
  editedAt: string | null;
  deletedAt: string | null;
  reactions: Reactions;
  /** The members other than the sender whose read watermark is at or after the message. */
  readers: ChatPerson[];
  /** The members the text names ("@Full Name"), with their names as they are now. */
  mentions: Mention[];
  /** The message it replies to, as a quote: its sender and first line, or that it was deleted. */
  replyTo: ReplyQuote | null;
  /** The card of the first link in the text, once the server has read the page (a background job). */
  linkPreview: LinkPreview | null;
  /** Posted by a reply to a notice mail: the bubble says "via email" (issue 37). */
  viaEmail: boolean;
  /** The sign-off asked on the message's file (issue 39), as its card shows it. */
  signOff: SignOffCard | null;
  /** The message whose sign-off card this message's file is in (as any version), or null: a file is asked about once. */
  signOffCardMessageId: string | null;
};

/** What a linked page says of itself, as a card under the message; its picture is served by the app, never the site. */
export type LinkPreview = {
  url: string;
  title: string;
  description: string | null;
  siteName: string | null;
  image: { url: string; width: number; height: number } | null;
};

/** The longest link a message's preview is made for. */
const LINK_MAX_LENGTH = 2_048;

const LINK_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/gi;

/**
 * A text's http(s) links, as a reader would take them: without the sentence's full stop
 * or comma after one, and without a closing bracket that closes one opened before the
 * link ("(see https://example.com/a)"), but with one that belongs to it
 * ("https://en.wikipedia.org/wiki/Mars_(planet)"). The text comes back in pieces, the
 * links as `{ link }` between the plain strings, so a message shows them as links.
 */
export function splitLinks(text: string): Array<string | { link: string }> {
  const pieces: Array<string | { link: string }> = [];
  let end = 0;
  for (const match of text.matchAll(LINK_PATTERN)) {
    const link = trimLink(match[0]);
    if (!URL.canParse(link)) continue;
    pieces.push(text.slice(end, match.index), { link });
    end = match.index + link.length;
  }
  pieces.push(text.slice(end));
  return pieces.filter((piece) => piece !== "");
}

function trimLink(candidate: string) {
  let link = candidate;
  for (;;) {
    const trimmed = link.replace(/[.,;:!?*_~]+$/, "");
    const closing = trimmed.at(-1);
    const opening = closing && { ")": "(", "]": "[", "}": "{" }[closing];
    const unbalanced = opening && trimmed.split(opening).length < trimmed.split(closing).length;
    const next = unbalanced ? trimmed.slice(0, -1) : trimmed;
    if (next === link) return link;
    link = next;
  }
}

/** The first link of a message's text (splitLinks), whose page its preview shows; null when there is none. */
export function firstLinkIn(content: string): string | null {
  const first = splitLinks(content).find((piece) => typeof piece !== "string");
  return first && first.link.length <= LINK_MAX_LENGTH ? first.link : null;
}

/** A replied-to message as a reply shows it: "Olivia Chen: The logo…", or "Original message deleted". */
export type ReplyQuote = { id: string; senderName: string; excerpt: string; deleted: boolean };

/** How long a quote's first line may be before it is cut with "…". */
export const REPLY_EXCERPT_LENGTH = 120;

/** A message's first line as a reply quotes it; a file alone is quoted by its name. */
export function replyExcerpt(content: string, attachmentName: string | null): string {
  const firstLine = content.trim().split("\n")[0]?.trim() || (attachmentName ? `File: ${attachmentName}` : "");
  return firstLine.length > REPLY_EXCERPT_LENGTH ? `${firstLine.slice(0, REPLY_EXCERPT_LENGTH - 1)}…` : firstLine;
}

export const MESSAGE_MAX_LENGTH = 10_000;

/** Chat attachments: at most 10MB (SPEC §5), with SPEC §8's refusal; the browser checks before uploading. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ATTACHMENT_TOO_LARGE = { title: "File too large", message: "Please upload a file smaller than 10MB." };

/** The answer about a space the user may not see (space-access.server.ts); the browser's chat reloads on it. */
export const SPACE_NOT_FOUND = "Space not found";
/** The name shown for a sender or reader whose account is gone (SPEC §2.13). */
export const UNKNOWN_USER = "Unknown User";

export const MESSAGE_TEXT = {
  originalDeleted: "Original message deleted",
  empty: "Message cannot be empty.",
  // Written out, not MESSAGE_MAX_LENGTH.toLocaleString(): formatting a number when this module loads wakes the
  // browser's number formatting, which took 30 ms of a phone's first task on every page (issue 41).
  tooLong: "Message must be at most 10,000 characters.",
  /** SPEC §8's words for a change of someone else's message, under the toast title of the change (NOT_SENDER). */
  notSender: "Make sure you're the sender of this message.",
  removePreviewOthers: "You can only remove previews from your own messages.",
  sent: "Message sent",
  updated: "Message updated successfully",
  deleted: "Message deleted successfully",
  fileSent: "File uploaded successfully",
  sendFailed: "Failed to send message. Please try again.",
  /** A file's post that got no answer. */
  fileSendFailed: "Failed to send file. Please try again.",
  /** A file's post that failed on the server, under the toast title "Upload failed". */
  uploadFailed: "Could not upload file. Please try again.",
  changeFailed: "Failed to edit or delete message. Please try again.",
  previewRemoved: "Preview removed",
  previewRemoveFailed: "Could not remove the preview. Please try again.",
  notUnderstood: "This request was not understood.",
  /** An action past its person's allowance, over the socket or a form (action-allowance.server.ts). */
  tooManyRequests: "Too many requests. Please wait a moment and try again.",
} as const;

/** A file's size as the chat and an export show it: "512 B", "12.3 KB", "4.0 MB". */
export function formatSize(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function emptyReactions(): Reactions {
  return { smile: [], heart: [], thumbsup: [], angry: [] };
}

/**
 * What a chat form post came to: the page's action answers it with a redirect and a toast,
 * the resource route answers the browser's post of a file with it as JSON.
 */
export type ChatActionResult =
  | { ok: true; intent: "send"; message: ChatMessage; seq: number; duplicate: boolean; change: SpaceChange | null }
  | { ok: true; intent: "edit"; message: ChatMessage; seq: number | null; change: SpaceChange | null }
  | { ok: true; intent: "delete"; id: string; seq: number; change: SpaceChange }
  | { ok: true; intent: "react"; messageId: string; reactions: Reactions; seq: number; change: SpaceChange }
  | { ok: true; intent: "remove-preview"; messageId: string; seq: number | null; change: SpaceChange | null }
  | { ok: true; intent: "share"; message: ChatMessage; seq: number; duplicate: boolean; change: SpaceChange | null }
  | {
      ok: false;
      intent: string;
      title: string;
      error: string;
      reply: SubmissionResult<string[]>;
    };

/** What shows under the messages while others type in the space (issue 21), or null when nobody does. */
export function typingText(names: string[]): string | null {
  if (!names.length) return null;
  if (names.length === 1) return `${names[0]} is typing…`;
  if (names.length === 2) return `${names[0]} and ${names[1]} are typing…`;
  return "Several people are typing…";
}
