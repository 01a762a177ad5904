import type { SparseVector } from './vectors.js';

/**
 * How alike (average cosine between their items) two groups must be to merge, on a desk whose own
 * binders cannot say (fewer than two binders of two items): the cut on the synthetic tuning desk.
 */
export const DEFAULT_CUT = 0.1;
/** Items clustered pairwise at most (their similarities take n² / 2 floats); the rest join the nearest group. */
export const MAX_PAIRWISE = 500;

export interface Cluster {
  members: number[];
}

/** One merge of the dendrogram: the two groups (by their first item) and their average similarity. */
export interface Merge {
  a: number;
  b: number;
  similarity: number;
}

/** Cosine similarities of every pair (vectors of length 1), as a dense symmetric matrix. */
function similarities(vectors: SparseVector[]): Float32Array {
  const n = vectors.length;
  const s = new Float32Array(n * n);
  // Each vector in turn spread into a dense row over its own token numbers, compared with the later ones.
  const local = new Map<number, number>();
  for (const v of vectors) for (const id of v.ids) if (!local.has(id)) local.set(id, local.size);
  const dense = new Float64Array(local.size);
  const compact = vectors.map((v) => Int32Array.from(v.ids, (id) => local.get(id) as number));
  for (let i = 0; i < n; i += 1) {
    const a = vectors[i] as SparseVector;
    const ai = compact[i] as Int32Array;
    for (let t = 0; t < ai.length; t += 1) dense[ai[t] as number] = a.values[t] as number;
    for (let j = i + 1; j < n; j += 1) {
      const b = vectors[j] as SparseVector;
      const bj = compact[j] as Int32Array;
      let sum = 0;
      for (let t = 0; t < bj.length; t += 1)
        sum += (dense[bj[t] as number] as number) * (b.values[t] as number);
      s[i * n + j] = sum;
      s[j * n + i] = sum;
    }
    for (let t = 0; t < ai.length; t += 1) dense[ai[t] as number] = 0;
  }
  return s;
}

/**
 * Average-linkage agglomerative clustering by the nearest-neighbour chain (O(n²)): every item starts
 * alone, and the two groups whose items are most alike on average merge, until one is left. Answers
 * the merges in the order made; `cut` turns them into groups at a similarity. Deterministic.
 */
export function agglomerate(vectors: SparseVector[]): Merge[] {
  const n = vectors.length;
  const s = similarities(vectors);
  const size = new Int32Array(n).fill(1);
  const active = new Uint8Array(n).fill(1);
  const merges: Merge[] = [];
  const chain: number[] = [];
  let next = 0;
  for (let left = n; left > 1; ) {
    if (chain.length === 0) {
      while (!active[next]) next += 1;
      chain.push(next);
    }
    const a = chain[chain.length - 1] as number;
    const previous = chain.length > 1 ? (chain[chain.length - 2] as number) : -1;
    let b = -1;
    let best = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < n; k += 1) {
      if (!active[k] || k === a) continue;
      const x = s[a * n + k] as number;
      // Ties go to the chain's previous group, so the chain always ends in a mutual nearest pair.
      if (x > best || (x === best && k === previous)) {
        best = x;
        b = k;
      }
    }
    if (b !== previous) {
      chain.push(b);
      continue;
    }
    chain.length -= 2;
    const [keep, gone] = a < b ? [a, b] : [b, a];
    merges.push({ a: keep, b: gone, similarity: best });
    const na = size[keep] as number;
    const nb = size[gone] as number;
    for (let k = 0; k < n; k += 1) {
      if (!active[k] || k === keep || k === gone) continue;
      const x = (na * (s[keep * n + k] as number) + nb * (s[gone * n + k] as number)) / (na + nb);
      s[keep * n + k] = x;
      s[k * n + keep] = x;
    }
    size[keep] = na + nb;
    active[gone] = 0;
    left -= 1;
  }
  return merges;
}

/** Each item's group (the number of its first item) when only merges at least `at` alike are made. */
export function cut(n: number, merges: Merge[], at: number): number[] {
  const parent = Array.from({ length: n }, (_, i) => i);
  const find = (x: number): number => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x] as number] as number;
      x = parent[x] as number;
    }
    return x;
  };
  for (const m of merges) {
    if (m.similarity < at) continue;
    const [ra, rb] = [find(m.a), find(m.b)];
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }
  return Array.from({ length: n }, (_, i) => find(i));
}

/**
 * Groups vectors (each of length 1) so that groups average at least `at` alike: average-linkage
 * agglomeration of up to `MAX_PAIRWISE` of them (evenly spread), each other one joining the group whose
 * centre it is closest to (alone when none is `at` alike). Groups in order of their first member.
 */
export function cluster(vectors: SparseVector[], at = DEFAULT_CUT): Cluster[] {
  const n = vectors.length;
  const step = n > MAX_PAIRWISE ? n / MAX_PAIRWISE : 1;
  const sampled = step > 1 ? Array.from({ length: MAX_PAIRWISE }, (_, i) => Math.floor(i * step)) : null;
  const core = sampled ? sampled.map((i) => vectors[i] as SparseVector) : vectors;
  const labels = cut(core.length, agglomerate(core), at);
  const groups = new Map<number, number[]>();
  labels.forEach((label, i) => {
    const members = groups.get(label) ?? [];
    members.push(sampled ? (sampled[i] as number) : i);
    groups.set(label, members);
  });
  if (sampled) joinNearest(vectors, new Set(sampled), groups, at);
  return [...groups.values()]
    .map((members) => ({ members: members.sort((x, y) => x - y) }))
    .sort((x, y) => (x.members[0] as number) - (y.members[0] as number));
}

/** The items left out of the pairwise clustering join the group whose centre is most alike (or stay alone). */
function joinNearest(
  vectors: SparseVector[],
  clustered: Set<number>,
  groups: Map<number, number[]>,
  at: number,
) {
  const labels = [...groups.keys()];
  // The groups' centres (their items' mean) as postings: token → the groups holding it, with weights.
  const postings = new Map<number, { group: number; weight: number }[]>();
  labels.forEach((label, g) => {
    const members = groups.get(label) as number[];
    const centre = new Map<number, number>();
    for (const i of members) {
      const v = vectors[i] as SparseVector;
      for (let t = 0; t < v.ids.length; t += 1) {
        const id = v.ids[t] as number;
        centre.set(id, (centre.get(id) ?? 0) + (v.values[t] as number) / members.length);
      }
    }
    for (const [id, weight] of centre) {
      const list = postings.get(id);
      if (list) list.push({ group: g, weight });
      else postings.set(id, [{ group: g, weight }]);
    }
  });
  const scores = new Float64Array(labels.length);
  let alone = -1;
  vectors.forEach((v, i) => {
    if (clustered.has(i)) return;
    scores.fill(0);
    // The mean similarity to a group's items is the dot product with their mean.
    for (let t = 0; t < v.ids.length; t += 1) {
      for (const { group, weight } of postings.get(v.ids[t] as number) ?? []) {
        scores[group] = (scores[group] as number) + weight * (v.values[t] as number);
      }
    }
    let best = -1;
    for (let g = 0; g < scores.length; g += 1) {
      if ((scores[g] as number) >= at && (best < 0 || (scores[g] as number) > (scores[best] as number)))
        best = g;
    }
    if (best < 0) groups.set(alone--, [i]);
    else (groups.get(labels[best] as number) as number[]).push(i);
  });
}

/**
 * The cut that groups the given items most as they are truly grouped (adjusted Rand index against
 * `truth`, an item's binder): the desk's own binders show how broad its groups are, so new groups
 * are cut alike. Every merge's similarity is tried, the index kept up to date merge by merge.
 */
export function chooseCut(vectors: SparseVector[], truth: number[]): { at: number; ari: number } {
  const n = vectors.length;
  const pairs = (x: number) => (x * (x - 1)) / 2;
  const sizes = new Map<number, number>();
  for (const t of truth) sizes.set(t, (sizes.get(t) ?? 0) + 1);
  const truePairs = [...sizes.values()].reduce((s, x) => s + pairs(x), 0);
  const all = pairs(n);
  const ari = (predicted: number, both: number) => {
    const expected = (truePairs * predicted) / all;
    const max = (truePairs + predicted) / 2;
    return max === expected ? 0 : (both - expected) / (max - expected);
  };
  // Each group's count per true binder, merged smaller into larger.
  const counts = truth.map((t) => new Map([[t, 1]]));
  const size = new Int32Array(n).fill(1);
  const parent = Array.from({ length: n }, (_, i) => i);
  const find = (x: number): number => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x] as number] as number;
      x = parent[x] as number;
    }
    return x;
  };
  let predicted = 0;
  let both = 0;
  let best = { at: DEFAULT_CUT, ari: Number.NEGATIVE_INFINITY };
  const merges = agglomerate(vectors).sort((x, y) => y.similarity - x.similarity);
  merges.forEach((m, i) => {
    let [ra, rb] = [find(m.a), find(m.b)];
    if (ra === rb) return;
    if ((counts[ra] as Map<number, number>).size < (counts[rb] as Map<number, number>).size)
      [ra, rb] = [rb, ra];
    const into = counts[ra] as Map<number, number>;
    for (const [t, c] of counts[rb] as Map<number, number>) {
      both += c * (into.get(t) ?? 0);
      into.set(t, (into.get(t) ?? 0) + c);
    }
    predicted += (size[ra] as number) * (size[rb] as number);
    size[ra] = (size[ra] as number) + (size[rb] as number);
    parent[rb] = ra;
    // A cut between this merge and the next keeps exactly the merges made so far.
    const nextSimilarity = merges[i + 1]?.similarity ?? 0;
    if (nextSimilarity === m.similarity) return;
    const score = ari(predicted, both);
    if (score > best.ari) best = { at: (m.similarity + nextSimilarity) / 2, ari: score };
  });
  return best;
}
