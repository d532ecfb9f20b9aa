import type { Socket } from "socket.io-client";
import {
  MESSAGE_TEXT,
  SPACE_NOT_FOUND,
  type ReactionType,
  type SpaceChange,
  ACCESS_REMOVED_EVENT,
  CATCH_UP_EVENT,
  CHAT_COMMANDS,
  SPACE_CHANGE_EVENT,
  SPACE_TYPING_EVENT,
  TOO_MANY_REQUESTS,
  TYPING_EVENT,
  TYPING_FORGET_MS,
  TYPING_IDLE_MS,
  TYPING_SIGNAL_MS,
  UNAVAILABLE,
  UNAVAILABLE_RETRY_DELAYS_MS,
} from "~/shared";

/*
 * The browser's side of a space's live chat, apart from React so that the fault test
 * can drive it in Node against real server processes.
 *
 * - Changes are applied in sequence order, once each: a live change that skips a
 *   number, and every (re)connect, asks the server for what came after the last one.
 *   A send's acknowledgement carries the change it made, applied like a live one.
 * - A message is kept in storage (localStorage per space) with its client id from the
 *   moment it is typed until the server acknowledges it, and is sent again with the
 *   same id after a reconnect, so the server stores it once. The server's refusal
 *   marks it failed, for the person to retry or discard; "unavailable" (the database
 *   cannot be reached) and "too many requests" (the socket's event limit, which an
 *   outbox retrying through an outage can reach) are not refusals of the message: it
 *   stays Sending… and goes again, with back-off, until it is stored.
 * - The outbox is a line, first in, first out, with one send on its way at a time: a
 *   message goes only once the one typed before it is stored (or refused), so the
 *   server is never offered a later message before an earlier one, and a tab's
 *   messages are stored in the order they were typed whatever happens to the
 *   connection (decision 031). A file, which goes up over HTTP, takes its turn in the
 *   same line (`inTurn`).
 * - When the server tells the socket to catch up (its instance missed broadcasts while
 *   it could not listen to the others), it asks for what came after the last number.
 * - Typing: the person's typing is signalled at most once every TYPING_SIGNAL_MS, and its
 *   end when they send, empty the box or pause; the others typing in the space are kept
 *   by name until they stop, send, or are not heard from for TYPING_FORGET_MS.
 * - Keeping the socket connected is not the chat's: the page's one socket is shared with
 *   the bell (app/components/realtime/live-socket.ts), and `keepConnected` reconnects it.
 */

export type OutboxMessage = {
  clientId: string;
  content: string;
  /** The message it replies to, if any. */
  replyToId?: string;
  createdAt: string;
  /** sending: not acknowledged yet; failed: refused, waits for Retry; sent: acknowledged, not yet shown. */
  status: "sending" | "failed" | "sent";
  error?: string;
};

export type OutboxStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

type SyncAnswer =
  { ok: true; reload: false; changes: SpaceChange[]; lastSeq: number } | { ok: true; reload: true } | Refused;
type SendAnswer = { ok: true; seq: number; change: SpaceChange | null } | Refused;
type CommandAnswer = { ok: true; change: SpaceChange | null } | Refused;
type Refused = { ok: false; error: string };

export type LiveChatOptions = {
  socket: Socket;
  spaceId: string;
  /** The last change the page was rendered with. */
  lastSeq: number;
  storage: OutboxStorage;
  onChange: (change: SpaceChange) => void;
  /** Too much was missed to replay, or access to the space ended: the page must load afresh. */
  onReload: () => void;
  onOutboxChange?: (outbox: OutboxMessage[]) => void;
  /** The names of the others typing in the space now, in the order they began. */
  onTyping?: (names: string[]) => void;
  /** The person's own id: their typing in another tab is not someone else's. */
  viewerId?: string;
  /** How long an emit waits for its acknowledgement before counting as not delivered. */
  ackTimeoutMs?: number;
};

/** Answers that say "not now" rather than "no": the same request goes again later. */
const isNotNow = (answer: { ok: boolean; error?: string }) =>
  !answer.ok && (answer.error === UNAVAILABLE || answer.error === TOO_MANY_REQUESTS);

const RETRY_DELAY_MS = 1_000;

/** A turn in the outbox's line: a message of the outbox by its client id, or a file's upload. */
type Turn = { clientId: string } | { run: () => Promise<void> };

export class LiveChat {
  lastSeq: number;
  private outbox: OutboxMessage[];
  private line: Turn[];
  private sending = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private sentSeqs = new Map<string, number>();
  private syncing: Promise<void> | null = null;
  private syncAgain = false;
  private timers = new Set<ReturnType<typeof setTimeout>>();
  private unavailableInARow = 0;
  private typingSentAt = 0;
  private typingIdle: ReturnType<typeof setTimeout> | undefined;
  private typers = new Map<string, { name: string; forget: ReturnType<typeof setTimeout> }>();
  private readonly key: string;

  constructor(private readonly options: LiveChatOptions) {
    this.lastSeq = options.lastSeq;
    this.key = `chat-outbox:${options.spaceId}`;
    this.outbox = readOutbox(options.storage, this.key);
    this.line = this.outbox.flatMap(({ clientId, status }) => (status === "sending" ? [{ clientId }] : []));
  }

  start() {
    const { socket } = this.options;
    socket.on("connect", this.onConnect);
    socket.on(SPACE_CHANGE_EVENT, this.onLiveChange);
    socket.on(ACCESS_REMOVED_EVENT, this.onAccessRemoved);
    socket.on(CATCH_UP_EVENT, this.onCatchUp);
    socket.on(SPACE_TYPING_EVENT, this.onTypingSignal);
    if (socket.connected) this.onConnect();
    this.publish();
  }

  stop() {
    const { socket } = this.options;
    socket.off("connect", this.onConnect);
    socket.off(SPACE_CHANGE_EVENT, this.onLiveChange);
    socket.off(ACCESS_REMOVED_EVENT, this.onAccessRemoved);
    socket.off(CATCH_UP_EVENT, this.onCatchUp);
    socket.off(SPACE_TYPING_EVENT, this.onTypingSignal);
    clearTimeout(this.typingIdle);
    for (const { forget } of this.typers.values()) clearTimeout(forget);
    this.typers.clear();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  /** Keeps the message, shows it as Sending…, and sends it once those typed before it are stored. */
  send(content: string, replyToId?: string): OutboxMessage {
    const entry: OutboxMessage = {
      clientId: crypto.randomUUID(),
      content,
      ...(replyToId && { replyToId }),
      createdAt: new Date().toISOString(),
      status: "sending",
    };
    this.update([...this.outbox, entry]);
    this.enqueue({ clientId: entry.clientId });
    return entry;
  }

  /** Sends a failed message again, at the end of the line, as if typed now; false when the outbox does not hold it. */
  retry(clientId: string): boolean {
    const entry = this.outbox.find((candidate) => candidate.clientId === clientId);
    if (!entry) return false;
    const others = this.outbox.filter((candidate) => candidate !== entry);
    this.update([...others, { ...entry, status: "sending", error: undefined }]);
    this.enqueue({ clientId });
    return true;
  }

  /**
   * Runs `send` (a file's upload) in its turn: once every message typed before it is
   * stored or refused, and before any typed after it goes. Resolves to what it returns.
   */
  inTurn<T>(send: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.enqueue({ run: () => send().then(resolve, reject) });
    });
  }

  discard(clientId: string) {
    this.update(this.outbox.filter((entry) => entry.clientId !== clientId));
  }

  /** Edits one's own message; resolves to the words to show when it did not happen, else null. */
  edit(messageId: string, content: string) {
    return this.command(CHAT_COMMANDS.edit, { messageId, content }, MESSAGE_TEXT.changeFailed);
  }

  remove(messageId: string) {
    return this.command(CHAT_COMMANDS.delete, { messageId }, MESSAGE_TEXT.changeFailed);
  }

  /** Takes the link preview off one's own message. */
  removePreview(messageId: string) {
    return this.command(CHAT_COMMANDS.removePreview, { messageId }, MESSAGE_TEXT.previewRemoveFailed);
  }

  react(messageId: string, reaction: ReactionType) {
    return this.command(CHAT_COMMANDS.react, { messageId, reaction }, MESSAGE_TEXT.changeFailed);
  }

  /** Marks the space read up to its latest message (or `upTo`). */
  markRead(upTo?: string) {
    return this.command(CHAT_COMMANDS.read, { spaceId: this.options.spaceId, upTo }, MESSAGE_TEXT.changeFailed);
  }

  /** The person has text in the box (true), or emptied it or sent it (false). */
  typing(active: boolean) {
    clearTimeout(this.typingIdle);
    const { socket, spaceId } = this.options;
    if (active) {
      if (Date.now() - this.typingSentAt >= TYPING_SIGNAL_MS && socket.connected) {
        socket.emit(TYPING_EVENT, { spaceId, typing: true });
        this.typingSentAt = Date.now();
      }
      this.typingIdle = setTimeout(() => this.typing(false), TYPING_IDLE_MS);
    } else if (this.typingSentAt) {
      this.typingSentAt = 0;
      if (socket.connected) socket.emit(TYPING_EVENT, { spaceId, typing: false });
    }
  }

  /** A change learnt another way (a file sent over HTTP): applied like a live one. */
  receive(change: SpaceChange) {
    if (change.seq === this.lastSeq + 1 && !this.syncing) this.apply(change);
    else if (change.seq > this.lastSeq) void this.sync();
  }

  /** Resolves once everything after lastSeq has been applied (or a reload was asked for). */
  sync(): Promise<void> {
    if (this.syncing) {
      this.syncAgain = true;
      return this.syncing;
    }
    this.syncing = this.catchUp().finally(() => (this.syncing = null));
    return this.syncing;
  }

  private onConnect = () => {
    void this.sync().then(() => this.sendNext());
  };

  private onCatchUp = () => void this.sync();

  private onLiveChange = ({ spaceId, change }: { spaceId: string; change: SpaceChange }) => {
    if (spaceId !== this.options.spaceId || change.seq <= this.lastSeq) return;
    if (change.seq === this.lastSeq + 1 && !this.syncing) this.apply(change);
    else void this.sync();
  };

  // The page now shows a space this person may no longer see; loading it again says so.
  private onAccessRemoved = ({ spaceId }: { spaceId: string }) => {
    if (spaceId === this.options.spaceId) this.options.onReload();
  };

  private async catchUp() {
    do {
      this.syncAgain = false;
      const answer = await this.request<SyncAnswer>(CHAT_COMMANDS.sync, {
        spaceId: this.options.spaceId,
        afterSeq: this.lastSeq,
      });
      if (!answer) return this.later(() => void this.sync());
      if (isNotNow(answer)) return this.later(() => void this.sync(), this.unavailableDelay());
      this.unavailableInARow = 0;
      // The space is no longer this person's (a removal this socket was not told of): loading the page again says so.
      if (!answer.ok) return answer.error === SPACE_NOT_FOUND ? this.options.onReload() : undefined;
      if (answer.reload) return this.options.onReload();
      for (const change of answer.changes) if (change.seq === this.lastSeq + 1) this.apply(change);
    } while (this.syncAgain);
  }

  private onTypingSignal = (signal: { spaceId: string; userId: string; name: string; typing: boolean }) => {
    if (signal.spaceId !== this.options.spaceId || signal.userId === this.options.viewerId) return;
    if (signal.typing) this.addTyper(signal.userId, signal.name);
    else this.removeTyper(signal.userId);
  };

  private addTyper(userId: string, name: string) {
    const known = this.typers.get(userId);
    if (known) clearTimeout(known.forget);
    this.typers.set(userId, { name, forget: setTimeout(() => this.removeTyper(userId), TYPING_FORGET_MS) });
    if (!known) this.publishTypers();
  }

  private removeTyper(userId: string) {
    const known = this.typers.get(userId);
    if (!known) return;
    clearTimeout(known.forget);
    this.typers.delete(userId);
    this.publishTypers();
  }

  private publishTypers() {
    this.options.onTyping?.([...this.typers.values()].map((typer) => typer.name));
  }

  private apply(change: SpaceChange) {
    // Someone's message is the end of their typing, should their "stopped" be late or lost.
    if (change.kind === "message.created" && change.userId) this.removeTyper(change.userId);
    this.lastSeq = change.seq;
    this.options.onChange(change);
    this.forgetShown();
  }

  /** An acknowledged message leaves the outbox once the change that shows it is applied. */
  private forgetShown() {
    const shown = [...this.sentSeqs].filter(([, seq]) => seq <= this.lastSeq).map(([clientId]) => clientId);
    if (shown.length) {
      for (const clientId of shown) this.sentSeqs.delete(clientId);
      this.update(this.outbox.filter((entry) => !shown.includes(entry.clientId)));
    }
  }

  private enqueue(turn: Turn) {
    this.line.push(turn);
    // While the line waits out a back-off, its head goes first when the wait is over.
    if (!this.retryTimer) void this.sendNext();
  }

  /** Sends the line's turns one after the other until it is empty or its head must wait. */
  private async sendNext() {
    if (this.sending) return;
    this.sending = true;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    try {
      while (this.line.length) {
        const turn = this.line[0];
        if ("run" in turn) await turn.run().catch(() => undefined);
        else if ((await this.deliver(turn.clientId)) === "wait") return;
        this.line.shift();
      }
    } finally {
      this.sending = false;
    }
  }

  /** After a pause while connected; a reconnect sends the line's head anyway. */
  private sendLater(delayMs: number) {
    if (!this.options.socket.connected) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.sendNext();
    }, delayMs);
  }

  /** Sends one message of the outbox; "wait" when it must go again later, keeping its place at the head. */
  private async deliver(clientId: string): Promise<"done" | "wait"> {
    const entry = this.outbox.find((candidate) => candidate.clientId === clientId);
    if (!entry || entry.status !== "sending") return "done";
    if (!this.options.socket.connected) return "wait";
    const { spaceId } = this.options;
    const { content, replyToId } = entry;
    const answer = await this.request<SendAnswer>(CHAT_COMMANDS.send, { spaceId, clientId, content, replyToId });
    // No answer: it stays Sending…, and goes again on reconnect, or soon if the server was only slow.
    if (!answer) {
      this.sendLater(RETRY_DELAY_MS);
      return "wait";
    }
    if (isNotNow(answer)) {
      this.sendLater(this.unavailableDelay());
      return "wait";
    }
    this.unavailableInARow = 0;
    if (!answer.ok) {
      const error = answer.error || MESSAGE_TEXT.sendFailed;
      this.update(
        this.outbox.map((item) => (item.clientId === clientId ? { ...item, status: "failed", error } : item)),
      );
      return "done";
    }
    this.sentSeqs.set(clientId, answer.seq);
    this.update(this.outbox.map((item) => (item.clientId === clientId ? { ...item, status: "sent" } : item)));
    // The acknowledgement usually overtakes the broadcast of the same change: it carries the change, so no sync is needed.
    if (answer.seq <= this.lastSeq) this.forgetShown();
    else if (answer.change) this.receive(answer.change);
    else void this.sync();
    return "done";
  }

  /**
   * Edits, deletes, reactions and reads: sent once, not kept like a message. Without a
   * connection or an answer they fail at once with `failed`, for the person to try again.
   */
  private async command(event: string, payload: object, failed: string): Promise<string | null> {
    const answer = await this.request<CommandAnswer>(event, payload);
    if (!answer || isNotNow(answer)) return failed;
    if (!answer.ok) return answer.error || failed;
    if (answer.change) this.receive(answer.change);
    return null;
  }

  /** Tries again after a pause while connected; a reconnect tries again anyway. */
  private later(retry: () => void, delayMs = RETRY_DELAY_MS) {
    if (this.options.socket.connected) this.schedule(retry, delayMs);
  }

  private schedule(run: () => void, delayMs: number) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, delayMs);
    this.timers.add(timer);
  }

  // Spread out, so that every browser of an instance does not come back in the same millisecond.
  private unavailableDelay() {
    const step =
      UNAVAILABLE_RETRY_DELAYS_MS[Math.min(this.unavailableInARow++, UNAVAILABLE_RETRY_DELAYS_MS.length - 1)];
    return step * (0.75 + Math.random() / 2);
  }

  private async request<T>(event: string, payload: object): Promise<T | undefined> {
    const { socket, ackTimeoutMs = 10_000 } = this.options;
    if (!socket.connected) return undefined;
    try {
      return (await socket.timeout(ackTimeoutMs).emitWithAck(event, payload)) as T;
    } catch {
      return undefined;
    }
  }

  private update(outbox: OutboxMessage[]) {
    this.outbox = outbox;
    const unacknowledged = outbox.filter((entry) => entry.status !== "sent");
    if (unacknowledged.length) this.options.storage.setItem(this.key, JSON.stringify(unacknowledged));
    else this.options.storage.removeItem(this.key);
    this.publish();
  }

  private publish() {
    this.options.onOutboxChange?.(this.outbox);
  }
}

function readOutbox(storage: OutboxStorage, key: string): OutboxMessage[] {
  try {
    const stored = JSON.parse(storage.getItem(key) ?? "[]") as OutboxMessage[];
    return Array.isArray(stored) ? stored.filter((entry) => typeof entry?.clientId === "string") : [];
  } catch {
    return [];
  }
}
