import type { Socket } from "socket.io-client";
import { LiveChat, type LiveChatOptions, type OutboxMessage } from "~/components/chat/live-chat";
import type { SpaceChange } from "~/shared/protocol";
import { MemoryStorage } from "./sockets";

/**
 * The browser's live chat (app/components/chat/live-chat.ts) started on a socket, as a
 * tab runs it, with what it shows: the changes it applied, in order; its outbox as last
 * shown (what is still Sending… or failed); and every message it has shown as sent. A
 * reload is not expected unless `options` says what to do on one.
 */
export function startLiveChat(socket: Socket, spaceId: string, options: Partial<LiveChatOptions> = {}) {
  const applied: SpaceChange[] = [];
  const acknowledged = new Set<string>();
  let outbox: OutboxMessage[] = [];
  const storage = options.storage ?? new MemoryStorage();
  const chat = new LiveChat({
    socket,
    spaceId,
    lastSeq: 0,
    storage,
    onChange: (change) => applied.push(change),
    onReload: () => {
      throw new Error("a reload was not expected");
    },
    onOutboxChange: (next) => {
      outbox = next;
      for (const entry of next) if (entry.status === "sent") acknowledged.add(entry.clientId);
    },
    ...options,
  });
  chat.start();
  return { socket, chat, applied, acknowledged, storage, pending: () => outbox };
}
