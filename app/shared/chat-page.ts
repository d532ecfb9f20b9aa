import {
  emptyReactions,
  REACTION_TYPES,
  UNKNOWN_USER,
  type ChatMessage,
  type ChatPerson,
  type Reactions,
} from "./chat-message";

/*
 * A page of a chat's messages as it goes to the browser (issue 41): the chat page's
 * loader data, which the page also renders as HTML, and an older page fetched later.
 * Each person (a sender, a reader) is sent once, in `people`, and a message names them
 * by id; what every message of a page has in common (its chat, and that it is not
 * deleted) is not sent, nor is a field that holds nothing (no file, no reactions, not
 * edited…). The browser makes the ChatMessages whole again (`unpackPage`) before the
 * chat's state and its bubbles see them, so they read a message as ever.
 */

type Person = Omit<ChatPerson, "id">;

/** The fields a message may leave out, with what they hold when left out. */
const NOTHING = {
  senderId: null,
  attachment: null,
  editedAt: null,
  mentions: [],
  replyTo: null,
  linkPreview: null,
  viaEmail: false,
  signOff: null,
  signOffCardMessageId: null,
} satisfies Partial<ChatMessage>;

/**
 * A message of a page without its chat, its deletion and its people's names and avatars;
 * its readers by id, its reactions only those it has, and what holds nothing left out.
 */
export type PackedMessage = Omit<
  ChatMessage,
  "spaceId" | "deletedAt" | "senderName" | "senderAvatar" | "readers" | "reactions" | keyof typeof NOTHING
> &
  Partial<Pick<ChatMessage, keyof typeof NOTHING>> & { readers?: string[]; reactions?: Partial<Reactions> };

/** A page (`messages` and whatever else it says of itself) with its messages packed, and their people once. */
export type Packed<Page extends { messages: ChatMessage[] }> = Omit<Page, "messages"> & {
  messages: PackedMessage[];
  people: Record<string, Person>;
};

type PackedPage = { messages: PackedMessage[]; people: Record<string, Person> };

/** The page as the browser gets it. Its messages are of one chat and none is deleted, as every page lists them. */
export function packPage<Page extends { messages: ChatMessage[] }>(page: Page): Packed<Page> {
  const people: Record<string, Person> = {};
  const messages = page.messages.map((message) => {
    if (message.senderId) people[message.senderId] = { name: message.senderName, avatar: message.senderAvatar };
    for (const { id, name, avatar } of message.readers) people[id] = { name, avatar };
    // Built field by field, as unpackPage makes it whole: spread and filtered as entries, a
    // page of thirty took 0.1 ms in a loop on this machine; so, 5 µs.
    const packed: PackedMessage = {
      id: message.id,
      clientId: message.clientId,
      content: message.content,
      createdAt: message.createdAt,
    };
    for (const key of LEFT_OUT) {
      const value = message[key];
      if (!(value === null || value === false || (Array.isArray(value) && value.length === 0))) {
        (packed as Record<string, unknown>)[key] = value;
      }
    }
    if (message.readers.length) packed.readers = message.readers.map((reader) => reader.id);
    for (const type of REACTION_TYPES) {
      if (message.reactions[type].length) (packed.reactions ??= {})[type] = message.reactions[type];
    }
    return packed;
  });
  return { ...page, messages, people };
}

const LEFT_OUT = Object.keys(NOTHING) as Array<keyof typeof NOTHING>;

/** Every reaction type's users, none for those the packed message left out. */
function reactionsOf(packed: Partial<Reactions> | undefined): Reactions {
  const reactions = emptyReactions();
  if (packed) for (const type of REACTION_TYPES) reactions[type] = packed[type] ?? [];
  return reactions;
}

/** The page's messages made whole again, in the chat `spaceId` they were read from. */
export function unpackPage<Page extends PackedPage>(
  spaceId: string,
  { messages, people, ...page }: Page,
): Omit<Page, keyof PackedPage> & { messages: ChatMessage[] } {
  const personOf = (id: string): ChatPerson => {
    const person = people[id];
    return { id, name: person?.name ?? UNKNOWN_USER, avatar: person?.avatar ?? null };
  };
  // Each field named, rather than NOTHING and the message spread into one object: made whole
  // that way, a page of thirty took 0.26 ms in a loop on this machine (the server's render
  // and a phone's hydration do it for every page); so, a few µs.
  return {
    ...page,
    messages: messages.map((message): ChatMessage => {
      const sender = message.senderId ? people[message.senderId] : undefined;
      return {
        id: message.id,
        clientId: message.clientId,
        spaceId,
        senderId: message.senderId ?? NOTHING.senderId,
        senderName: sender?.name ?? UNKNOWN_USER,
        senderAvatar: sender?.avatar ?? null,
        content: message.content,
        attachment: message.attachment ?? NOTHING.attachment,
        createdAt: message.createdAt,
        editedAt: message.editedAt ?? NOTHING.editedAt,
        deletedAt: null,
        reactions: reactionsOf(message.reactions),
        readers: message.readers ? message.readers.map(personOf) : [],
        mentions: message.mentions ?? [],
        replyTo: message.replyTo ?? NOTHING.replyTo,
        linkPreview: message.linkPreview ?? NOTHING.linkPreview,
        viaEmail: message.viaEmail ?? NOTHING.viaEmail,
        signOff: message.signOff ?? NOTHING.signOff,
        signOffCardMessageId: message.signOffCardMessageId ?? NOTHING.signOffCardMessageId,
      };
    }),
  };
}
