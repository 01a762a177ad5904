import { extractFeatures, type FeatureSink, type Features } from './features.js';
import type { EngineItem } from './types.js';
import type { Vocabulary } from './vectors.js';

/** An item's features as numbered tokens with their raw weights, in the order `featuresOf` gives them. */
export interface CountedItem {
  ids: Int32Array;
  raw: Float64Array;
}

/**
 * Counts items' features straight into numbered tokens, in dense rows reused from item to item: no
 * map per item, and each word's token string made once (a large desk has millions of words).
 */
export class TokenCounter implements FeatureSink {
  private weights = new Float64Array(1024);
  private repeats = new Int32Array(1024);
  private readonly touched: number[] = [];
  private readonly inCall: number[] = [];

  constructor(private readonly vocabulary: Vocabulary) {}

  private reach(id: number): void {
    if (id < this.weights.length) return;
    const size = Math.max(id + 1, this.weights.length * 2);
    const weights = new Float64Array(size);
    weights.set(this.weights);
    this.weights = weights;
    const repeats = new Int32Array(size);
    repeats.set(this.repeats);
    this.repeats = repeats;
  }

  private bump(id: number, weight: number): void {
    this.reach(id);
    if (this.weights[id] === 0) this.touched.push(id);
    this.weights[id] = (this.weights[id] as number) + weight;
  }

  add(token: string, weight: number): void {
    this.bump(this.vocabulary.id(token), weight);
  }

  addWords(words: string[], weight: number): void {
    for (const word of words) {
      const id = this.vocabulary.word(word);
      this.reach(id);
      if (this.repeats[id] === 0) this.inCall.push(id);
      this.repeats[id] = (this.repeats[id] as number) + 1;
    }
    for (const id of this.inCall) {
      const n = this.repeats[id] as number;
      this.repeats[id] = 0;
      this.bump(id, n === 1 ? weight : weight * (1 + Math.log(n)));
    }
    this.inCall.length = 0;
  }

  count(item: EngineItem): CountedItem {
    extractFeatures(item, this);
    const ids = Int32Array.from(this.touched);
    const raw = new Float64Array(ids.length);
    for (let i = 0; i < ids.length; i += 1) {
      const id = ids[i] as number;
      raw[i] = this.weights[id] as number;
      this.weights[id] = 0;
    }
    this.touched.length = 0;
    return { ids, raw };
  }

  /** Counted features as a token map (what naming reads). */
  features({ ids, raw }: CountedItem): Features {
    const f: Features = new Map();
    for (let i = 0; i < ids.length; i += 1) {
      f.set(this.vocabulary.tokens[ids[i] as number] as string, raw[i] as number);
    }
    return f;
  }
}
