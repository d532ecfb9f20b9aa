import { decode, encode } from "@msgpack/msgpack";
import { PostgresAdapter } from "@socket.io/postgres-adapter";
import type pg from "pg";
import type { Namespace } from "socket.io";
import type { ClusterMessage, ClusterResponse } from "socket.io-adapter";
import { createClient, createPool } from "~/services/db.server";

/*
 * socket.io across instances through Postgres LISTEN/NOTIFY, on the wire format of
 * @socket.io/postgres-adapter 0.5 (channel "socket.io#<namespace>", a JSON payload, or
 * for one over NOTIFY's 8000 bytes a row of socket_io_attachments in msgpack), so that
 * an instance still running the package's adapter (an old machine during a deploy)
 * hears this one and is heard by it. The package's own `createAdapter(pool)` is not used:
 *
 * - its LISTEN connection is checked out of the pool for good, and when the server ends
 *   it (a restart, a failover, pg_terminate_backend) the dead client is dropped without
 *   being released: it keeps a pool slot, its replacement takes another, and with the
 *   pool it was given every pg_notify then waited for a connection forever;
 * - socket.io's ClusterAdapter awaits `doPublish` before it delivers a broadcast to this
 *   instance's own sockets, so local delivery waited on a Postgres round trip behind
 *   every other publish, and stopped while Postgres was away.
 *
 * Here the LISTEN connection is a client of its own (never a pool slot), ended and made
 * anew with back-off when it fails; publishing has its own small pool; `doPublish`
 * queues the NOTIFY and returns at once, so local delivery never waits on Postgres.
 * Publishes go out in order, those queued meanwhile together in one statement (one round
 * trip for a burst, not one per broadcast: at a thousand messages a second the queue of
 * single NOTIFYs never drained). When LISTEN succeeds after a loss, or
 * after failing at start-up (Postgres down when the instance booted, sockets connected
 * meanwhile), `onRelisten` runs: whatever was broadcast meanwhile never reached this
 * instance, so its sockets are told to catch up.
 */

const CHANNEL_PREFIX = "socket.io";
const ATTACHMENTS = "socket_io_attachments";
const NOTIFY_LIMIT_BYTES = 8000;
const ATTACHMENT_LIFETIME_MS = 30_000;
const FIRST_RETRY_MS = 200;
// Short, so that after an outage LISTEN (and the catch-up it brings) is back within about 2 s.
const LAST_RETRY_MS = 2_000;
// A publish waiting longer than this is dropped; receivers notice the gap and catch up.
const PUBLISH_TIMEOUT_MS = 5_000;
const MAX_QUEUED = 1_000;
// NOTIFYs in one statement at most: a burst's, in a transaction of a few hundred kilobytes.
const MAX_BATCH = 200;

type Message = ClusterMessage | ClusterResponse;
type Outgoing = { channel: string; payload: string; message: Message };

class PostgresBus {
  private readonly pool: pg.Pool;
  private readonly channels = new Set<string>();
  private listener: pg.Client | undefined;
  // Since the last successful LISTEN (or since start), an attempt failed or the connection was lost.
  private missedSome = false;
  private retryMs = FIRST_RETRY_MS;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly cleanupTimer: ReturnType<typeof setInterval>;
  private readonly queue: Message[] = [];
  private sending: Promise<void> | undefined;
  // Set while a message from another instance is read from its attachment row.
  private reading: Promise<void> | undefined;
  private lost = 0;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly deliver: (message: Message) => void,
    private readonly onRelisten: () => void,
  ) {
    this.pool = createPool(url, { label: "realtime publish", max: 2, queryTimeoutMs: PUBLISH_TIMEOUT_MS });
    this.cleanupTimer = setInterval(() => {
      const statement = `DELETE FROM ${ATTACHMENTS} WHERE created_at < now() - interval '${ATTACHMENT_LIFETIME_MS} milliseconds'`;
      this.pool.query(statement).catch(() => {});
    }, ATTACHMENT_LIFETIME_MS);
    void this.listen();
  }

  addNamespace(name: string) {
    const channel = `${CHANNEL_PREFIX}#${name}`;
    if (this.channels.has(channel)) return;
    this.channels.add(channel);
    this.listener?.query(`LISTEN "${channel}"`).catch(() => {});
  }

  /** Queues the NOTIFY and returns: the caller (a broadcast) goes on delivering locally. */
  publish(message: Message) {
    if (this.closed) return;
    if (this.queue.length >= MAX_QUEUED) return this.lose(new Error(`${MAX_QUEUED} publishes already waiting`));
    this.queue.push(message);
    this.sending ??= this.drain().finally(() => (this.sending = undefined));
  }

  private async drain() {
    while (this.queue.length) await this.send(this.nextBatch());
  }

  /**
   * The queue's head: one message too large for NOTIFY alone (it goes as an attachment),
   * or the run of those that fit. Postgres delivers a transaction's identical NOTIFYs once,
   * so a payload already in the run ends it: a broadcast repeated is delivered twice.
   */
  private nextBatch(): Outgoing[] {
    const batch: Outgoing[] = [];
    const payloads = new Set<string>();
    for (const message of this.queue) {
      const payload = JSON.stringify(message);
      const oversized = Buffer.byteLength(payload) > NOTIFY_LIMIT_BYTES;
      if (batch.length && (oversized || payloads.has(payload) || batch.length === MAX_BATCH)) break;
      batch.push({ channel: `${CHANNEL_PREFIX}#${message.nsp}`, payload, message });
      payloads.add(payload);
      if (oversized) break;
    }
    this.queue.splice(0, batch.length);
    return batch;
  }

  async close() {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.cleanupTimer);
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => {});
    await this.sending;
    await this.pool.end();
  }

  // One retry: a connection the server ended fails the first attempt, and the pool has dropped it by the second.
  // The batch is one statement, so a retry never repeats a NOTIFY that went out.
  private async send(batch: Outgoing[]) {
    try {
      await this.notify(batch).catch(() => this.notify(batch));
      if (this.lost) {
        console.error(`realtime: Postgres is back; ${this.lost} broadcasts to other instances were lost meanwhile`);
        this.lost = 0;
      }
    } catch (error) {
      this.lose(error);
    }
  }

  private async notify(batch: Outgoing[]) {
    const [{ channel, payload, message }] = batch;
    if (Buffer.byteLength(payload) > NOTIFY_LIMIT_BYTES) {
      const { rows } = await this.pool.query<{ id: string }>(
        `INSERT INTO ${ATTACHMENTS} (payload) VALUES ($1) RETURNING id`,
        [encode(message)],
      );
      const pointer = JSON.stringify({ uid: message.uid, type: message.type, attachmentId: rows[0].id });
      await this.pool.query("SELECT pg_notify($1, $2)", [channel, pointer]);
      return;
    }
    // A function scan yields the arrays' elements in order, so the NOTIFYs go out in the queue's order.
    await this.pool.query(
      "SELECT pg_notify(channel, payload) FROM unnest($1::text[], $2::text[]) AS t(channel, payload)",
      [batch.map((item) => item.channel), batch.map((item) => item.payload)],
    );
  }

  // The other instances' sockets notice the missing number on the next change and catch up.
  private lose(error: unknown) {
    if (this.lost++ === 0) {
      console.error("realtime: cannot publish to other instances:", error instanceof Error ? error.message : error);
    }
  }

  private async listen() {
    if (this.closed) return;
    const client = createClient(this.url, "realtime LISTEN");
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      this.missedSome = true;
      if (this.listener === client) this.listener = undefined;
      client.end().catch(() => {});
      this.listenLater();
    };
    client.on("error", end);
    client.on("end", end);
    client.on("notification", ({ payload }) => this.receive(payload));
    try {
      await client.connect();
      for (const channel of this.channels) await client.query(`LISTEN "${channel}"`);
    } catch {
      return end();
    }
    if (ended || this.closed) return void client.end().catch(() => {});
    this.listener = client;
    this.retryMs = FIRST_RETRY_MS;
    if (this.missedSome) {
      this.missedSome = false;
      console.log("realtime: listening to other instances again");
      this.onRelisten();
    }
  }

  private listenLater() {
    if (this.closed) return;
    const delay = this.retryMs * (0.75 + Math.random() / 2);
    this.retryMs = Math.min(this.retryMs * 2, LAST_RETRY_MS);
    this.retryTimer = setTimeout(() => void this.listen(), delay);
  }

  /**
   * Delivers what another instance published, in the order it was published: a message
   * that came as an attachment is read first, and those after it wait for it (the
   * reads themselves start at once).
   */
  private receive(payload: string | undefined) {
    const read = this.read(payload);
    if (!this.reading && !(read instanceof Promise)) return read && this.deliver(read);
    const reading = (this.reading ?? Promise.resolve())
      .then(() => read)
      .then((message) => message && this.deliver(message));
    this.reading = reading.finally(() => {
      if (this.reading === reading) this.reading = undefined;
    });
  }

  private read(payload: string | undefined): Message | undefined | Promise<Message | undefined> {
    const failed = (error: unknown) => {
      console.error("realtime: a message from another instance could not be read", error);
      return undefined;
    };
    try {
      const message = JSON.parse(payload ?? "") as Message & { attachmentId?: string };
      if (!message.attachmentId) return message;
      return this.pool
        .query<{ payload: Buffer }>(`SELECT payload FROM ${ATTACHMENTS} WHERE id = $1`, [message.attachmentId])
        .then(({ rows }) => rows[0] && (decode(rows[0].payload) as Message), failed);
    } catch (error) {
      return failed(error);
    }
  }
}

class QueuedPostgresAdapter extends PostgresAdapter {
  constructor(
    nsp: Namespace,
    private readonly bus: PostgresBus,
  ) {
    // The package's own client is replaced by the bus (doPublish below).
    super(nsp, {}, undefined as never);
  }

  protected doPublish(message: ClusterMessage) {
    this.bus.publish(message);
    return Promise.resolve("");
  }

  protected doPublishResponse(_requesterUid: string, response: ClusterResponse) {
    this.bus.publish(response);
    return Promise.resolve();
  }

  receive(message: Message) {
    this.onMessage(message as ClusterMessage);
  }
}

/** The adapter for `io.adapter(...)`, and `close` for shutdown. */
export function createPostgresAdapter(url: string, { onRelisten }: { onRelisten: () => void }) {
  const adapters = new Map<string, QueuedPostgresAdapter>();
  const bus = new PostgresBus(url, (message) => adapters.get(message.nsp)?.receive(message), onRelisten);
  // socket.io calls it with `new`, so a function, not an arrow: it returns the adapter it made.
  const adapter = function (nsp: Namespace) {
    const created = new QueuedPostgresAdapter(nsp, bus);
    adapters.set(nsp.name, created);
    bus.addNamespace(nsp.name);
    return created;
  };
  return { adapter, close: () => bus.close() };
}
