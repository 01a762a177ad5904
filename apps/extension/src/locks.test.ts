import { describe, expect, it } from 'vitest';
import { localLocks } from './locks';

describe('local locks', () => {
  it('run the tasks of one name one after the other, even when one fails', async () => {
    const locks = localLocks();
    const order: string[] = [];
    const task =
      (name: string, fail = false) =>
      async () => {
        order.push(`${name} starts`);
        await new Promise((resolve) => setTimeout(resolve, 1));
        order.push(`${name} ends`);
        if (fail) throw new Error(name);
      };
    const results = await Promise.allSettled([locks.run('q', task('a', true)), locks.run('q', task('b'))]);
    expect(order).toEqual(['a starts', 'a ends', 'b starts', 'b ends']);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled']);
  });
});
