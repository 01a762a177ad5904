import type { Features } from './features.js';

/** A sparse vector: token → weight (for groups and drawers, which are few). */
export type Vector = Map<string, number>;

/** A sparse vector over numbered tokens: parallel arrays (for items and binders, which are many). */
export interface SparseVector {
  ids: Int32Array;
  values: Float64Array;
}

/** Tokens numbered in the order first seen, so profiles and counts are arrays, not maps of strings. */
export class Vocabulary {
  private readonly numbers = new Map<string, number>();
  readonly tokens: string[] = [];

  id(token: string): number {
    let n = this.numbers.get(token);
    if (n === undefined) {
      n = this.tokens.length;
      this.tokens.push(token);
      this.numbers.set(token, n);
    }
    return n;
  }

  find(token: string): number | undefined {
    return this.numbers.get(token);
  }
}

/** Inverse document frequencies over a set of items' features (smoothed, so unseen tokens count most). */
export class Idf {
  readonly vocabulary = new Vocabulary();
  private readonly df: number[] = [];
  private docs = 0;

  /** Counts an item's tokens; answers them numbered, in the features' order. */
  add(features: Features): Int32Array {
    this.docs += 1;
    const ids = this.idsOf(features);
    for (const id of ids) this.df[id] = (this.df[id] ?? 0) + 1;
    return ids;
  }

  private idsOf(features: Features): Int32Array {
    const ids = new Int32Array(features.size);
    let i = 0;
    for (const token of features.keys()) ids[i++] = this.vocabulary.id(token);
    return ids;
  }

  private weightOf(id: number | undefined): number {
    return Math.log((this.docs + 1) / ((id === undefined ? 0 : (this.df[id] ?? 0)) + 1)) + 1;
  }

  weight(token: string): number {
    return this.weightOf(this.vocabulary.find(token));
  }

  /** Counted features (`ids` with their `raw` weights) weighted by rarity and scaled to length 1. */
  weighted(ids: Int32Array, raw: ArrayLike<number>): SparseVector {
    const values = new Float64Array(ids.length);
    let norm = 0;
    for (let i = 0; i < ids.length; i += 1) {
      const x = (raw[i] as number) * this.weightOf(ids[i]);
      values[i] = x;
      norm += x * x;
    }
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (let i = 0; i < values.length; i += 1) values[i] = (values[i] as number) * scale;
    return { ids, values };
  }

  /** The features weighted by rarity and scaled to length 1. */
  vector(features: Features): SparseVector {
    return this.weighted(this.idsOf(features), Float64Array.from(features.values()));
  }

  /** A sparse vector as a token map. */
  toMap(v: SparseVector): Vector {
    const map: Vector = new Map();
    for (let i = 0; i < v.ids.length; i += 1) {
      map.set(this.vocabulary.tokens[v.ids[i] as number] as string, v.values[i] as number);
    }
    return map;
  }
}

export function dot(a: Vector, b: Vector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let sum = 0;
  for (const [token, x] of small) sum += x * (large.get(token) ?? 0);
  return sum;
}

export function norm(v: Vector): number {
  let sum = 0;
  for (const x of v.values()) sum += x * x;
  return Math.sqrt(sum);
}

/** `into += scale × v`. */
export function addScaled(into: Vector, v: Vector, scale: number): void {
  for (const [token, x] of v) into.set(token, (into.get(token) ?? 0) + x * scale);
}
