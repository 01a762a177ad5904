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
  /** Binders by number, so profiles and scores are arrays, not maps of strings. */
  private readonly ids: string[] = [];
  private readonly numbers = new Map<string, number>();
  /** token → binder number → weight: the profiles, stored as postings so an item only meets binders sharing a token. */
  private readonly postings = new Map<string, Map<number, number>>();
  /** The postings as arrays, made when first ranked with and dropped when learned into (faster to scan). */
  private readonly compiled = new Map<string, { binders: Int32Array; weights: Float64Array }>();
  private squares: number[] = [];
  private scores = new Float64Array(0);

  private numberOf(binderId: string): number {
    let n = this.numbers.get(binderId);
    if (n === undefined) {
      n = this.ids.length;
      this.ids.push(binderId);
      this.numbers.set(binderId, n);
      this.squares.push(0);
      this.scores = new Float64Array(this.ids.length);
    }
    return n;
  }

  learn(binderId: string, vector: Vector, weight: number): void {
    const b = this.numberOf(binderId);
    let squares = this.squares[b] ?? 0;
    for (const [token, x] of vector) {
      let byBinder = this.postings.get(token);
      if (!byBinder) {
        byBinder = new Map();
        this.postings.set(token, byBinder);
      }
      this.compiled.delete(token);
      const before = byBinder.get(b) ?? 0;
      const after = Math.max(0, before + x * weight);
      squares += after * after - before * before;
      if (after > 0) byBinder.set(b, after);
      else byBinder.delete(b);
    }
    this.squares[b] = Math.max(0, squares);
  }

  private postingOf(token: string) {
    let posting = this.compiled.get(token);
    if (!posting) {
      const byBinder = this.postings.get(token);
      if (!byBinder) return undefined;
      posting = { binders: Int32Array.from(byBinder.keys()), weights: Float64Array.from(byBinder.values()) };
      this.compiled.set(token, posting);
    }
    return posting;
  }

  /** The binders ranked by similarity to an item's vector, best first (ties by binder id). */
  rank(vector: Vector, limit = 3): Placement[] {
    const scores = this.scores;
    scores.fill(0);
    for (const [token, x] of vector) {
      const posting = this.postingOf(token);
      if (!posting) continue;
      const { binders, weights } = posting;
      for (let i = 0; i < binders.length; i += 1) {
        const b = binders[i] as number;
        scores[b] = (scores[b] ?? 0) + x * (weights[i] as number);
      }
    }
    // The best few by a partial selection: the binders are many, the answer is short.
    const best: Placement[] = [];
    for (let b = 0; b < scores.length; b += 1) {
      const sum = scores[b] ?? 0;
      if (sum <= 0) continue;
      const score = sum / Math.sqrt(this.squares[b] ?? 1);
      const binderId = this.ids[b] as string;
      if (best.length === limit) {
        const last = best[limit - 1] as Placement;
        if (score < last.score || (score === last.score && binderId > last.binderId)) continue;
        best.pop();
      }
      best.push({ binderId, score });
      best.sort((x, y) => y.score - x.score || (x.binderId < y.binderId ? -1 : 1));
    }
    return best;
  }

  /** Every binder's profile scaled to length 1, in one pass over the postings (for comparing groups with drawers). */
  all(): Map<string, Vector> {
    const profiles = new Map<string, Vector>(this.ids.map((id) => [id, new Map()]));
    for (const [token, byBinder] of this.postings) {
      for (const [b, w] of byBinder) {
        const length = Math.sqrt(this.squares[b] ?? 0);
        if (length > 0) profiles.get(this.ids[b] as string)?.set(token, w / length);
      }
    }
    return profiles;
  }
}
