import { decode, encode } from "@msgpack/msgpack";
import { PostgresAdapter } from "@socket.io/postgres-adapter";
import type pg from "pg";
import type { Namespace } from "socket.io";
import type { ClusterMessage, ClusterResponse } from "socket.io-adapter";
import { createClient, createPool } from "#db/connect";

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
 * Publishes go out one at a time, in order. When LISTEN succeeds after a loss, or
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

type Message = ClusterMessage | ClusterResponse;

class PostgresBus {
  private readonly pool: pg.Pool;
  private readonly channels = new Set<string>();
  private listener: pg.Client | undefined;
  // Since the last successful LISTEN (or since start), an attempt failed or the connection was lost.
  private missedSome = false;
  private retryMs = FIRST_RETRY_MS;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly cleanupTimer: ReturnType<typeof setInterval>;
  private sending: Promise<void> = Promise.resolve();
  private queued = 0;
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
    if (this.queued >= MAX_QUEUED) return this.lose(new Error(`${MAX_QUEUED} publishes already waiting`));
    this.queued++;
    this.sending = this.sending.then(() => this.send(message)).finally(() => this.queued--);
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
  private async send(message: Message) {
    try {
      await this.notify(message).catch(() => this.notify(message));
      if (this.lost) {
        console.error(`realtime: Postgres is back; ${this.lost} broadcasts to other instances were lost meanwhile`);
        this.lost = 0;
      }
    } catch (error) {
      this.lose(error);
    }
  }

  private async notify(message: Message) {
    let payload = JSON.stringify(message);
    if (Buffer.byteLength(payload) > NOTIFY_LIMIT_BYTES) {
      const { rows } = await this.pool.query<{ id: string }>(
        `INSERT INTO ${ATTACHMENTS} (payload) VALUES ($1) RETURNING id`,
        [encode(message)],
      );
      payload = JSON.stringify({ uid: message.uid, type: message.type, attachmentId: rows[0].id });
    }
    await this.pool.query("SELECT pg_notify($1, $2)", [`${CHANNEL_PREFIX}#${message.nsp}`, payload]);
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
    client.on("notification", ({ payload }) => void this.receive(payload));
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

  private async receive(payload: string | undefined) {
    try {
      const message = JSON.parse(payload ?? "") as Message & { attachmentId?: string };
      if (!message.attachmentId) return this.deliver(message);
      const { rows } = await this.pool.query<{ payload: Buffer }>(`SELECT payload FROM ${ATTACHMENTS} WHERE id = $1`, [
        message.attachmentId,
      ]);
      if (rows[0]) this.deliver(decode(rows[0].payload) as Message);
    } catch (error) {
      console.error("realtime: a message from another instance could not be read", error);
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
