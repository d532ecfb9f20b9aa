import { emptyReactions, UNKNOWN_USER, type ChatMessage, type ChatPerson, type Reactions } from "./chat-message";

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
  const messages = page.messages.map(
    ({ spaceId: _spaceId, deletedAt: _deletedAt, senderName, senderAvatar, readers, reactions, ...message }) => {
      if (message.senderId) people[message.senderId] = { name: senderName, avatar: senderAvatar };
      for (const { id, ...reader } of readers) people[id] = reader;
      const packed: Record<string, unknown> = {
        ...message,
        readers: readers.map((reader) => reader.id),
        reactions: Object.fromEntries(Object.entries(reactions).filter(([, users]) => users.length)),
      };
      return Object.fromEntries(
        Object.entries(packed).filter(([key, value]) => !holdsNothing(key, value)),
      ) as PackedMessage;
    },
  );
  return { ...page, messages, people };
}

function holdsNothing(key: string, value: unknown): boolean {
  if (key === "readers" || key === "reactions") return Object.keys(value as object).length === 0;
  if (!(key in NOTHING)) return false;
  return value === null || value === false || (Array.isArray(value) && value.length === 0);
}

/** The page's messages made whole again, in the chat `spaceId` they were read from. */
export function unpackPage<Page extends PackedPage>(
  spaceId: string,
  { messages, people, ...page }: Page,
): Omit<Page, keyof PackedPage> & { messages: ChatMessage[] } {
  const personOf = (id: string): ChatPerson => ({ id, ...(people[id] ?? { name: UNKNOWN_USER, avatar: null }) });
  return {
    ...page,
    messages: messages.map(({ readers = [], reactions = {}, ...message }) => {
      const sender = message.senderId ? personOf(message.senderId) : null;
      return {
        ...NOTHING,
        mentions: [],
        ...message,
        spaceId,
        deletedAt: null,
        senderName: sender?.name ?? UNKNOWN_USER,
        senderAvatar: sender?.avatar ?? null,
        readers: readers.map(personOf),
        reactions: { ...emptyReactions(), ...reactions },
      };
    }),
  };
}
