import type { SparseVector, Vector } from './vectors.js';

/**
 * Tokens a binder's profile keeps at most when trained at once (`learnAll`), and all binders' at
 * most together (with many binders each keeps fewer, so an item meets a bounded number of them).
 */
export const PROFILE_TOKENS = 300;
export const ALL_PROFILE_TOKENS = 20_000;

export interface Placement {
  binderId: string;
  /** Cosine similarity of the item to the binder's profile, 0–1. */
  score: number;
}

/**
 * One profile per binder: the sum of its items' vectors, each weighted by how much it counts (an
 * item the user put there more than one found there). Scores are cosines against the profile, so a
 * binder's size does not make it win: a big binder's profile is longer, not closer. Learning one item
 * is adding its vector (incremental); a dismissal subtracts, never below zero per token.
 */
export class BinderProfiles {
  /** Binders by number, so profiles and scores are arrays, not maps of strings. */
  private readonly ids: string[] = [];
  private readonly numbers = new Map<string, number>();
  /**
   * The profiles as postings, by token number: the binders holding the token and their weights, so
   * an item only meets the binders sharing one of its tokens.
   */
  private readonly postingBinders: number[][] = [];
  private readonly postingWeights: number[][] = [];
  /**
   * Tokens most binders hold (common words on a large desk) as dense rows by binder number instead:
   * read straight through when ranking, about a quarter faster than postings, and updated in place.
   */
  private readonly rows: (Float64Array | undefined)[] = [];
  /** The length of the dense rows (room for this many binders). */
  private rowSize = 64;
  /** Each binder's squared length. */
  private readonly squares: number[] = [];
  private scores = new Float64Array(0);
  /** A dense row reused while a binder's items are summed (training). */
  private scratch = new Float64Array(0);
  /** Tokens a profile keeps when trained at once. */
  private keep = PROFILE_TOKENS;

  private numberOf(binderId: string): number {
    let n = this.numbers.get(binderId);
    if (n === undefined) {
      n = this.ids.length;
      this.ids.push(binderId);
      this.numbers.set(binderId, n);
      this.squares.push(0);
      this.scores = new Float64Array(this.ids.length);
      if (this.ids.length > this.rowSize) this.growRows();
    }
    return n;
  }

  private growRows(): void {
    this.rowSize *= 2;
    this.rows.forEach((row, token) => {
      if (!row) return;
      const bigger = new Float64Array(this.rowSize);
      bigger.set(row);
      this.rows[token] = bigger;
    });
  }

  /** Turns a token's postings into a dense row once more than a quarter of the binders (and 16) hold it. */
  private densifyIfCommon(token: number): void {
    const binders = this.postingBinders[token] as number[];
    if (binders.length <= Math.max(16, this.ids.length / 4)) return;
    const weights = this.postingWeights[token] as number[];
    const row = new Float64Array(this.rowSize);
    binders.forEach((b, i) => {
      row[b] = weights[i] as number;
    });
    this.rows[token] = row;
    this.postingBinders[token] = [];
    this.postingWeights[token] = [];
  }

  private reach(token: number): void {
    while (this.postingBinders.length <= token) {
      this.postingBinders.push([]);
      this.postingWeights.push([]);
      this.rows.push(undefined);
    }
  }

  /** Adds `weight ×` an item's vector to the binder's profile (a weight below zero takes away). */
  learn(binderId: string, vector: SparseVector, weight: number): void {
    const b = this.numberOf(binderId);
    let squares = this.squares[b] ?? 0;
    const { ids, values } = vector;
    for (let t = 0; t < ids.length; t += 1) {
      const token = ids[t] as number;
      this.reach(token);
      const row = this.rows[token];
      if (row) {
        const before = row[b] as number;
        const after = Math.max(0, before + (values[t] as number) * weight);
        row[b] = after;
        squares += after * after - before * before;
        continue;
      }
      const binders = this.postingBinders[token] as number[];
      const weights = this.postingWeights[token] as number[];
      const at = binders.indexOf(b);
      const before = at < 0 ? 0 : (weights[at] as number);
      const after = Math.max(0, before + (values[t] as number) * weight);
      squares += after * after - before * before;
      if (at < 0) {
        if (after > 0) {
          binders.push(b);
          weights.push(after);
          this.densifyIfCommon(token);
        }
      } else if (after > 0) {
        weights[at] = after;
      } else {
        binders[at] = binders[binders.length - 1] as number;
        weights[at] = weights[weights.length - 1] as number;
        binders.pop();
        weights.pop();
      }
    }
    this.squares[b] = Math.max(0, squares);
  }

  /**
   * Learns a binder's items at once (training): summed in a dense row, then written to the
   * postings, with no lookups per token. For a binder not learned into before; else as `learn`.
   * Each item is read once, in turn, so its vector may be a scratch the next one reuses.
   */
  learnAll(binderId: string, items: Iterable<{ vector: SparseVector; weight: number }>): void {
    const known = this.numbers.has(binderId);
    const b = this.numberOf(binderId);
    if (known && (this.squares[b] ?? 0) > 0) {
      for (const { vector, weight } of items) this.learn(binderId, vector, weight);
      return;
    }
    const touched: number[] = [];
    let row: Float64Array = this.scratch;
    for (const { vector, weight } of items) {
      const { ids, values } = vector;
      for (const token of ids) if (token >= row.length) row = this.grow(token + 1);
      for (let t = 0; t < ids.length; t += 1) {
        const token = ids[t] as number;
        if (row[token] === 0) touched.push(token);
        row[token] = (row[token] as number) + (values[t] as number) * weight;
      }
    }
    // Only the binder's heaviest tokens are kept: they say what it is about, and an item then meets
    // each binder through a few hundred tokens, not every word its items ever held.
    const least =
      touched.length > this.keep
        ? nthLargest(
            Float64Array.from(touched, (token) => row[token] as number),
            this.keep,
          )
        : 0;
    let squares = 0;
    for (const token of touched) {
      const w = row[token] as number;
      row[token] = 0;
      if (w <= 0 || w < least) continue;
      this.reach(token);
      squares += w * w;
      const dense = this.rows[token];
      if (dense) {
        dense[b] = w;
        continue;
      }
      (this.postingBinders[token] as number[]).push(b);
      (this.postingWeights[token] as number[]).push(w);
      this.densifyIfCommon(token);
    }
    this.squares[b] = squares;
  }

  private grow(size: number): Float64Array {
    const bigger = new Float64Array(Math.max(size, this.scratch.length * 2, 1024));
    bigger.set(this.scratch);
    this.scratch = bigger;
    return bigger;
  }

  /** Whether a binder's profile holds anything yet. */
  has(binderId: string): boolean {
    const b = this.numbers.get(binderId);
    return b !== undefined && (this.squares[b] ?? 0) > 0;
  }

  /** Numbers binders `0`…`count − 1` as themselves (named by their number), so `write` fills rows by number. */
  static numbered(count: number): BinderProfiles {
    const profiles = new BinderProfiles();
    profiles.keep = Math.max(
      100,
      Math.min(PROFILE_TOKENS, Math.floor(ALL_PROFILE_TOKENS / Math.max(1, count))),
    );
    for (let b = 0; b < count; b += 1) profiles.numberOf(String(b));
    return profiles;
  }

  /** Every binder's similarity to an item's vector, by binder number, into `out`. */
  write(vector: SparseVector, out: Float64Array): Float64Array {
    out.fill(0);
    const count = this.ids.length;
    for (let t = 0; t < vector.ids.length; t += 1) {
      const token = vector.ids[t] as number;
      const x = vector.values[t] as number;
      const row = this.rows[token];
      if (row) {
        for (let b = 0; b < count; b += 1) out[b] = (out[b] as number) + x * (row[b] as number);
        continue;
      }
      const binders = this.postingBinders[token];
      if (!binders) continue;
      const weights = this.postingWeights[token] as number[];
      for (let i = 0; i < binders.length; i += 1) {
        const b = binders[i] as number;
        out[b] = (out[b] as number) + x * (weights[i] as number);
      }
    }
    for (let b = 0; b < count; b += 1) {
      const sum = out[b] as number;
      out[b] = sum > 0 ? sum / Math.sqrt(this.squares[b] || 1) : 0;
    }
    return out;
  }

  /** The binders ranked by similarity to an item's vector (plus `extra` per binder), best first (ties by binder id). */
  rank(vector: SparseVector, limit = 3, extra?: Map<string, number>): Placement[] {
    const scores = this.write(vector, this.scores);
    for (const [binderId, x] of extra ?? []) {
      const b = this.numbers.get(binderId);
      if (b !== undefined) scores[b] = (scores[b] as number) + x;
    }
    // The best few by a partial selection: the binders are many, the answer is short.
    const best: Placement[] = [];
    for (let b = 0; b < scores.length; b += 1) {
      const score = scores[b] as number;
      if (score <= 0) continue;
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

  /**
   * Every binder's profile scaled to length 1, by token number, in one pass over the postings (for
   * comparing groups with drawers).
   */
  all(): Map<string, Vector<number>> {
    const profiles = new Map<string, Vector<number>>(this.ids.map((id) => [id, new Map()]));
    const set = (b: number, token: number, weight: number) => {
      const length = Math.sqrt(this.squares[b] ?? 0);
      if (length > 0 && weight > 0) profiles.get(this.ids[b] as string)?.set(token, weight / length);
    };
    this.postingBinders.forEach((binders, t) => {
      const weights = this.postingWeights[t] as number[];
      binders.forEach((b, i) => {
        set(b, t, weights[i] as number);
      });
      const row = this.rows[t];
      if (row) for (let b = 0; b < this.ids.length; b += 1) set(b, t, row[b] as number);
    });
    return profiles;
  }
}

/** The `n`-th largest of the values (quickselect; the array is reordered). */
export function nthLargest(values: Float64Array, n: number): number {
  let lo = 0;
  let hi = values.length - 1;
  const k = n - 1;
  while (lo < hi) {
    const pivot = values[(lo + hi) >> 1] as number;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while ((values[i] as number) > pivot) i += 1;
      while ((values[j] as number) < pivot) j -= 1;
      if (i <= j) {
        const t = values[i] as number;
        values[i] = values[j] as number;
        values[j] = t;
        i += 1;
        j -= 1;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else break;
  }
  return values[k] as number;
}
