import { remember } from "@epic-web/remember";
import PgBoss from "pg-boss";
import { executeRawSql } from "#db/connect";
import { db } from "./db.server";

/*
 * Background jobs in Postgres, with pg-boss, on the app's own database handle: on a
 * Postgres server and on the embedded PGlite alike (executeRawSql routes pg-boss's SQL
 * through Kysely's driver, which on PGlite lends the one connection in turn). Several
 * instances share the queue: a job is fetched by one of them (FOR UPDATE SKIP LOCKED),
 * a schedule fires once per minute across all of them, and queues with the "short"
 * policy hold at most one waiting job per singleton key.
 */

export type QueueDefinition<Data extends object = object> = {
  name: string;
  policy?: PgBoss.QueuePolicy;
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
  /** A cron expression (minute resolution): pg-boss sends an empty job to the queue on this schedule. */
  cron?: string;
  handle: (data: Data) => Promise<void>;
};

type JobsState = {
  boss: PgBoss | null;
  starting: Promise<PgBoss> | null;
  /** The last startJobs, settled: until then a queue may not exist yet. */
  ready: Promise<void>;
  /** The handlers of the current build; workers look them up on every job, so a dev rebuild takes effect. */
  handlers: Map<string, (data: object) => Promise<void>>;
  working: Set<string>;
};

const state = () =>
  remember<JobsState>("jobs", () => ({
    boss: null,
    starting: null,
    ready: Promise.resolve(),
    handlers: new Map(),
    working: new Set(),
  }));

/** How often idle workers look for new jobs. */
const POLLING_INTERVAL_SECONDS = 2;

function startBoss(): Promise<PgBoss> {
  const jobs = state();
  jobs.starting ??= (async () => {
    const boss = new PgBoss({
      db: { executeSql: (text, values) => executeRawSql(db, text, values) },
      // pg-boss makes and upgrades its own tables (schema "pgboss"), under an advisory lock.
      migrate: true,
      supervise: true,
      schedule: true,
    });
    boss.on("error", (error) => console.error("jobs:", error instanceof Error ? error.message : error));
    await boss.start();
    jobs.boss = boss;
    return boss;
  })();
  // A start that failed (the database was away) is tried afresh by the next call, not remembered.
  jobs.starting.catch(() => (jobs.starting = null));
  return jobs.starting;
}

/**
 * Starts the queue (once per process) and has this process work the given queues.
 * Called again after a dev rebuild, it only swaps in the new build's handlers.
 */
export function startJobs(queues: Array<QueueDefinition<never>>): Promise<void> {
  const started = workQueues(queues);
  state().ready = started.catch(() => undefined);
  return started;
}

async function workQueues(queues: Array<QueueDefinition<never>>) {
  const boss = await startBoss();
  const jobs = state();
  for (const queue of queues) {
    jobs.handlers.set(queue.name, queue.handle as (data: object) => Promise<void>);
    if (jobs.working.has(queue.name)) continue;
    const options: PgBoss.Queue = {
      name: queue.name,
      policy: queue.policy ?? "standard",
      retryLimit: queue.retryLimit ?? 3,
      retryDelay: queue.retryDelay ?? 30,
      retryBackoff: queue.retryBackoff ?? true,
      expireInSeconds: queue.expireInSeconds ?? 300,
    };
    await boss.createQueue(queue.name, options);
    await boss.updateQueue(queue.name, options);
    if (queue.cron) await boss.schedule(queue.name, queue.cron, {}, { singletonKey: queue.name });
    await boss.work<object>(
      queue.name,
      { batchSize: 1, pollingIntervalSeconds: POLLING_INTERVAL_SECONDS },
      async ([job]) => {
        const handle = jobs.handlers.get(queue.name);
        if (!handle) throw new Error(`No handler for the job queue ${queue.name}`);
        await handle(job.data);
      },
    );
    jobs.working.add(queue.name);
  }
}

/**
 * Puts a job on a queue. With a singletonKey on a "short" queue, a job already waiting
 * under that key stands for this one (returns null). While the queue is starting (in the
 * background of start-up), it waits for it.
 */
export async function enqueue(name: string, data: object = {}, options: PgBoss.SendOptions = {}) {
  await state().ready;
  const boss = state().boss;
  if (!boss) throw new Error(`The job queue is not running; cannot send ${name}`);
  return boss.send(name, data, options);
}

export type QueueSize = { name: string; waiting: number; running: number };

/** How many jobs wait and run in each queue; null when this process does not run the queue. */
export async function queueSizes(): Promise<QueueSize[] | null> {
  const boss = state().boss;
  if (!boss) return null;
  const queues = (await boss.getQueues()).filter((queue) => !queue.name.startsWith("__pgboss"));
  return Promise.all(
    queues.map(async ({ name }) => {
      const waiting = await boss.getQueueSize(name, { before: "active" });
      const unfinished = await boss.getQueueSize(name, { before: "completed" });
      return { name, waiting, running: unfinished - waiting };
    }),
  );
}

/** At shutdown: let running jobs finish (up to 10 s), then stop polling. */
export async function stopJobs() {
  const jobs = state();
  const boss = jobs.boss ?? (await jobs.starting?.catch(() => null));
  jobs.boss = null;
  jobs.starting = null;
  jobs.working.clear();
  await boss?.stop({ graceful: true, timeout: 10_000, wait: true });
}
