/** Whether a request may go on, and if not how long until it could. */
export type Take = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface TokenBuckets {
  /** Takes a token from `key`'s bucket. */
  take(key: string): Take;
  /** Buckets held now. */
  readonly size: number;
}

interface Bucket {
  tokens: number;
  /** When `tokens` was counted, in ms. */
  at: number;
}

/** Buckets kept before full ones (which say nothing a new bucket would not) are forgotten. */
const PRUNE_ABOVE = 10_000;

/**
 * A token bucket per key, in this process's memory: each holds at most `perMinute` tokens and gains
 * `perMinute` a minute, continuously; a take spends one. So a key may send `perMinute` at once, then
 * `perMinute` a minute. `now` is the clock (tests move it).
 */
export function createTokenBuckets(perMinute: number, now: () => number = Date.now): TokenBuckets {
  const buckets = new Map<string, Bucket>();
  const perMs = perMinute / 60_000;
  const refilled = (bucket: Bucket, time: number) =>
    Math.min(perMinute, bucket.tokens + (time - bucket.at) * perMs);

  const prune = (time: number) => {
    for (const [key, bucket] of buckets) if (refilled(bucket, time) >= perMinute) buckets.delete(key);
  };

  return {
    take(key) {
      const time = now();
      const bucket = buckets.get(key);
      const tokens = bucket ? refilled(bucket, time) : perMinute;
      if (tokens < 1) {
        return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / perMs / 1000)) };
      }
      if (!bucket && buckets.size >= PRUNE_ABOVE) prune(time);
      buckets.set(key, { tokens: tokens - 1, at: time });
      return { ok: true };
    },
    get size() {
      return buckets.size;
    },
  };
}
