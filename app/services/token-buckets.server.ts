/*
 * Token buckets in this process's memory, for limits on hot paths (every socket event,
 * every reaction) where a database round trip per check would cost more than the flood
 * it stops. Each key's bucket starts full with `burst` tokens and regains `perSecond`
 * a second; an empty bucket refuses. A bucket that has filled up again is the same as
 * none, so it is forgotten: memory follows the keys active lately, not every key seen.
 */

export type BucketRate = { burst: number; perSecond: number };

const SWEEP_EVERY_MS = 60_000;

export class TokenBuckets {
  private buckets = new Map<string, { tokens: number; at: number }>();
  private sweptAt = 0;

  constructor(
    readonly rate: BucketRate,
    private readonly now = () => performance.now(),
  ) {}

  /** Takes a token from the key's bucket; false, taking nothing, when it is empty. */
  take(key: string): boolean {
    const now = this.now();
    this.sweep(now);
    const tokens = this.tokens(key, now);
    if (tokens < 1) return false;
    this.buckets.set(key, { tokens: tokens - 1, at: now });
    return true;
  }

  private tokens(key: string, now: number) {
    const bucket = this.buckets.get(key);
    if (!bucket) return this.rate.burst;
    return Math.min(this.rate.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.rate.perSecond);
  }

  private sweep(now: number) {
    if (now - this.sweptAt < SWEEP_EVERY_MS) return;
    this.sweptAt = now;
    for (const key of this.buckets.keys()) if (this.tokens(key, now) >= this.rate.burst) this.buckets.delete(key);
  }
}
