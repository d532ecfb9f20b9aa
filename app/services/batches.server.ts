import DataLoader from "dataloader";

/**
 * One read for many keys asked for together (DataLoader), batched the way a burst of
 * requests needs: a key asked for while nothing is being read is read at the next turn
 * of the event loop, with whatever else came in that turn; keys asked for while a read
 * is on its way wait for it and then go in one read together. A lone request waits for
 * nothing; a reconnect storm's thousand handshakes cost a few queries instead of a
 * thousand. Nothing is cached: every key is read afresh.
 */
export function batchedReads<K, V>(read: (keys: readonly K[]) => Promise<ReadonlyArray<V | Error>>) {
  let reading: Promise<unknown> = Promise.resolve();
  return new DataLoader<K, V>(
    (keys) => {
      const batch = read(keys);
      reading = batch.catch(() => undefined);
      return batch;
    },
    {
      cache: false,
      // A storm of handshakes in reads of at most this many (one query's parameters stay few).
      maxBatchSize: 500,
      batchScheduleFn: (dispatch) => void reading.then(() => setImmediate(dispatch)),
    },
  );
}
