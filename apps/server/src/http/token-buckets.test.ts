import { describe, expect, it } from 'vitest';
import { createTokenBuckets } from './token-buckets.js';

describe('token buckets', () => {
  it('lets a key send its rate at once, then refuses with the wait until its next token', () => {
    let now = 0;
    const buckets = createTokenBuckets(60, () => now);
    for (let i = 0; i < 60; i += 1) expect(buckets.take('ann')).toEqual({ ok: true });
    expect(buckets.take('ann')).toEqual({ ok: false, retryAfterSeconds: 1 });
    // Another key has its own bucket.
    expect(buckets.take('bob')).toEqual({ ok: true });
    // A token a second comes back.
    now = 1000;
    expect(buckets.take('ann')).toEqual({ ok: true });
    expect(buckets.take('ann')).toEqual({ ok: false, retryAfterSeconds: 1 });
    now = 31_000;
    for (let i = 0; i < 30; i += 1) expect(buckets.take('ann')).toEqual({ ok: true });
    expect(buckets.take('ann').ok).toBe(false);
  });

  it('says a slow rate’s wait in whole seconds, and refills no fuller than the rate', () => {
    let now = 0;
    const buckets = createTokenBuckets(2, () => now);
    expect([buckets.take('ann').ok, buckets.take('ann').ok]).toEqual([true, true]);
    expect(buckets.take('ann')).toEqual({ ok: false, retryAfterSeconds: 30 });
    now = 10_000;
    expect(buckets.take('ann')).toEqual({ ok: false, retryAfterSeconds: 20 });
    now = 3_600_000;
    expect([buckets.take('ann').ok, buckets.take('ann').ok, buckets.take('ann').ok]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('forgets full buckets once it holds many, keeping those still refilling', () => {
    let now = 0;
    const buckets = createTokenBuckets(1, () => now);
    for (let i = 0; i < 10_000; i += 1) buckets.take(`idle-${i}`);
    now = 30_000;
    // Half refilled: none is forgotten.
    expect(buckets.take('busy').ok).toBe(true);
    expect(buckets.size).toBe(10_001);
    now = 61_000;
    expect(buckets.take('newcomer').ok).toBe(true);
    expect(buckets.size).toBe(2);
    expect(buckets.take('busy')).toEqual({ ok: false, retryAfterSeconds: 29 });
  });
});
