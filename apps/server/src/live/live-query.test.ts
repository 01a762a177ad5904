import { describe, expect, it } from 'vitest';
import type { LiveHub } from './hub.js';
import { LiveQuery } from './live-query.js';

/** A hub whose changes the test announces itself. */
function fakeHub() {
  const listeners = new Set<() => void>();
  const hub: LiveHub = {
    watch: (_topic, _user, listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => {},
  };
  const change = () => {
    for (const listener of [...listeners]) listener();
  };
  return { hub, change, watching: () => listeners.size };
}

describe('LiveQuery', () => {
  it('reads at once, then once per change asked for, several changes in between making one read', async () => {
    const { hub, change } = fakeHub();
    let reads = 0;
    const q = new LiveQuery(hub, 'users', 'u1', async () => ++reads);
    expect(await q.next()).toEqual({ done: false, value: 1 });
    const waiting = q.next();
    change();
    expect(await waiting).toEqual({ done: false, value: 2 });
    change();
    change();
    change();
    expect(await q.next()).toEqual({ done: false, value: 3 });
    expect(reads).toBe(3);
  });

  it('stops watching when ended, even while it waits for a change', async () => {
    const { hub, change, watching } = fakeHub();
    const q = new LiveQuery(hub, 'users', 'u1', async () => 'row');
    await q.next();
    const waiting = q.next();
    expect(watching()).toBe(1);
    await q.return();
    expect(await waiting).toEqual({ done: true, value: undefined });
    expect(watching()).toBe(0);
    change();
    expect(await q.next()).toEqual({ done: true, value: undefined });
  });

  it('ends with the error when a read after a change fails', async () => {
    const { hub, change, watching } = fakeHub();
    let fail = false;
    const q = new LiveQuery(hub, 'users', 'u1', async () => {
      if (fail) throw new Error('database gone');
      return 'row';
    });
    await q.next();
    const waiting = q.next();
    fail = true;
    change();
    await expect(waiting).rejects.toThrow('database gone');
    expect(watching()).toBe(0);
  });
});
