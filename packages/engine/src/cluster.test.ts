import { describe, expect, it } from 'vitest';
import { agglomerate, chooseCut, cluster, cut, MAX_PAIRWISE } from './cluster.js';
import { seededRandom } from './random.js';
import type { SparseVector } from './vectors.js';

/** A vector of length 1 over the given token numbers, equally weighted. */
const vec = (...tokens: number[]): SparseVector => ({
  ids: Int32Array.from(tokens),
  values: Float64Array.from(tokens, () => 1 / Math.sqrt(tokens.length)),
});

const groups = (vectors: SparseVector[], at?: number) => cluster(vectors, at).map((c) => c.members);

/** `count` items of each of `topics` topics: each holds 3 of its topic's 6 words and 2 words from anywhere. */
function topics(count: number, topicCount: number, seed: number) {
  const random = seededRandom(seed);
  const vectors: SparseVector[] = [];
  const truth: number[] = [];
  for (let t = 0; t < topicCount; t += 1) {
    for (let i = 0; i < count; i += 1) {
      const own = [0, 1, 2, 3, 4, 5]
        .sort(() => random() - 0.5)
        .slice(0, 3)
        .map((w) => t * 10 + w);
      vectors.push(vec(...own, 1000 + Math.floor(random() * 300), 1000 + Math.floor(random() * 300)));
      truth.push(t);
    }
  }
  return { vectors, truth };
}

describe('cluster', () => {
  it('puts alike items together and keeps unrelated ones apart', () => {
    const vectors = [vec(1, 2, 3), vec(7, 8, 9), vec(1, 2, 4), vec(7, 8, 10), vec(1, 3, 4), vec(20, 21)];
    expect(groups(vectors)).toEqual([[0, 2, 4], [1, 3], [5]]);
  });

  it('merges groups by their average likeness: a cut keeps only merges at least that alike', () => {
    const merges = agglomerate([vec(1, 2), vec(1, 2), vec(1, 3), vec(9)]);
    expect(merges[0]).toMatchObject({ similarity: 1 });
    expect(cut(4, merges, 0.9)).toEqual([0, 0, 2, 3]);
    expect(cut(4, merges, 0.4)).toEqual([0, 0, 0, 3]);
    expect(cut(4, merges, 0)).toEqual([0, 0, 0, 0]);
  });

  it("chooses the cut on the desk's own binders, so new groups are as broad as the user's", () => {
    const known = topics(12, 4, 1);
    const { at, ari } = chooseCut(known.vectors, known.truth);
    expect(ari).toBeGreaterThan(0.8);
    // New topics, grouped at that cut, come out as the topics they are.
    const fresh = topics(10, 3, 2);
    const labels = new Map<number, number>();
    cluster(fresh.vectors, at).forEach((c, g) => {
      for (const m of c.members) labels.set(m, g);
    });
    const pairs = fresh.truth.flatMap((t, i) =>
      fresh.truth.slice(i + 1).map((u, j) => [t === u, labels.get(i) === labels.get(i + 1 + j)]),
    );
    const agree = pairs.filter(([same, together]) => same === together).length / pairs.length;
    expect(agree).toBeGreaterThan(0.9);
  });

  it('clusters a sample pairwise when there are many, the rest joining the nearest group', () => {
    const many = topics(Math.ceil((MAX_PAIRWISE * 1.5) / 3), 3, 3);
    const found = cluster(many.vectors, 0.2);
    expect(found.reduce((n, c) => n + c.members.length, 0)).toBe(many.vectors.length);
    const big = found.filter((c) => c.members.length > 50);
    expect(big).toHaveLength(3);
    for (const c of big) expect(new Set(c.members.map((m) => many.truth[m])).size).toBe(1);
  });

  it('answers the same groups for the same input, and none for none', () => {
    const vectors = Array.from({ length: 60 }, (_, i) => vec(i % 7, (i * 3) % 11, 20 + (i % 5)));
    expect(groups(vectors)).toEqual(groups(vectors));
    expect(cluster([])).toEqual([]);
  });
});
