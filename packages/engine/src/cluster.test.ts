import { describe, expect, it } from 'vitest';
import { cluster } from './cluster.js';
import type { SparseVector } from './vectors.js';

/** A vector of length 1 over the given token numbers, equally weighted. */
const vec = (...tokens: number[]): SparseVector => ({
  ids: Int32Array.from(tokens),
  values: Float64Array.from(tokens, () => 1 / Math.sqrt(tokens.length)),
});

const groups = (vectors: SparseVector[], threshold?: number) =>
  cluster(vectors, threshold)
    .map((c) => c.members)
    .sort((a, b) => (a[0] as number) - (b[0] as number));

describe('cluster', () => {
  it('puts alike items together and keeps unrelated ones apart', () => {
    const vectors = [vec(1, 2, 3), vec(7, 8, 9), vec(1, 2, 4), vec(7, 8, 10), vec(1, 3, 4), vec(20, 21)];
    expect(groups(vectors)).toEqual([[0, 2, 4], [1, 3], [5]]);
  });

  it('gives each group the sum of its members as its centre', () => {
    const [c] = cluster([vec(1, 2), vec(1, 3)]);
    expect([...(c?.centre ?? [])].sort((a, b) => a[0] - b[0])).toEqual([
      [1, 2 / Math.sqrt(2)],
      [2, 1 / Math.sqrt(2)],
      [3, 1 / Math.sqrt(2)],
    ]);
  });

  it('lets an item move to the group it fits best once the groups have formed', () => {
    // Item 1 joins item 0 first (cosine 0.41, the only group then); once 2 and 3 form a group it
    // fits better (0.5), it moves there.
    const vectors = [vec(1, 2, 4), vec(4, 5), vec(5, 9), vec(5, 9)];
    expect(groups(vectors, 0.35)).toEqual([[0], [1, 2, 3]]);
  });

  it('answers the same groups for the same input, and none for none', () => {
    const vectors = Array.from({ length: 60 }, (_, i) => vec(i % 7, (i * 3) % 11, 20 + (i % 5)));
    expect(groups(vectors)).toEqual(groups(vectors));
    expect(cluster([])).toEqual([]);
  });
});
