import type { Socket } from "socket.io";
import { z } from "zod";
import type { Actor } from "~/models/actors.server";
import { Refusal, isNotFound, notFound } from "~/models/errors.server";
import { removeLinkPreview } from "~/models/link-previews.server";
import { toggleReaction } from "~/models/message-reactions.server";
import { MESSAGE_TEXT } from "~/shared/chat-message";
import { ChatCommandSchemas } from "~/shared/message.schemas";
import { sendMessage } from "~/models/message-sending.server";
import { deleteMessage, editMessage } from "~/models/message-changes.server";
import { canSeeChat, SPACE_NOT_FOUND } from "~/models/space-access.server";
import { changesSince } from "~/models/space-changes.server";
import { markRead } from "~/models/space-reads.server";
import { isDatabaseUnavailable } from "~/services/db.server";
import { SPACE_TYPING_EVENT, TOO_MANY_REQUESTS, TYPING_EVENT, UNAVAILABLE, CHAT_COMMANDS } from "~/shared/protocol";
import type { RealtimeLimits } from "./limits.server";
import { recheckRooms, spaceRoom, type SocketData } from "./rooms.server";

/*
 * The chat over the socket: each event is parsed, handed to the same model function a
 * form post calls, and answered with an acknowledgement. No rule is checked here; only
 * the limits (limits.server.ts: the socket's, and its user's allowance, which their form
 * posts share) refuse an event before anything is read.
 */

export type ChatAck<T> = ({ ok: true } & T) | { ok: false; error: string };

// Not a field a person types: a malformed one is a broken client, told so plainly.
const spaceId = z.object({
  spaceId: z.string({ error: MESSAGE_TEXT.notUnderstood }).max(100, MESSAGE_TEXT.notUnderstood),
});
const events = {
  [CHAT_COMMANDS.send]: ChatCommandSchemas.send.extend(spaceId.shape),
  [CHAT_COMMANDS.edit]: ChatCommandSchemas.edit,
  [CHAT_COMMANDS.delete]: ChatCommandSchemas.delete,
  [CHAT_COMMANDS.react]: ChatCommandSchemas.react,
  [CHAT_COMMANDS.removePreview]: ChatCommandSchemas.removePreview,
  [CHAT_COMMANDS.read]: ChatCommandSchemas.read.extend(spaceId.shape),
  [CHAT_COMMANDS.sync]: spaceId.extend({
    afterSeq: z
      .number({ error: MESSAGE_TEXT.notUnderstood })
      .int(MESSAGE_TEXT.notUnderstood)
      .min(0, MESSAGE_TEXT.notUnderstood),
  }),
};
type ChatEvent = keyof typeof events;
const typingSignal = spaceId.extend({ typing: z.boolean() });
/** Every event a socket may send, so the access tests cover each one. */
export const CHAT_EVENTS = Object.keys(events) as ChatEvent[];
type Handlers = { [K in ChatEvent]: (input: z.infer<(typeof events)[K]>) => Promise<object> };

export function handleChatEvents(socket: Socket, actor: Actor, joined: Promise<unknown>, limits: RealtimeLimits) {
  const handlers: Handlers = {
    [CHAT_COMMANDS.send]: async ({ spaceId, clientId, content, replyToId }) =>
      sendMessage(actor, spaceId, { clientId, content, replyToId }),
    [CHAT_COMMANDS.edit]: async ({ messageId, content }) => editMessage(actor, messageId, content),
    [CHAT_COMMANDS.delete]: async ({ messageId }) => deleteMessage(actor, messageId),
    [CHAT_COMMANDS.react]: async ({ messageId, reaction }) => toggleReaction(actor, messageId, reaction),
    [CHAT_COMMANDS.removePreview]: async ({ messageId }) => removeLinkPreview(actor, messageId),
    [CHAT_COMMANDS.read]: async ({ spaceId, upTo }) => (await markRead(actor, spaceId, upTo)) ?? { change: null },
    // A space the user was given after connecting is joined here, once it is found visible.
    // The room is joined before the log is read, so a change committed meanwhile arrives live
    // if the read missed it; the read checks access again (for a socket already in the room,
    // the only check), so a removal in between leaves the room too. A refusal may mean a
    // removal whose room leave this instance never heard of (rooms.server.ts): the socket
    // leaves the room, and its other rooms and its session are checked again.
    [CHAT_COMMANDS.sync]: async ({ spaceId, afterSeq }) => {
      const room = spaceRoom(spaceId);
      // The first sync after the handshake, from a client that had everything up to the number
      // the log was at once the socket was in the room: nothing missed, and nothing to read (a
      // reconnect storm is mostly these). Later changes come to the room.
      const data = socket.data as SocketData;
      const seqAtJoin = data.seqAtJoin?.get(spaceId);
      data.seqAtJoin = undefined;
      if (seqAtJoin === afterSeq && socket.rooms.has(room)) return { reload: false, changes: [], lastSeq: afterSeq };
      if (!socket.rooms.has(room)) {
        if (!(await canSeeChat(actor, spaceId))) throw await leaveRefused(room);
        await socket.join(room);
      }
      try {
        return await changesSince(actor, spaceId, afterSeq);
      } catch (error) {
        if (isNotFound(error)) throw await leaveRefused(room);
        await socket.leave(room);
        throw error;
      }
    },
  };

  async function leaveRefused(room: string) {
    await socket.leave(room);
    await recheckRooms([socket]);
    return notFound(SPACE_NOT_FOUND);
  }

  // Typing is passed on to the space's other sockets, on every instance, with no answer and
  // nothing stored. The socket is in a space's room only while its user may see the space
  // (rooms.server.ts), so that is the access check, and it costs no query.
  socket.on(TYPING_EVENT, (input: unknown) => {
    const parsed = typingSignal.safeParse(input);
    if (!parsed.success || !limits.allowTyping(socket)) return;
    const { spaceId, typing } = parsed.data;
    const room = spaceRoom(spaceId);
    if (!socket.rooms.has(room)) return;
    socket.to(room).emit(SPACE_TYPING_EVENT, { spaceId, userId: actor.id, name: actor.name, typing });
  });

  for (const name of CHAT_EVENTS) {
    socket.on(name, async (input: unknown, ack: unknown) => {
      if (typeof ack !== "function") return;
      const reply = ack as (answer: ChatAck<object>) => void;
      if (!limits.allowEvent(socket, actor.id)) return reply({ ok: false, error: TOO_MANY_REQUESTS });
      const parsed = events[name].safeParse(input);
      if (!parsed.success) {
        // A field's words (too long, empty) are the form's; a payload that is not even an object is not understood.
        const [issue] = parsed.error.issues;
        return reply({ ok: false, error: issue?.path.length ? issue.message : MESSAGE_TEXT.notUnderstood });
      }
      try {
        await joined;
        const handle = handlers[name] as (input: unknown) => Promise<object>;
        reply({ ok: true, ...(await handle(parsed.data)) });
      } catch (error) {
        reply({ ok: false, error: refusal(error, name) });
      }
    });
  }
}

// SPEC §8's words for a failure that is not a refusal.
const FAILED: Partial<Record<ChatEvent, string>> = {
  [CHAT_COMMANDS.send]: MESSAGE_TEXT.sendFailed,
  [CHAT_COMMANDS.edit]: MESSAGE_TEXT.changeFailed,
  [CHAT_COMMANDS.delete]: MESSAGE_TEXT.changeFailed,
  [CHAT_COMMANDS.removePreview]: MESSAGE_TEXT.previewRemoveFailed,
};

/** A model's refusal in its own words; anything else is logged and told as a failure to retry. */
function refusal(error: unknown, event: ChatEvent): string {
  // A refusal with a title (SPEC §8's "Could not edit message.") is said whole, in one line.
  if (error instanceof Refusal) return error.title ? `${error.title} ${error.message}` : error.message;
  // Not a failure of this request: the browser keeps it and sends it again (app/components/chat/live-chat.ts).
  if (isDatabaseUnavailable(error)) return UNAVAILABLE;
  console.error(`realtime: ${event} failed`, error);
  return FAILED[event] ?? "Something went wrong. Please try again.";
}
