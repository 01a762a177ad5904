import type { Features } from './features.js';

/** A sparse vector: token → weight. */
export type Vector = Map<string, number>;

/** Inverse document frequencies over a set of items' features (smoothed, so unseen tokens count most). */
export class Idf {
  private readonly df = new Map<string, number>();
  private docs = 0;

  add(features: Features): void {
    this.docs += 1;
    for (const token of features.keys()) this.df.set(token, (this.df.get(token) ?? 0) + 1);
  }

  weight(token: string): number {
    return Math.log((this.docs + 1) / ((this.df.get(token) ?? 0) + 1)) + 1;
  }

  /** The features weighted by rarity and scaled to length 1. */
  vector(features: Features): Vector {
    const v: Vector = new Map();
    let norm = 0;
    for (const [token, w] of features) {
      const x = w * this.weight(token);
      v.set(token, x);
      norm += x * x;
    }
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (const [token, x] of v) v.set(token, x * scale);
    return v;
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
