import type { Vector } from './vectors.js';

/** How much one item counts for its binder: as found on the desk, and when the user put it there. */
export const EVIDENCE = { filed: 1, confirmed: 2, dismissed: -0.5 } as const;

export interface Placement {
  binderId: string;
  /** Cosine similarity of the item to the binder's profile, 0–1. */
  score: number;
}

/**
 * One profile per binder: the sum of its items' vectors, each weighted by the evidence for it
 * (`EVIDENCE`). Scores are cosines against the profile, so a binder's size does not make it win: a
 * big binder's profile is longer, not closer. Learning one item is adding its vector (incremental);
 * a dismissal subtracts, never below zero per token.
 */
export class BinderProfiles {
  /** token → binder → weight: the profiles, stored as postings so an item only meets binders sharing a token. */
  private readonly postings = new Map<string, Map<string, number>>();
  private readonly squares = new Map<string, number>();

  learn(binderId: string, vector: Vector, weight: number): void {
    let squares = this.squares.get(binderId) ?? 0;
    for (const [token, x] of vector) {
      let byBinder = this.postings.get(token);
      if (!byBinder) {
        byBinder = new Map();
        this.postings.set(token, byBinder);
      }
      const before = byBinder.get(binderId) ?? 0;
      const after = Math.max(0, before + x * weight);
      squares += after * after - before * before;
      if (after > 0) byBinder.set(binderId, after);
      else byBinder.delete(binderId);
    }
    this.squares.set(binderId, Math.max(0, squares));
  }

  /** The binders ranked by similarity to an item's vector, best first (ties by binder id). */
  rank(vector: Vector, limit = 3): Placement[] {
    const sums = new Map<string, number>();
    for (const [token, x] of vector) {
      const byBinder = this.postings.get(token);
      if (!byBinder) continue;
      for (const [binderId, w] of byBinder) sums.set(binderId, (sums.get(binderId) ?? 0) + x * w);
    }
    const placements: Placement[] = [];
    for (const [binderId, sum] of sums) {
      const length = Math.sqrt(this.squares.get(binderId) ?? 0);
      if (length > 0) placements.push({ binderId, score: sum / length });
    }
    placements.sort((a, b) => b.score - a.score || (a.binderId < b.binderId ? -1 : 1));
    return placements.slice(0, limit);
  }

  /** A binder's profile scaled to length 1 (for comparing groups of items with binders). */
  profile(binderId: string): Vector {
    const length = Math.sqrt(this.squares.get(binderId) ?? 0);
    const v: Vector = new Map();
    if (length === 0) return v;
    for (const [token, byBinder] of this.postings) {
      const w = byBinder.get(binderId);
      if (w) v.set(token, w / length);
    }
    return v;
  }
}
