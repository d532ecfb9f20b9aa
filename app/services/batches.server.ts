import DataLoader from "dataloader";

/**
 * One statement for many calls made together (DataLoader), batched the way a burst of
 * requests needs: a call made while no statement is on its way goes at the next turn of
 * the event loop, with whatever else came in that turn; calls made while one is on its
 * way wait for it and then go in one statement together. A lone call waits for nothing;
 * a reconnect storm's thousand handshakes cost a few reads instead of a thousand, and the
 * messages sent at the same moment one insert. Nothing is cached: every call is answered
 * afresh.
 */
export function batched<K, V>(
  run: (keys: readonly K[]) => Promise<ReadonlyArray<V | Error>>,
  {
    // At most this many in one statement, so that its parameters (or its text) stay small.
    maxBatchSize = 500,
    // Statements on their way at once: a second one overlaps its round trip with the first's.
    concurrency = 1,
  } = {},
) {
  let running = 0;
  const waiting: Array<() => void> = [];
  const finished = () => {
    running--;
    waiting.shift()?.();
  };
  return new DataLoader<K, V>(
    (keys) => {
      running++;
      const batch = run(keys);
      batch.then(finished, finished);
      return batch;
    },
    {
      cache: false,
      maxBatchSize,
      batchScheduleFn: (dispatch) => {
        const go = () => void setImmediate(dispatch);
        if (running < concurrency) go();
        else waiting.push(go);
      },
    },
  );
}
