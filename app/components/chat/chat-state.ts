import {
  replyExcerpt,
  type ChatMessage,
  type ChatPerson,
  type Reactions,
  type ReplyQuote,
  type SpaceChange,
  type SignOffCard,
} from "~/shared";

/*
 * What the chat shows, as one reducer: the page's messages, then every change that
 * reaches the browser (a form's answer, a live event, a replay after a reconnect)
 * applied in turn. Applying a change twice, or an older one after a newer, changes
 * nothing, so the sources may overlap freely.
 */

/** A message the viewer sent that the server has not acknowledged yet, or refused. */
export type PendingMessage = {
  clientId: string;
  content: string;
  fileName: string | null;
  status: "sending" | "failed";
  /** Upload progress, 0 to 1, while a file goes up. */
  progress: number | null;
  error: string | null;
};

export type ChatState = {
  messages: ChatMessage[];
  /** The number of the last change applied to each message, so an older one never overwrites it. */
  appliedSeq: Record<string, number>;
  /** The space's change log is applied without a gap up to here; a reconnecting client asks for what follows. */
  lastSeq: number;
  hasOlder: boolean;
  pending: PendingMessage[];
};

export type ChatAction =
  | { type: "change"; change: SpaceChange }
  | { type: "older"; messages: ChatMessage[]; hasOlder: boolean }
  | { type: "reset"; messages: ChatMessage[]; hasOlder: boolean; lastSeq: number }
  | { type: "pending"; message: PendingMessage }
  | { type: "failed"; clientId: string; error: string }
  | { type: "discard"; clientId: string }
  | { type: "reactions"; messageId: string; reactions: Reactions };

export function initChatState({
  messages,
  hasOlder,
  lastSeq,
}: {
  messages: ChatMessage[];
  hasOlder: boolean;
  lastSeq: number;
}): ChatState {
  return {
    messages,
    appliedSeq: Object.fromEntries(messages.map((message) => [message.id, lastSeq])),
    lastSeq,
    hasOlder,
    pending: [],
  };
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case "change":
      return applyChange(state, action.change);
    case "older": {
      const known = new Set(state.messages.map((message) => message.id));
      const older = action.messages.filter((message) => !known.has(message.id));
      return { ...state, messages: [...older, ...state.messages], hasOlder: action.hasOlder };
    }
    case "reset":
      return { ...initChatState(action), pending: state.pending };
    case "pending":
      // An upload's last progress event can come after its message arrived live: the message is shown, not a bubble.
      if (state.messages.some((message) => message.clientId === action.message.clientId)) return state;
      return {
        ...state,
        pending: [...state.pending.filter((entry) => entry.clientId !== action.message.clientId), action.message],
      };
    case "failed":
      return {
        ...state,
        pending: state.pending.map((entry) =>
          entry.clientId === action.clientId
            ? { ...entry, status: "failed", progress: null, error: action.error }
            : entry,
        ),
      };
    case "discard":
      return { ...state, pending: state.pending.filter((entry) => entry.clientId !== action.clientId) };
    case "reactions":
      return { ...state, messages: updateMessage(state.messages, action.messageId, { reactions: action.reactions }) };
  }
}

/** Applies one change of the space's log (SpaceChange, as app/models/space-changes.server.ts records it). */
export function applyChange(state: ChatState, change: SpaceChange): ChatState {
  const lastSeq = change.seq === state.lastSeq + 1 ? change.seq : state.lastSeq;
  const messageId = change.messageId;
  if (messageId && change.seq <= (state.appliedSeq[messageId] ?? 0)) return { ...state, lastSeq };
  const appliedSeq = messageId ? { ...state.appliedSeq, [messageId]: change.seq } : state.appliedSeq;
  const next = { ...state, lastSeq, appliedSeq };

  switch (change.kind) {
    case "message.created": {
      const message = change.payload as ChatMessage;
      // Changes written before the log carried messages (the demo seed) have nothing to show.
      if (!message.id) return next;
      const pending = state.pending.filter((entry) => entry.clientId !== message.clientId);
      const messages = state.messages.some((existing) => existing.id === message.id)
        ? updateMessage(state.messages, message.id, message)
        : insertInOrder(state.messages, message);
      // Sending moves the sender's read watermark to their message.
      const sender = message.senderId
        ? { id: message.senderId, name: message.senderName, avatar: message.senderAvatar }
        : null;
      return { ...next, pending, messages: sender ? addReader(messages, sender, message.createdAt) : messages };
    }
    case "message.edited": {
      const message = change.payload as ChatMessage;
      if (!message.id) return next;
      const excerpt = replyExcerpt(message.content, message.attachment?.name ?? null);
      const messages = updateMessage(state.messages, message.id, message);
      return { ...next, messages: updateQuotes(messages, message.id, (quote) => ({ ...quote, excerpt })) };
    }
    case "message.deleted": {
      const messages = state.messages.filter((message) => message.id !== messageId);
      if (!messageId) return { ...next, messages };
      const gone = { id: messageId, senderName: "", excerpt: "", deleted: true };
      return { ...next, messages: updateQuotes(messages, messageId, () => gone) };
    }
    case "message.preview": {
      const { linkPreview } = change.payload as Pick<ChatMessage, "linkPreview">;
      return {
        ...next,
        messages: messageId ? updateMessage(state.messages, messageId, { linkPreview }) : state.messages,
      };
    }
    case "reaction.changed": {
      const { reactions } = change.payload as { reactions: Reactions };
      return {
        ...next,
        messages: messageId ? updateMessage(state.messages, messageId, { reactions }) : state.messages,
      };
    }
    case "sign-off.changed": {
      const { signOff } = change.payload as { signOff: SignOffCard };
      if (!messageId) return next;
      // The card is on its message; every version's message is now in it (no one asks about its file again).
      const inIt = new Set([messageId, ...signOff.versions.map((version) => version.messageId)]);
      return {
        ...next,
        messages: state.messages.map((message) =>
          inIt.has(message.id)
            ? { ...message, signOffCardMessageId: messageId, ...(message.id === messageId && { signOff }) }
            : message,
        ),
      };
    }
    case "read.advanced": {
      const { userId, lastReadAt, user } = change.payload as {
        userId: string;
        lastReadAt: string;
        user: { name: string; avatar: string | null };
      };
      return { ...next, messages: addReader(state.messages, { id: userId, ...user }, lastReadAt) };
    }
  }
}

/** The messages a member has read up to `readUpTo` count them among their readers (never the sender's own). */
function addReader(messages: ChatMessage[], reader: ChatPerson, readUpTo: string): ChatMessage[] {
  const upTo = Date.parse(readUpTo);
  return messages.map((message) =>
    message.senderId !== reader.id &&
    Date.parse(message.createdAt) <= upTo &&
    !message.readers.some((existing) => existing.id === reader.id)
      ? { ...message, readers: [...message.readers, reader] }
      : message,
  );
}

function updateMessage(messages: ChatMessage[], id: string, update: Partial<ChatMessage>): ChatMessage[] {
  return messages.map((message) => (message.id === id ? { ...message, ...update } : message));
}

function insertInOrder(messages: ChatMessage[], message: ChatMessage): ChatMessage[] {
  const at = Date.parse(message.createdAt);
  let index = messages.length;
  while (index > 0 && Date.parse(messages[index - 1].createdAt) > at) index -= 1;
  return [...messages.slice(0, index), message, ...messages.slice(index)];
}

/** The replies' quotes of one message, changed as it was edited or deleted. */
function updateQuotes(messages: ChatMessage[], originalId: string, change: (quote: ReplyQuote) => ReplyQuote) {
  return messages.map((message) =>
    message.replyTo?.id === originalId ? { ...message, replyTo: change(message.replyTo) } : message,
  );
}
